import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { messages } from '@storedesk/shared/messages';
import { amountMessages } from '@storedesk/shared/money';
import { defaultOrderSettings } from '@storedesk/shared/settings/order-settings';
import type { OrderSettings, OrderSettingsUpdate } from '@storedesk/shared/settings/order-settings';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const saved: OrderSettings = {
  deliveryChargesEnabled: true,
  standardDeliveryChargesPaise: 3_000,
  minimumOrderPaise: 9_950,
  maxOpenOrdersPerExecutive: 6,
  dispatchWaitMinutes: 15,
  printKitchenOnConfirm: false,
  payWithinMinutes: 15,
  executiveFeePaise: 3_000,
  executiveFeePerKmPaise: 750,
  version: 4,
  updatedAt: '2025-01-02T00:00:00.000Z',
};

const changed: LiveEvent = {
  id: '902',
  topic: 'settings',
  action: 'updated',
  recordId: 'order',
  zoneId: null,
  at: '2025-01-03T00:00:00.000Z',
};

function orderServer(first: OrderSettings) {
  const state = { settings: first };
  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/settings/order': () => json(200, state.settings),
    'PUT /api/settings/order': (call) => {
      const { version, ...values } = call.body as OrderSettingsUpdate;
      if (version !== state.settings.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: state.settings });
      }
      state.settings = {
        ...state.settings,
        ...values,
        version: version + 1,
        updatedAt: '2025-01-03T00:00:00.000Z',
      };
      return json(200, state.settings);
    },
  };
  return { state, handlers };
}

function renderTab(overrides: Record<string, Handler> = {}, first: OrderSettings = saved) {
  const server = orderServer(first);
  const api = mockApi({ ...server.handlers, ...overrides });
  return { ...renderApp('/settings?tab=order'), api, server };
}

const charges = () => screen.findByRole('textbox', { name: /^Standard delivery charges/ });
const minimum = () => screen.getByRole('textbox', { name: /^Minimum order value/ });
const save = () => screen.getByRole('button', { name: 'Save' });
const perExecutive = () => screen.getByRole('textbox', { name: /^Open orders per executive/ });
const waitMinutes = () =>
  screen.getByRole('textbox', { name: /^Highlight unassigned orders after \(minutes\)/ });
const feePerDelivery = () => screen.getByRole('textbox', { name: /^Fee per delivery/ });
const feePerKm = () => screen.getByRole('textbox', { name: /^Plus per km/ });
const executiveFeeHint =
  'Paid to the executive for each order delivered, plus this much per km from the store to the customer (as the crow flies). Fixed when the order is placed.';

