import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { messages } from '@storedesk/shared/messages';
import {
  defaultNotificationSettings,
  notificationMessages,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@storedesk/shared/settings/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { adminSession, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const off = {
  confirmed: false,
  pickedUp: false,
  delivered: false,
  cancelled: false,
};

const neither = { sms: false, whatsapp: false };

const saved: NotificationSettings = {
  sms: {
    confirmed: false,
    pickedUp: true,
    delivered: true,
    cancelled: false,
  },
  whatsapp: {
    confirmed: false,
    pickedUp: false,
    delivered: false,
    cancelled: true,
  },
  refunded: { sms: true, whatsapp: false },
  itemsChanged: neither,
  version: 5,
  updatedAt: '2025-01-02T00:00:00.000Z',
};

const changed: LiveEvent = {
  id: '903',
  topic: 'settings',
  action: 'updated',
  recordId: 'notifications',
  zoneId: null,
  at: '2025-01-03T00:00:00.000Z',
};

function notificationsServer(first: NotificationSettings) {
  const state = { settings: first };
  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/settings/notifications': () => json(200, state.settings),
    'PUT /api/settings/notifications': (call) => {
      const { version, ...choices } = call.body as NotificationSettingsUpdate;
      if (version !== state.settings.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: state.settings });
      }
      state.settings = {
        ...state.settings,
        ...choices,
        version: version + 1,
        updatedAt: '2025-01-03T00:00:00.000Z',
      };
      return json(200, state.settings);
    },
  };
  return { state, handlers };
}

function renderTab(overrides: Record<string, Handler> = {}, first: NotificationSettings = saved) {
  const server = notificationsServer(first);
  const api = mockApi({ ...server.handlers, ...overrides });
  return { ...renderApp('/settings?tab=notifications'), api, server };
}

const whatsappNote = 'Sent to customers who ask for WhatsApp updates in the app.';
const choice = (name: string) => screen.getByRole('switch', { name });
const firstChoice = () => screen.findByRole('switch', { name: 'SMS when Confirmed' });
const save = () => screen.getByRole('button', { name: 'Save' });
const cancel = () => screen.getByRole('button', { name: 'Cancel' });

/** Each switch of the table, by name, and whether it is on. */
function switches(): Record<string, boolean> {
  const table = screen.getByRole('table', { name: 'Order updates to customers' });
  return Object.fromEntries(
    within(table)
      .getAllByRole('switch')
      .map((input) => [input.getAttribute('aria-label'), (input as HTMLInputElement).checked]),
  );
}

