import { messages } from '@storedesk/shared/messages';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountOf, adminSession } from '../../testing/fixtures.ts';
import { json, mockApi, networkFailure, sessionHandler } from '../../testing/mock-api.ts';
import { FakeEventSource } from '../../testing/fake-event-source.ts';
import { renderApp } from '../../testing/render-app.tsx';

/** The browser going offline or back online, as it tells the page. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  // Back online for the next test: TanStack Query keeps the browser's last word for the whole run.
  goOnline(true);
  vi.restoreAllMocks();
});

const firstRender = { timeout: 10_000 };

describe('losing the connection', () => {
  it('says so while offline, and once the connection is back goes and reloads what the screen shows', async () => {
    const api = mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, firstRender);
    expect(screen.queryByText(/You're offline/)).not.toBeInTheDocument();

    goOnline(false);
    const banner = await screen.findByText(
      /You're offline\. Nothing can be saved until the connection is back/,
    );
    const reads = api.callsTo('GET /api/dashboard').length;

    goOnline(true);
    await waitFor(() => expect(banner).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET /api/dashboard')).toHaveLength(reads + 1));
  });

  it('a save made offline fails at once and says why; it is not sent again once back online', async () => {
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'GET /api/account': () => json(200, accountOf(adminSession, 3)),
      'PATCH /api/account': networkFailure,
    });
    const { user } = renderApp('/account');
    const save = await screen.findByRole('button', { name: 'Save details' }, firstRender);

    goOnline(false);
    await user.click(save);

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.offline);
    expect(api.callsTo('PATCH /api/account')).toHaveLength(1);
    goOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.callsTo('PATCH /api/account')).toHaveLength(1);
  });

  it('says when live updates have been down for 5 s, reloads the lists on request, and goes when they are back', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, firstRender);
    const stream = FakeEventSource.instances.at(-1)!;
    act(() => stream.open());

    act(() => stream.drop());
    // A timer may fire before Date.now() shows its delay passed (Node's do, by a millisecond):
    // the clock lagging 5 ms behind the banner's timer must not keep the banner away.
    const clock = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => clock() - 5);
    // A reconnect that takes a moment is not worth a word.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.queryByText(/Live updates are paused/)).not.toBeInTheDocument();
    const banner = await screen.findByText(
      /Live updates are paused while Storedesk reconnects/,
      {},
      // 5 s after the drop, with room for a loaded machine.
      { timeout: 10_000 },
    );
    const reads = api.callsTo('GET /api/dashboard').length;
    await user.click(screen.getByRole('button', { name: 'Reload lists' }));
    await waitFor(() => expect(api.callsTo('GET /api/dashboard')).toHaveLength(reads + 1));

    act(() => stream.open());
    await waitFor(() => expect(banner).not.toBeInTheDocument());
  });
});
