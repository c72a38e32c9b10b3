import { messages } from '@storedesk/shared/messages';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountOf, adminSession } from '@/testing/fixtures.ts';
import { json, mockApi, networkFailure, sessionHandler } from '@/testing/mock-api.ts';
import { FakeEventSource } from '@/testing/fake-event-source.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';

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

beforeAll(() => loadScreensOf('/dashboard', '/account'), LOADING_SCREENS_MS);

describe('losing the connection', () => {
  it('says so while offline, and once the connection is back goes and reloads what the screen shows', async () => {
    const api = mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
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
    const save = await screen.findByRole('button', { name: 'Save details' });

    goOnline(false);
    await user.click(save);

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.offline);
    expect(api.callsTo('PATCH /api/account')).toHaveLength(1);
    const offline = screen.getByText(/You're offline\. Nothing can be saved until the connection is back/);
    goOnline(true);
    // The banner going is the sign the page has heard it is back online: a save to be sent again would be by then.
    await waitFor(() => expect(offline).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /api/account')).toHaveLength(1);
  });

  it('says when live updates have been down for 5 s, reloads the lists on request, and goes when they are back', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const stream = FakeEventSource.instances.at(-1)!;
    act(() => stream.open());

    // The clock is the test's from here: what the banner does at 4.99 s and at 5 s is exact, however
    // loaded the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let banner: HTMLElement;
    try {
      act(() => stream.drop());
      // A timer may fire before Date.now() shows its delay passed (Node's do, by a millisecond):
      // the clock lagging 5 ms behind the banner's timer must not keep the banner away.
      const clock = Date.now.bind(Date);
      vi.spyOn(Date, 'now').mockImplementation(() => clock() - 5);
      // A reconnect that takes a moment is not worth a word.
      act(() => vi.advanceTimersByTime(4_990));
      expect(screen.queryByText(/Live updates are paused/)).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(10));
      banner = screen.getByText(/Live updates are paused while Storedesk reconnects/);
    } finally {
      vi.useRealTimers();
    }
    const reads = api.callsTo('GET /api/dashboard').length;
    await user.click(screen.getByRole('button', { name: 'Reload lists' }));
    await waitFor(() => expect(api.callsTo('GET /api/dashboard')).toHaveLength(reads + 1));

    act(() => stream.open());
    await waitFor(() => expect(banner).not.toBeInTheDocument());
  });
});
