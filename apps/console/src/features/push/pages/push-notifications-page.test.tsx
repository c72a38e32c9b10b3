import { messages } from '@storedesk/shared/messages';
import type { PushNotification, PushNotificationInput } from '@storedesk/shared/push/schemas';
import { pushMessages } from '@storedesk/shared/push/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { adminSession, ownerSession, withBusiness } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';
import en from '@/i18n/en.json';

const sent: PushNotification = {
  id: 'a0000000-0000-4000-8000-000000000001',
  title: 'Fresh mangoes',
  message: 'Alphonso mangoes are in.\nOrder before noon!',
  sentByName: 'Olivia Owner',
  // 23/11/2025 01:36 in India, still 22/11 in UTC.
  createdAt: '2025-11-22T20:06:00.000Z',
  total: 4,
  delivered: 3,
  failed: 1,
  status: 'sent',
  finishedAt: '2025-11-22T20:06:02.000Z',
};
const sending: PushNotification = {
  ...sent,
  id: 'a0000000-0000-4000-8000-000000000002',
  title: 'Weekend sale',
  message: '20% off on fruits',
  createdAt: '2025-11-23T04:30:00.000Z',
  total: 1000,
  delivered: 250,
  failed: 0,
  status: 'sending',
  finishedAt: null,
};
const stopped: PushNotification = {
  ...sent,
  id: 'a0000000-0000-4000-8000-000000000003',
  title: 'Diwali hours',
  status: 'failed',
  delivered: 10,
  failed: 0,
  total: 40,
};

type Server = { items: PushNotification[]; subscribers: number };

function renderPush(server: Server, overrides: Record<string, Handler> = {}, session = ownerSession) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/push-notifications': () =>
      json(200, { items: server.items, total: server.items.length, subscribers: server.subscribers }),
    'POST /api/push-notifications': (call) => {
      const input = call.body as PushNotificationInput;
      const record: PushNotification = {
        ...sent,
        id: 'a0000000-0000-4000-8000-000000000009',
        title: input.title,
        message: input.message,
        createdAt: new Date().toISOString(),
        total: server.subscribers,
        delivered: 0,
        failed: 0,
        status: 'sending',
        finishedAt: null,
      };
      server.items = [record, ...server.items];
      return json(202, record);
    },
    ...overrides,
  });
  return { ...renderApp('/push-notifications'), api };
}

function cellsOf(title: string): string[] {
  const row = screen.getByText(title).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
}

afterEach(() => setViewportWidth(1280));