describe('Settings > Notifications', () => {
  it('is a tab of the settings, and shows one row per update with its SMS and WhatsApp switches as saved', async () => {
    renderTab();
    await firstChoice();
    expect(screen.getByRole('tab', { name: 'Notifications', selected: true })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Order updates to customers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order update', 'SMS', `WhatsApp${whatsappNote}`]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Confirmed', 'Picked up', 'Delivered', 'Cancelled', 'Refunded', 'Items changed']);
    expect(switches()).toEqual({
      'SMS when Confirmed': false,
      'SMS when Picked up': true,
      'SMS when Delivered': true,
      'SMS when Cancelled': false,
      'WhatsApp when Confirmed': false,
      'WhatsApp when Picked up': false,
      'WhatsApp when Delivered': false,
      'WhatsApp when Cancelled': true,
      'SMS when Refunded': true,
      'SMS when Items changed': false,
      'WhatsApp when Refunded': false,
      'WhatsApp when Items changed': false,
    });
    expect(choice('WhatsApp when Cancelled')).toHaveAccessibleDescription(whatsappNote);
    expect(choice('SMS when Delivered')).not.toHaveAccessibleDescription();
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Which changes of an order’s status tell its customer. With an SMS update on, that change texts the customer the order number and a link to follow the order, within the business’s daily ceiling of texts: Settings › Others shows the texts used today.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings › Others' })).toHaveAttribute(
      'href',
      '/settings?tab=others',
    );
    // Nothing to save or undo until a switch is turned.
    expect(save()).toBeDisabled();
    expect(cancel()).toBeDisabled();
  });

  it('shows a skeleton while the settings load', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderTab({
      'GET /api/settings/notifications': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    expect(
      await screen.findByRole('status', { name: 'Loading the notification settings' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'SMS when Confirmed' })).not.toBeInTheDocument();
    answer(json(200, saved));
    expect(await firstChoice()).not.toBeChecked();
    expect(
      screen.queryByRole('status', { name: 'Loading the notification settings' }),
    ).not.toBeInTheDocument();
  });

  it('says when they could not be loaded, and Try again loads them', async () => {
    let fail = true;
    const { user } = renderTab({
      'GET /api/settings/notifications': () =>
        fail ? apiError(500, 'internal', 'Something went wrong') : json(200, saved),
    });
    expect(await screen.findByText('Could not load the notification settings')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await firstChoice()).not.toBeChecked();
    expect(choice('SMS when Picked up')).toBeChecked();
  });

  it('a business that never saved them sees every update off, and its first save sends both channels whole on version 0', async () => {
    const { user, api } = renderTab({}, defaultNotificationSettings);
    await firstChoice();
    expect(Object.values(switches())).toEqual(Array(12).fill(false));

    await user.click(choice('SMS when Confirmed'));
    await user.click(choice('WhatsApp when Items changed'));
    expect(save()).toBeEnabled();
    await user.click(save());

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/notifications').map((call) => call.body)).toEqual([
      {
        version: 0,
        sms: { ...off, confirmed: true },
        whatsapp: off,
        refunded: neither,
        itemsChanged: { sms: false, whatsapp: true },
      },
    ]);
    expect(choice('SMS when Confirmed')).toBeChecked();
    expect(save()).toBeDisabled();
  });

  it('saves the switches turned, on the version read, and is disabled with “Saving…” meanwhile', async () => {
    let answer: () => void = () => undefined;
    // The save is held until `answer`, then made by the fake server, so a refetch meanwhile reads what it holds.
    const rendered = renderTab({
      'PUT /api/settings/notifications': (call) =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(rendered.server.handlers['PUT /api/settings/notifications']!(call));
        }),
    });
    const { user, api } = rendered;
    await firstChoice();
    await user.click(choice('SMS when Delivered'));
    await user.click(choice('WhatsApp when Confirmed'));
    await user.click(save());

    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    expect(cancel()).toBeDisabled();
    expect(api.callsTo('PUT /api/settings/notifications').map((call) => call.body)).toEqual([
      {
        version: 5,
        sms: {
          confirmed: false,
          pickedUp: true,
          delivered: false,
          cancelled: false,
        },
        whatsapp: {
          confirmed: true,
          pickedUp: false,
          delivered: false,
          cancelled: true,
        },
        refunded: { sms: true, whatsapp: false },
        itemsChanged: neither,
      },
    ]);
    act(() => answer());
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(choice('SMS when Delivered')).not.toBeChecked();
    expect(choice('WhatsApp when Confirmed')).toBeChecked();
    expect(save()).toBeDisabled();
  });

  it('keeps the saved switches when a read sent before the save is answered after it', async () => {
    let answerRead: (() => void) | null = null;
    const rendered = renderTab({
      // Once the owner has edited, a read is held: it reads the settings now and answers when told.
      'GET /api/settings/notifications': (call) => {
        const answer = rendered.server.handlers['GET /api/settings/notifications']!(call);
        if (rendered.api.callsTo('GET /api/settings/notifications').length === 1) return answer;
        return new Promise<Response>((resolve) => {
          answerRead = () => resolve(answer);
        });
      },
    });
    const { user, api, queryClient } = rendered;
    await firstChoice();
    await user.click(choice('SMS when Delivered'));
    act(() => applyLiveEvent(queryClient, changed));
    await waitFor(() => expect(answerRead).not.toBeNull());

    await user.click(save());
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/notifications').map((call) => call.body)).toEqual([
      expect.objectContaining({ version: 5, sms: { ...saved.sms, delivered: false } }),
    ]);
    // The read began before the save, and answers the settings of version 5 with Delivered on.
    act(() => answerRead!());
    await waitFor(() =>
      expect(queryClient.getQueryState(['settings', 'notifications'])?.fetchStatus).toBe('idle'),
    );
    expect(choice('SMS when Delivered')).not.toBeChecked();
    expect(save()).toBeDisabled();
  });

  it('Cancel puts back the saved switches and sends nothing', async () => {
    const { user, api } = renderTab();
    await user.click(await firstChoice());
    await user.click(choice('WhatsApp when Cancelled'));
    await user.click(cancel());

    expect(choice('SMS when Confirmed')).not.toBeChecked();
    expect(choice('WhatsApp when Cancelled')).toBeChecked();
    expect(save()).toBeDisabled();
    expect(cancel()).toBeDisabled();
    expect(api.callsTo('PUT /api/settings/notifications')).toHaveLength(0);
  });

  it('follows a colleague’s save while untouched; once edited, a stale save shows theirs and keeps the owner’s changes in view', async () => {
    const { user, api, server, queryClient } = renderTab();
    expect(await firstChoice()).not.toBeChecked();
    server.state.settings = {
      ...saved,
      sms: { ...saved.sms, cancelled: true },
      version: 6,
    };
    act(() => applyLiveEvent(queryClient, changed));
    await waitFor(() => expect(choice('SMS when Cancelled')).toBeChecked());

    // The owner turns two switches; meanwhile a colleague saves WhatsApp when Delivered on.
    await user.click(choice('SMS when Confirmed'));
    await user.click(choice('WhatsApp when Cancelled'));
    await user.click(choice('WhatsApp when Items changed'));
    server.state.settings = {
      ...saved,
      sms: { ...saved.sms, cancelled: true },
      whatsapp: { ...saved.whatsapp, delivered: true },
      version: 7,
    };
    act(() => applyLiveEvent(queryClient, changed));
    await waitFor(() => expect(api.callsTo('GET /api/settings/notifications')).toHaveLength(3));
    expect(choice('SMS when Confirmed')).toBeChecked();
    expect(choice('WhatsApp when Delivered')).not.toBeChecked();

    await user.click(save());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Someone else saved this business’s notification settings while you were editing: WhatsApp updates changed. The form now shows their version; make your changes again.',
    ]);
    expect(api.callsTo('PUT /api/settings/notifications').map((call) => call.body)).toEqual([
      {
        version: 6,
        sms: {
          confirmed: true,
          pickedUp: true,
          delivered: true,
          cancelled: true,
        },
        whatsapp: off,
        refunded: { sms: true, whatsapp: false },
        itemsChanged: { sms: false, whatsapp: true },
      },
    ]);
    // The form shows theirs; the owner's changes are still told, to be made again in one click.
    expect(switches()).toEqual({
      'SMS when Confirmed': false,
      'SMS when Picked up': true,
      'SMS when Delivered': true,
      'SMS when Cancelled': true,
      'WhatsApp when Confirmed': false,
      'WhatsApp when Picked up': false,
      'WhatsApp when Delivered': true,
      'WhatsApp when Cancelled': true,
      'SMS when Refunded': true,
      'SMS when Items changed': false,
      'WhatsApp when Refunded': false,
      'WhatsApp when Items changed': false,
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your changes, not saved: SMS when Confirmed on, WhatsApp when Cancelled off and WhatsApp when Items changed on.Make my changes again',
    );
    expect(save()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Make my changes again' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(choice('SMS when Confirmed')).toBeChecked();
    expect(choice('SMS when Confirmed')).toHaveFocus();
    expect(choice('WhatsApp when Cancelled')).not.toBeChecked();
    expect(choice('WhatsApp when Delivered')).toBeChecked();

    await user.click(save());
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/notifications')[1]?.body).toEqual({
      version: 7,
      sms: {
        confirmed: true,
        pickedUp: true,
        delivered: true,
        cancelled: true,
      },
      whatsapp: {
        confirmed: false,
        pickedUp: false,
        delivered: true,
        cancelled: false,
      },
      refunded: { sms: true, whatsapp: false },
      itemsChanged: { sms: false, whatsapp: true },
    });
  });

  it('puts the server’s field reasons on their switches and channels, without the Error dialog', async () => {
    const { user } = renderTab({
      'PUT /api/settings/notifications': () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: {
            'sms.pickedUp': notificationMessages.flag,
            whatsapp: 'is required',
            'refunded.whatsapp': 'must be on or off',
          },
        }),
    });
    await user.click(await firstChoice());
    await user.click(save());

    expect(await screen.findByText(notificationMessages.flag)).toBeInTheDocument();
    const pickedUp = choice('SMS when Picked up');
    expect(pickedUp).toHaveAttribute('aria-invalid', 'true');
    expect(pickedUp).toHaveAccessibleDescription(notificationMessages.flag);
    expect(pickedUp).toHaveFocus();
    expect(choice('SMS when Confirmed')).not.toHaveAttribute('aria-invalid');
    expect(choice('WhatsApp when Refunded')).toHaveAttribute('aria-invalid', 'true');
    expect(choice('WhatsApp when Refunded')).toHaveAccessibleDescription(`must be on or off ${whatsappNote}`);
    expect(within(screen.getAllByRole('columnheader')[2]!).getByText('is required')).toBeInTheDocument();
    expect(choice('SMS when Confirmed')).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows any other refusal in the Error dialog, keeping the owner’s switches', async () => {
    const { user } = renderTab({
      'PUT /api/settings/notifications': () => apiError(403, 'forbidden', messages.forbidden),
    });
    await user.click(await firstChoice());
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(messages.forbidden);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(choice('SMS when Confirmed')).toBeChecked();
    expect(save()).toBeEnabled();
  });

  it('an admin is sent to the dashboard, and the settings are never asked for', async () => {
    const api = mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    const { router } = renderApp('/settings?tab=notifications');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo('GET /api/settings/notifications')).toHaveLength(0);
  });
});

