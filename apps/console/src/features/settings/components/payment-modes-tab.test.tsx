import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { messages } from '@storedesk/shared/messages';
import type {
  PaymentMode,
  PaymentModeInput,
  PaymentModeUpdateInput,
} from '@storedesk/shared/settings/payment-modes';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { listOf, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

const cod: PaymentMode = {
  id: 'a1000000-0000-4000-8000-000000000001',
  title: 'Cash on delivery',
  type: 'COD',
  enabled: true,
  disableReason: null,
  upiInfo: null,
  version: 3,
  updatedAt: '2025-01-02T00:00:00.000Z',
};
const upi: PaymentMode = {
  id: 'a1000000-0000-4000-8000-000000000002',
  title: 'UPI',
  type: 'UPI',
  enabled: false,
  disableReason: 'Bank server down',
  upiInfo: { name: 'Demo Fresh Mart', upiId: 'demofreshmart@upi' },
  version: 5,
  updatedAt: '2025-01-02T00:00:00.000Z',
};

const changed: LiveEvent = {
  id: '900',
  topic: 'settings',
  action: 'updated',
  recordId: 'payment-modes',
  zoneId: null,
  at: '2025-01-03T00:00:00.000Z',
};

/** The payment modes as a small server: changes and deletes act on them, with versions (D9). */
function modesServer(first: PaymentMode[] = [cod, upi]) {
  const state = { modes: first };
  const patch =
    (id: string): Handler =>
    (call) => {
      const update = call.body as PaymentModeUpdateInput;
      const mode = state.modes.find((each) => each.id === id)!;
      if (update.version !== mode.version)
        return apiError(409, 'conflict', messages.staleRecord, { current: mode });
      const enabled = update.enabled ?? mode.enabled;
      const next: PaymentMode = {
        ...mode,
        title: update.title ?? mode.title,
        enabled,
        disableReason: enabled
          ? null
          : update.disableReason !== undefined
            ? update.disableReason
            : mode.disableReason,
        upiInfo: update.upiInfo ?? mode.upiInfo,
        version: mode.version + 1,
      };
      state.modes = state.modes.map((each) => (each.id === id ? next : each));
      return json(200, next);
    };
  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/settings/payment-modes': () => json(200, listOf(state.modes)),
    'POST /api/settings/payment-modes': (call) => {
      const body = call.body as PaymentModeInput;
      const created: PaymentMode = {
        id: 'a1000000-0000-4000-8000-000000000009',
        title: body.title,
        type: body.type,
        enabled: body.enabled ?? true,
        disableReason: body.disableReason ?? null,
        upiInfo: body.upiInfo ?? null,
        version: 1,
        updatedAt: '2025-01-03T00:00:00.000Z',
      };
      state.modes = [...state.modes, created];
      return json(201, created);
    },
    [`PATCH /api/settings/payment-modes/${cod.id}`]: patch(cod.id),
    [`PATCH /api/settings/payment-modes/${upi.id}`]: patch(upi.id),
    [`DELETE /api/settings/payment-modes/${upi.id}`]: (call) => {
      const mode = state.modes.find((each) => each.id === upi.id)!;
      if (call.query.get('version') !== String(mode.version)) {
        return apiError(409, 'conflict', messages.staleRecord, { current: mode });
      }
      state.modes = state.modes.filter((each) => each.id !== upi.id);
      return noContent();
    },
  };
  return { state, handlers };
}

function renderTab(overrides: Record<string, Handler> = {}, modes?: PaymentMode[]) {
  const server = modesServer(modes);
  const api = mockApi({ ...server.handlers, ...overrides });
  return { ...renderApp('/settings?tab=payment-modes'), api, server };
}

const modesList = () => screen.findByRole('region', { name: 'Payment modes' });