describe('push notifications', () => {
  it('lists the sends: when in the business’s time zone, title, who, delivered of total, status', async () => {
    renderPush({ items: [sending, sent, stopped], subscribers: 4 });

    const table = await screen.findByRole('table', { name: 'Sent notifications' });
    await within(table).findByText('Fresh mangoes');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['When', 'Title', 'Sent by', 'Delivered', 'Status']);
    expect(cellsOf('Fresh mangoes')).toEqual([
      '23/11/2025 01:36 AM',
      'Fresh mangoesAlphonso mangoes are in.\nOrder before noon!',
      'Olivia Owner',
      '3 of 4 delivered · 1 failed',
      'Sent',
    ]);
    expect(cellsOf('Weekend sale')[3]).toBe('250 of 1,000 delivered');
    expect(cellsOf('Weekend sale')[4]).toBe('Sending');
    expect(
      screen.getByRole('progressbar', { name: 'Sending “Weekend sale”: 250 of 1,000 tried' }),
    ).toHaveAttribute('aria-valuenow', '25');
    expect(cellsOf('Diwali hours')[4]).toBe('Stopped');
    expect(screen.getAllByRole('progressbar', { name: /^Sending/ })).toHaveLength(1);
    expect(
      screen.getByText('It goes to the 4 customer devices that allowed notifications.'),
    ).toBeInTheDocument();
  });

  it('shows the time in the business’s own zone, whatever the browser’s', async () => {
    renderPush(
      { items: [sent], subscribers: 1 },
      {
        'GET /api/auth/session': sessionHandler(withBusiness(ownerSession, { timeZone: 'America/New_York' })),
      },
    );
    await screen.findByText('Fresh mangoes');
    expect(cellsOf('Fresh mangoes')[0]).toBe('22/11/2025 03:06 PM');
  });

  it('sends, says so, clears the form, and lists the send', async () => {
    const server: Server = { items: [sent], subscribers: 4 };
    const { user, api } = renderPush(server);

    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), '  Tea time ');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Masala chai{Enter}₹20 off today');
    expect(screen.getByText('25/1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(messages.pushSent)).toBeInTheDocument();
    expect(api.callsTo('POST /api/push-notifications')[0]?.body).toEqual({
      title: 'Tea time',
      message: 'Masala chai\n₹20 off today',
    });
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
    expect(await screen.findByText('Tea time')).toBeInTheDocument();
    expect(cellsOf('Tea time')[4]).toBe('Sending');
  });

  it('disables Send while the send is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = renderPush(
      { items: [], subscribers: 2 },
      { 'POST /api/push-notifications': () => new Promise<Response>((resolve) => (answer = resolve)) },
    );
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'World');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    act(() => answer(json(202, { ...sending, title: 'Hello', message: 'World' })));
    expect(await screen.findByText(messages.pushSent)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('says it failed when the server does not take the send, and keeps what was typed', async () => {
    const { user } = renderPush(
      { items: [], subscribers: 2 },
      {
        'POST /api/push-notifications': () => apiError(500, 'internal', messages.internal),
      },
    );
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'World');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(messages.pushFailed)).toBeInTheDocument();
    expect(screen.queryByText(messages.pushSent)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Hello');
  });

  it('puts the server’s field reasons on the fields, the first taking the focus', async () => {
    const { user } = renderPush(
      { items: [], subscribers: 2 },
      {
        'POST /api/push-notifications': () =>
          apiError(400, 'invalid_input', messages.invalidInput, {
            fields: { title: 'is too long', message: 'must not contain control characters' },
          }),
      },
    );
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'World');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('must not contain control characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAccessibleDescription('is too long');
    // The first field with a reason takes the focus.
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveFocus();
    expect(screen.getByText(messages.pushFailed)).toBeInTheDocument();
  });

  it('requires a title and a message before sending anything', async () => {
    const { user, api } = renderPush({ items: [], subscribers: 2 });
    await user.click(await screen.findByRole('button', { name: 'Send' }));

    expect(await screen.findAllByText('is required')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/push-notifications')).toHaveLength(0);
  });

  it('says plainly when nobody has subscribed yet, and when nothing was sent yet, and still sends', async () => {
    const { user, api } = renderPush({ items: [], subscribers: 0 });

    expect(await screen.findByText(new RegExp(`^${pushMessages.noSubscribers}`))).toBeInTheDocument();
    expect(screen.getByText('No notifications sent yet')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Anyone?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(messages.pushSent)).toBeInTheDocument();
    expect(api.callsTo('POST /api/push-notifications')).toHaveLength(1);
  });

  it('says when the history cannot be loaded, and retries', async () => {
    let fail = true;
    const { user } = renderPush(
      { items: [], subscribers: 0 },
      {
        'GET /api/push-notifications': () =>
          fail
            ? apiError(500, 'internal', messages.internal)
            : json(200, { items: [sent], total: 1, subscribers: 1 }),
      },
    );
    expect(await screen.findByText('Could not load the sent notifications')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('Fresh mangoes')).toBeInTheDocument();
  });

  it('follows a send live: its progress and its end', async () => {
    const server: Server = { items: [sending], subscribers: 1000 };
    const { queryClient } = renderPush(server);
    await screen.findByText('250 of 1,000 delivered');

    server.items = [
      { ...sending, delivered: 990, failed: 10, status: 'sent', finishedAt: sending.createdAt },
    ];
    act(() =>
      applyLiveEvent(queryClient, {
        id: '1',
        topic: 'push',
        action: 'updated',
        recordId: sending.id,
        zoneId: null,
        at: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('990 of 1,000 delivered · 10 failed')).toBeInTheDocument();
    expect(cellsOf('Weekend sale')[4]).toBe('Sent');
    expect(screen.queryByRole('progressbar', { name: /^Sending/ })).not.toBeInTheDocument();
  });

  it('on a phone, shows each send as one compact row', async () => {
    setViewportWidth(375);
    renderPush({ items: [sent], subscribers: 4 });
    const table = await screen.findByRole('table', { name: 'Sent notifications' });
    await within(table).findByText('Fresh mangoes');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Notification']);
    const [cell] = cellsOf('Fresh mangoes');
    expect(cell).toContain('23/11/2025 01:36 AM · by Olivia Owner');
    expect(cell).toContain('3 of 4 delivered · 1 failed');
    expect(cell).toContain('Sent');
  });

  it('is the owner’s: an admin is sent to the dashboard', async () => {
    const { router } = renderPush(
      { items: [sent], subscribers: 1 },
      {
        'GET /api/dashboard': () => apiError(500, 'internal', messages.internal),
      },
      adminSession,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('push notifications in the language chosen', () => {
  it('says the sent and failed messages in English as the spec writes them', () => {
    const catalogue: Record<string, string> = en;
    expect(catalogue['push.sent']).toBe(messages.pushSent);
    expect(catalogue['push.failed']).toBe(messages.pushFailed);
    expect(catalogue['push.noSubscribers']).toMatch(new RegExp(`^${pushMessages.noSubscribers}\\. `));
  });

  it('speaks Hindi: title, the form, the sends’ columns and statuses, and the message once sent', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderPush({ items: [sending, sent], subscribers: 4 });

    expect(await screen.findByRole('heading', { level: 1, name: 'पुश नोटिफ़िकेशन' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'भेजे गए नोटिफ़िकेशन' });
    await within(table).findByText('Fresh mangoes');
    expect(screen.getByRole('region', { name: 'भेजे गए नोटिफ़िकेशन, तालिका' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['कब', 'शीर्षक', 'किसने भेजा', 'पहुँचे', 'स्टेटस']);
    expect(cellsOf('Fresh mangoes').slice(2)).toEqual(['Olivia Owner', '4 में से 3 पहुँचे · 1 नहीं पहुँचे', 'भेज दिया']);
    expect(cellsOf('Weekend sale')[3]).toBe('1,000 में से 250 पहुँचे');
    expect(
      screen.getByRole('progressbar', { name: '“Weekend sale” भेजा जा रहा है: 1,000 में से 250 पर कोशिश हुई' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'पुश नोटिफ़िकेशन भेजें' })).toBeInTheDocument();
    expect(screen.getByText('यह नोटिफ़िकेशन की अनुमति देने वाले 4 ग्राहक डिवाइस पर जाएगा।')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^शीर्षक/ }), 'Tea time');
    await user.type(screen.getByRole('textbox', { name: /^संदेश/ }), 'Masala chai is back');
    await user.click(screen.getByRole('button', { name: 'भेजें' }));
    expect(await screen.findByText('पुश नोटिफ़िकेशन भेज दिए गए')).toBeInTheDocument();
    localStorage.removeItem('storedesk:console:language');
  });

  it('speaks Hindi when nothing was sent and nobody allowed notifications', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderPush({ items: [], subscribers: 0 });

    expect(await screen.findByText('अभी तक कोई नोटिफ़िकेशन नहीं भेजा गया')).toBeInTheDocument();
    expect(screen.getByText(/^अभी तक किसी ग्राहक ने नोटिफ़िकेशन की अनुमति नहीं दी है।/)).toBeInTheDocument();
    localStorage.removeItem('storedesk:console:language');
  });
});