describe('Settings > Notifications in Hindi', () => {
  it('speaks Hindi: the words above the table, its columns, rows and switches, Save and the saved message', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    try {
      const { user } = renderTab();
      const first = await screen.findByRole('switch', { name: 'SMS: कन्फ़र्म' });
      expect(screen.getByRole('tab', { name: 'सूचनाएँ', selected: true })).toBeInTheDocument();
      const table = screen.getByRole('table', { name: 'ग्राहकों को ऑर्डर अपडेट' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['ऑर्डर अपडेट', 'SMS', 'WhatsAppउन ग्राहकों को भेजा जाता है जो ऐप में WhatsApp अपडेट माँगते हैं।']);
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ).toEqual(['कन्फ़र्म', 'पिकअप हो गया', 'डिलीवर हो गया', 'रद्द', 'रिफ़ंड हो गया', 'सामान बदला गया']);
      expect(screen.getByRole('link', { name: 'सेटिंग्स › अन्य' })).toHaveAttribute(
        'href',
        '/settings?tab=others',
      );
      expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeDisabled();
      await user.click(first);
      await user.click(screen.getByRole('button', { name: 'सेव करें' }));
      expect(await screen.findByText('सूचना सेटिंग्स सेव हो गईं')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('storedesk:console:language');
    }
  });
});