describe('Settings > Order Settings', () => {
  it('shows the amounts in rupees with two decimals', async () => {
    renderTab();
    expect(await charges()).toHaveValue('30.00');
    expect(minimum()).toHaveValue('99.50');
    expect(screen.getByRole('switch', { name: 'Charge for delivery' })).toBeChecked();
    expect(screen.queryByText(/These are the starting values/)).not.toBeInTheDocument();
  });

  it('a business that never saved them sees the starting values, and its first save is based on version 0', async () => {
    const { user, api } = renderTab({}, defaultOrderSettings);
    expect(await charges()).toHaveValue('0.00');
    expect(screen.getByText(/These are the starting values/)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Charge for delivery' }));
    await user.clear(await charges());
    await user.type(await charges(), '25');
    await user.click(save());
    expect(await screen.findByText('Order settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/order')[0]?.body).toEqual({
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 2_500,
      minimumOrderPaise: 0,
      maxOpenOrdersPerExecutive: 5,
      dispatchWaitMinutes: 10,
      printKitchenOnConfirm: false,
      payWithinMinutes: 15,
      executiveFeePaise: 0,
      executiveFeePerKmPaise: 0,
      version: 0,
    });
    await waitFor(() => expect(screen.queryByText(/These are the starting values/)).not.toBeInTheDocument());
  });

  it('says when they could not be loaded, and Try again loads them', async () => {
    let fail = true;
    const { user } = renderTab({
      'GET /api/settings/order': () =>
        fail ? apiError(500, 'internal', 'Something went wrong') : json(200, saved),
    });
    expect(await screen.findByText('Could not load the order settings')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await charges()).toHaveValue('30.00');
  });

  it('Cancel puts back the saved values and sends nothing; it has nothing to undo before an edit', async () => {
    const { user, api } = renderTab();
    const field = await charges();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeDisabled();

    await user.clear(field);
    await user.type(field, '45');
    await user.click(screen.getByRole('switch', { name: 'Charge for delivery' }));
    await user.click(cancel);

    expect(await charges()).toHaveValue('30.00');
    expect(screen.getByRole('switch', { name: 'Charge for delivery' })).toBeChecked();
    expect(cancel).toBeDisabled();
    expect(api.callsTo('PUT /api/settings/order')).toHaveLength(0);
  });

  it('saves rupees as exact paise with the version read', async () => {
    const { user, api } = renderTab();
    await user.clear(await charges());
    await user.type(await charges(), '19.99');
    await user.clear(minimum());
    await user.type(minimum(), '₹1,499.5');
    await user.click(save());

    expect(await screen.findByText('Order settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/order')[0]?.body).toEqual({
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 1_999,
      minimumOrderPaise: 149_950,
      maxOpenOrdersPerExecutive: 6,
      dispatchWaitMinutes: 15,
      printKitchenOnConfirm: false,
      payWithinMinutes: 15,
      executiveFeePaise: 3_000,
      executiveFeePerKmPaise: 750,
      version: 4,
    });
    expect(minimum()).toHaveValue('1499.50');
  });

  it('saves dispatch’s limit per executive and its wait, within the shared schema’s bounds', async () => {
    const { user, api } = renderTab({}, defaultOrderSettings);
    await charges();
    expect(perExecutive()).toHaveValue('5');
    expect(waitMinutes()).toHaveValue('10');

    await user.clear(perExecutive());
    await user.type(perExecutive(), '51');
    await user.clear(waitMinutes());
    await user.click(save());
    expect(await screen.findByText('must be at most 50')).toBeInTheDocument();
    expect(screen.getByText('is required')).toBeInTheDocument();
    await user.clear(waitMinutes());
    await user.type(waitMinutes(), '2.5');
    await user.click(save());
    expect(await screen.findByText('must be a whole number')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/order')).toHaveLength(0);

    await user.clear(perExecutive());
    await user.type(perExecutive(), '8');
    await user.clear(waitMinutes());
    await user.type(waitMinutes(), '20');
    await user.click(save());
    expect(await screen.findByText('Order settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/order')[0]?.body).toMatchObject({
      maxOpenOrdersPerExecutive: 8,
      dispatchWaitMinutes: 20,
      version: 0,
    });
  });

  it('saves the executive’s fee per delivery and per km as paise, and refuses a bad one on its field', async () => {
    const { user, api } = renderTab();
    await charges();
    expect(feePerDelivery()).toHaveValue('30.00');
    expect(feePerKm()).toHaveValue('7.50');
    expect(feePerDelivery()).toHaveAccessibleDescription(executiveFeeHint);
    expect(feePerKm()).toHaveAccessibleDescription(executiveFeeHint);

    await user.clear(feePerKm());
    await user.type(feePerKm(), '-5');
    await user.click(save());
    expect(await screen.findByText(amountMessages.negative)).toBeInTheDocument();
    expect(feePerKm()).toHaveAttribute('aria-invalid', 'true');
    expect(feePerKm()).toHaveAccessibleDescription(`${amountMessages.negative} ${executiveFeeHint}`);
    expect(feePerDelivery()).toHaveAttribute('aria-invalid', 'false');
    expect(api.callsTo('PUT /api/settings/order')).toHaveLength(0);

    await user.clear(feePerDelivery());
    await user.type(feePerDelivery(), '25');
    await user.clear(feePerKm());
    await user.type(feePerKm(), '5');
    await user.click(save());
    expect(await screen.findByText('Order settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/order')[0]?.body).toMatchObject({
      executiveFeePaise: 2_500,
      executiveFeePerKmPaise: 500,
      version: 4,
    });
    expect(feePerDelivery()).toHaveValue('25.00');
    expect(feePerKm()).toHaveValue('5.00');
  });

  it('refuses blanks, negatives and three decimals without calling the server', async () => {
    const { user, api } = renderTab();
    await user.clear(await charges());
    await user.type(await charges(), '12.345');
    await user.clear(minimum());
    await user.click(save());
    expect(await screen.findByText(amountMessages.rupees)).toBeInTheDocument();
    expect(screen.getByText('is required')).toBeInTheDocument();

    await user.type(minimum(), '-5');
    await user.click(save());
    expect(await screen.findByText(amountMessages.negative)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/order')).toHaveLength(0);
  });

  it('puts the server’s field reasons on their fields', async () => {
    const { user } = renderTab({
      'PUT /api/settings/order': () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { minimumOrderPaise: amountMessages.tooLarge },
        }),
    });
    await charges();
    await user.click(save());
    expect(await screen.findByText(amountMessages.tooLarge)).toBeInTheDocument();
    expect(minimum()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('follows a colleague’s save while untouched; once edited, a stale save shows theirs instead of overwriting it', async () => {
    const { user, api, server, queryClient } = renderTab();
    expect(await charges()).toHaveValue('30.00');
    server.state.settings = { ...saved, minimumOrderPaise: 15_000, version: 5 };
    act(() => applyLiveEvent(queryClient, changed));
    await waitFor(() => expect(minimum()).toHaveValue('150.00'));

    await user.clear(await charges());
    await user.type(await charges(), '45');
    server.state.settings = {
      ...saved,
      deliveryChargesEnabled: false,
      minimumOrderPaise: 20_000,
      version: 6,
    };
    act(() => applyLiveEvent(queryClient, changed));
    await waitFor(() => expect(api.callsTo('GET /api/settings/order')).toHaveLength(3));
    expect(await charges()).toHaveValue('45');

    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this business’s order settings while you were editing: Delivery charges and Minimum order value changed.',
    );
    expect(api.callsTo('PUT /api/settings/order')[0]?.body).toMatchObject({ version: 5 });
    expect(minimum()).toHaveValue('200.00');
    expect(screen.getByRole('switch', { name: 'Charge for delivery' })).not.toBeChecked();
  });

  it('sends printing the kitchen ticket on confirming when switched on', async () => {
    const { user, api } = renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Print the kitchen ticket on confirming' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'When an order is confirmed on its page, this browser prints its kitchen ticket at once.',
    );
    await user.click(toggle);
    await user.click(save());
    expect(await screen.findByText('Order settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/order')[0]?.body).toMatchObject({
      printKitchenOnConfirm: true,
      version: 4,
    });
  });
});

describe('Settings > Order Settings in Hindi', () => {
  it('speaks Hindi: the fields, their headings and help, Save and the saved message', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    try {
      const { user } = renderTab();
      const standard = await screen.findByRole('textbox', { name: /^सामान्य डिलीवरी चार्ज/ });
      expect(standard).toHaveValue('30.00');
      expect(screen.getByRole('switch', { name: 'डिलीवरी का चार्ज लें' })).toBeChecked();
      expect(screen.getByRole('textbox', { name: /^न्यूनतम ऑर्डर राशि/ })).toHaveValue('99.50');
      expect(screen.getByRole('heading', { name: 'डिस्पैच' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'डिलीवरी एग्ज़ीक्यूटिव का भुगतान' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'प्रिंटिंग' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /^हर डिलीवरी का शुल्क/ })).toHaveAccessibleDescription(
        'हर डिलीवर किए गए ऑर्डर के लिए एग्ज़ीक्यूटिव को मिलता है, साथ में स्टोर से ग्राहक तक (सीधी दूरी) हर km का इतना। ऑर्डर देते समय तय हो जाता है।',
      );
      await user.clear(standard);
      await user.type(standard, '35');
      await user.click(screen.getByRole('button', { name: 'सेव करें' }));
      expect(await screen.findByText('ऑर्डर सेटिंग्स सेव हो गईं')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('storedesk:console:language');
    }
  });
});