describe('Settings > Payment Modes', () => {
  it('lists each mode with its type, UPI details, and the reason of a disabled one', async () => {
    renderTab();
    const list = await modesList();
    expect(within(list).getByRole('heading', { name: 'Cash on delivery' })).toBeInTheDocument();
    expect(within(list).getByText('Demo Fresh Mart · demofreshmart@upi')).toBeInTheDocument();
    expect(within(list).getByText('Reason: Bank server down')).toBeInTheDocument();
    expect(within(list).getByRole('switch', { name: 'Cash on delivery enabled' })).toBeChecked();
    expect(within(list).getByRole('switch', { name: 'UPI enabled' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Add payment mode' })).toBeEnabled();
  });

  it('says when there are none, and offers to add one', async () => {
    renderTab({}, []);
    expect(await screen.findByText('No payment modes yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add payment mode' })).toHaveLength(1);
  });

  it('says when they could not be loaded, and Try again loads them', async () => {
    let fail = true;
    const server = modesServer();
    const { user } = renderTab({
      'GET /api/settings/payment-modes': () =>
        fail ? apiError(500, 'internal', 'Something went wrong') : json(200, listOf(server.state.modes)),
    });
    expect(await screen.findByText('Could not load the payment modes')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await modesList()).toBeInTheDocument();
  });

  it('switches a mode off at once with the version it shows', async () => {
    const { user, api } = renderTab();
    const list = await modesList();
    await user.click(within(list).getByRole('switch', { name: 'Cash on delivery enabled' }));

    expect(await screen.findByText('Cash on delivery disabled')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/settings/payment-modes/${cod.id}`)[0]?.body).toEqual({
      enabled: false,
      version: 3,
    });
    await waitFor(() => expect(within(list).getByText('No reason given')).toBeInTheDocument());
  });

  it('says so when a switch was based on an old version', async () => {
    const { user, server } = renderTab();
    const list = await modesList();
    server.state.modes = [{ ...cod, version: 4 }, upi];
    await user.click(within(list).getByRole('switch', { name: 'Cash on delivery enabled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText(messages.staleRecord)).toBeInTheDocument();
  });

  it('edits a disabled mode’s reason and UPI details; the reason field is there only while disabled', async () => {
    const { user, api } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit UPI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit UPI' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for disabling' });
    expect(reason).toHaveValue('Bank server down');
    await user.clear(reason);
    await user.type(reason, 'Back at 5 pm');
    const address = within(dialog).getByRole('textbox', { name: /^UPI address/ });
    await user.clear(address);
    await user.type(address, 'freshmart@okicici');

    // Switched on, the reason goes away; switched off again, it comes back with what was typed.
    const enabled = within(dialog).getByRole('switch', { name: 'Enabled' });
    await user.click(enabled);
    expect(within(dialog).queryByRole('textbox', { name: 'Reason for disabling' })).not.toBeInTheDocument();
    await user.click(enabled);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('UPI saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/settings/payment-modes/${upi.id}`)[0]?.body).toEqual({
      title: 'UPI',
      enabled: false,
      disableReason: 'Back at 5 pm',
      upiInfo: { name: 'Demo Fresh Mart', upiId: 'freshmart@okicici' },
      version: 5,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Reason: Back at 5 pm')).toBeInTheDocument();
  });

  it('refuses a bad UPI address and a blank receiver name in the dialog, with the spec messages', async () => {
    const { user, api } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit UPI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit UPI' });
    await user.clear(within(dialog).getByRole('textbox', { name: /^Receiver name/ }));
    const address = within(dialog).getByRole('textbox', { name: /^UPI address/ });
    await user.clear(address);
    await user.type(address, 'demofreshmart');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(messages.upiName)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.upiAddress)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`PATCH /api/settings/payment-modes/${upi.id}`)).toHaveLength(0);
  });

  it('saves with the version the edits started from: a colleague’s change in between is shown, not overwritten', async () => {
    const { user, api, server, queryClient } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Cash on delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Cash on delivery' });
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Cash or card on delivery');

    server.state.modes = [{ ...cod, enabled: false, disableReason: 'No change', version: 4 }, upi];
    act(() => applyLiveEvent(queryClient, changed));
    await waitFor(() => expect(api.callsTo('GET /api/settings/payment-modes')).toHaveLength(2));
    expect(title).toHaveValue('Cash or card on delivery');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else saved this payment mode while you were editing: Enabled and Reason for disabling changed.',
    );
    expect(api.callsTo(`PATCH /api/settings/payment-modes/${cod.id}`)[0]?.body).toMatchObject({ version: 3 });
    expect(title).toHaveValue('Cash on delivery');
    expect(within(dialog).getByRole('textbox', { name: 'Reason for disabling' })).toHaveValue('No change');

    await user.clear(title);
    await user.type(title, 'Cash or card on delivery{Enter}');
    expect(await screen.findByText('Cash or card on delivery saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/settings/payment-modes/${cod.id}`)[1]?.body).toMatchObject({ version: 4 });
  });

  it('adds a mode of a type not there yet; a UPI mode needs its details', async () => {
    const { user, api } = renderTab({}, [cod]);
    await user.click(await screen.findByRole('button', { name: 'Add payment mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment mode' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['UPI', 'Card', 'Pay online']);
    await user.click(screen.getByRole('option', { name: 'UPI' }));
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('UPI');

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(messages.upiName)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.upiAddress)).toBeInTheDocument();
    expect(api.callsTo('POST /api/settings/payment-modes')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Receiver name/ }), 'Demo Fresh Mart');
    await user.type(within(dialog).getByRole('textbox', { name: /^UPI address/ }), 'demo.mart@okaxis');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('UPI added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/settings/payment-modes')[0]?.body).toEqual({
      title: 'UPI',
      type: 'UPI',
      enabled: true,
      disableReason: null,
      upiInfo: { name: 'Demo Fresh Mart', upiId: 'demo.mart@okaxis' },
    });
    expect(await screen.findByText('Demo Fresh Mart · demo.mart@okaxis')).toBeInTheDocument();
  });

  it('shows on the type a mode added meanwhile by a colleague', async () => {
    const taken = 'This business already has a Card mode';
    const { user } = renderTab({
      'POST /api/settings/payment-modes': () => apiError(409, 'conflict', taken, { fields: { type: taken } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add payment mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment mode' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('has no Add once every type has a mode', async () => {
    renderTab({}, [
      cod,
      upi,
      { ...cod, id: 'a1000000-0000-4000-8000-000000000003', title: 'Card', type: 'CARD' },
      { ...cod, id: 'a1000000-0000-4000-8000-000000000004', title: 'Pay online', type: 'ONLINE' },
    ]);
    await modesList();
    expect(screen.getByRole('button', { name: 'Add payment mode' })).toBeDisabled();
    expect(screen.getByText('Every type has a mode: cash on delivery, UPI and card.')).toBeInTheDocument();
  });

  it('deletes a mode after a confirmation that names it', async () => {
    const { user, api } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete UPI' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete payment mode' });
    expect(confirm).toHaveTextContent('Are you sure? You want to delete the payment mode “UPI”');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('UPI deleted')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/settings/payment-modes/${upi.id}`)[0]?.query.get('version')).toBe('5');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'UPI' })).not.toBeInTheDocument());
  });

  it('fits a phone: every action is still there at 375 px', async () => {
    setViewportWidth(375);
    renderTab();
    const list = await modesList();
    expect(within(list).getAllByRole('switch')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'Edit UPI' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Delete UPI' })).toBeInTheDocument();
  });
});

describe('Settings > Payment Modes in Hindi', () => {
  it('speaks Hindi: the list, a disabled mode’s reason, the edit dialog, the delete question and the messages', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    try {
      const { user } = renderTab();
      const list = await screen.findByRole('region', { name: 'पेमेंट के तरीके' });
      expect(within(list).getByText('कारण: Bank server down')).toBeInTheDocument();
      expect(within(list).getByText('बंद', { selector: '.MuiChip-label' })).toBeInTheDocument();
      expect(within(list).getByRole('switch', { name: 'Cash on delivery चालू' })).toBeChecked();
      expect(screen.getByRole('button', { name: 'पेमेंट का तरीका जोड़ें' })).toBeEnabled();

      await user.click(within(list).getByRole('button', { name: 'UPI बदलें' }));
      const dialog = await screen.findByRole('dialog', { name: 'UPI बदलें' });
      expect(within(dialog).getByText('प्रकार: UPI')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: /^पाने वाले का नाम/ })).toHaveValue('Demo Fresh Mart');
      expect(within(dialog).getByRole('textbox', { name: 'बंद करने का कारण' })).toHaveValue('Bank server down');
      await user.click(within(dialog).getByRole('button', { name: 'सेव करें' }));
      expect(await screen.findByText('UPI सेव हो गया')).toBeInTheDocument();

      await user.click(within(list).getByRole('button', { name: 'UPI हटाएँ' }));
      const question = await screen.findByRole('dialog', { name: 'पेमेंट का तरीका हटाएँ' });
      expect(question).toHaveTextContent('क्या आप पक्का पेमेंट का तरीका “UPI” हटाना चाहते हैं?');
      await user.click(within(question).getByRole('button', { name: 'हटाएँ' }));
      expect(await screen.findByText('UPI हटा दिया गया')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('storedesk:console:language');
    }
  });

  it('says in Hindi when there are none', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    try {
      renderTab({}, []);
      expect(await screen.findByText('अभी कोई पेमेंट का तरीका नहीं है')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'पेमेंट का तरीका जोड़ें' })).toBeEnabled();
    } finally {
      localStorage.removeItem('storedesk:console:language');
    }
  });
});
