import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@/testing/fake-event-source.ts';
import { accountOf, adminSession } from '@/testing/fixtures.ts';
import { json, sessionHandler, mockApi, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { useLiveEvent, useLiveEvents } from './live-events.ts';
import { createQueryClient } from './query-client.ts';

function installEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

function openStreams() {
  return FakeEventSource.instances.filter((source) => source.readyState !== FakeEventSource.CLOSED);
}

const accountChanged: LiveEvent = {
  id: '41',
  topic: 'account',
  action: 'updated',
  recordId: adminSession.user.id,
  zoneId: null,
  at: '2025-01-01T00:00:00.000Z',
};

describe('live events', () => {
  it('opens one stream once signed in and refreshes the queries of the event topic', async () => {
    installEventSource();
    let name = 'Arjun Admin';
    const api = mockApi({
      'GET /api/auth/session': () =>
        json(200, { session: { ...adminSession, user: { ...adminSession.user, name } } }),
      'GET /api/account': () => json(200, { ...accountOf(adminSession), name }),
    });
    renderApp('/account');

    expect(await screen.findByLabelText('Name')).toHaveValue('Arjun Admin');
    expect(openStreams()).toHaveLength(1);
    expect(openStreams()[0]?.url).toBe('/api/events');
    const accountReads = api.callsTo('GET /api/account').length;

    name = 'Arjun Kumar';
    act(() => openStreams()[0]?.send(accountChanged));

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Arjun Kumar'));
    expect(api.callsTo('GET /api/account').length).toBe(accountReads + 1);
    // The account topic also changes the session: the greeting follows.
    expect(await screen.findByText('Hello, Arjun Kumar')).toBeInTheDocument();
  });

  it('ignores messages that are not live events', async () => {
    installEventSource();
    let name = 'Arjun Admin';
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'GET /api/account': () => json(200, { ...accountOf(adminSession), name }),
    });
    renderApp('/account');
    expect(await screen.findByLabelText('Name')).toHaveValue('Arjun Admin');
    expect(openStreams()).toHaveLength(1);
    const source = openStreams()[0]!;
    const reads = () => api.callsTo('GET /api/account').length;
    const before = reads();

    act(() => {
      source.onmessage?.(new MessageEvent('message', { data: 'not json' }));
      source.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ topic: 'nope' }) }));
      source.onmessage?.(new MessageEvent('message', { data: JSON.stringify(['account']) }));
    });
    // A real event of the same stream after them is followed: once its read is shown, one the others
    // made would have been asked before it. It is the only one.
    name = 'Arjun Kumar';
    act(() => source.send(accountChanged));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Arjun Kumar'));
    expect(reads()).toBe(before + 1);
  });

  it('opens no stream for a signed-out user', async () => {
    installEventSource();
    mockApi({ 'GET /api/auth/session': sessionHandler(null) });
    renderApp('/sign-in');

    await screen.findByRole('button', { name: 'Sign in now' });
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('closes the stream before signing out', async () => {
    installEventSource();
    let streamOpenAtSignOut: boolean | undefined;
    mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'POST /api/auth/sign-out': () => {
        streamOpenAtSignOut = openStreams().length > 0;
        return noContent();
      },
    });
    const { user } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await screen.findByRole('button', { name: 'Sign in now' });
    expect(streamOpenAtSignOut).toBe(false);
    expect(openStreams()).toHaveLength(0);
  });

  it('checks the session when the server refuses the stream, and signs out on a 401', async () => {
    installEventSource();
    let signedIn = true;
    mockApi({ 'GET /api/auth/session': (call) => sessionHandler(signedIn ? adminSession : null)(call) });
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });

    signedIn = false;
    act(() => openStreams()[0]?.refuse());

    expect(await screen.findByRole('button', { name: 'Sign in now' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(openStreams()).toHaveLength(0);
  });

  it('hands every event to the screens that listen for them', () => {
    installEventSource();
    const seen: LiveEvent[] = [];
    function Listener() {
      useLiveEvents();
      useLiveEvent((event) => seen.push(event));
      return null;
    }
    const view = render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <Listener />
      </QueryClientProvider>,
    );

    const newOrder: LiveEvent = {
      ...accountChanged,
      id: '42',
      topic: 'orders',
      action: 'created',
      recordId: 'o1',
    };
    expect(openStreams()).toHaveLength(1);
    const source = openStreams()[0]!;
    act(() => {
      // What is not a live event reaches no screen: not JSON, an unknown topic, no topic at all.
      source.onmessage?.(new MessageEvent('message', { data: 'not json' }));
      source.onmessage?.(
        new MessageEvent('message', { data: JSON.stringify({ ...newOrder, topic: 'nope' }) }),
      );
      source.onmessage?.(new MessageEvent('message', { data: JSON.stringify(['orders']) }));
      source.send(newOrder);
    });
    expect(seen).toEqual([newOrder]);

    view.unmount();
    expect(openStreams()).toHaveLength(0);
  });
});
