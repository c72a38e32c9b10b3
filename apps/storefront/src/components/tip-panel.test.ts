import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tip } from '@storedesk/shared/delivery/earnings';
import type { Checkout } from '@storedesk/shared/payments/online';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import type * as CheckoutModule from '../lib/checkout.ts';
import type { CheckoutAnswer } from '../lib/checkout.ts';
import { inLanguage } from '../testing/in-language.ts';
import { showOrderPage } from '../testing/order-page.ts';

// The gateway's checkout, as the customer leaves it: paid (its answer) or closed (null).
const gateway = vi.hoisted(() => ({ openCheckout: vi.fn() }));
vi.mock('../lib/checkout.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CheckoutModule>()),
  openCheckout: gateway.openCheckout,
}));

// The order page and the language layer it shows in, compiled once before the first test's clock runs.
beforeAll(async () => {
  await import('../pages/order.tsx');
  await inLanguage(createElement('main'));
});

beforeEach(() => {
  gateway.openCheckout.mockReset();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const hour = 3_600_000;

/** Order #421, delivered by an executive an hour ago. */
function deliveredOrder(changes: Partial<CustomerOrder> = {}): CustomerOrder {
  return {
    id: 'o1',
    number: 421,
    storeId: 'store-1',
    storeName: 'Near Mart',
    customerId: 'c1',
    customerName: 'Asha',
    customerPhone: '9800000001',
    placedAt: new Date(Date.now() - 2 * hour).toISOString(),
    status: -2,
    state: 0,
    items: [{ itemId: 'milk', itemName: 'Milk', itemQuantity: 2, itemPricePaise: 3_000 }],
    itemsTotalPaise: 6_000,
    couponCode: null,
    offer: null,
    discountPaise: 0,
    charges: [],
    chargesTotalPaise: 0,
    billAmountPaise: 6_000,
    deliveryAddress: null,
    paymentMode: 'COD',
    paid: true,
    note: null,
    ifMissing: 'CALL',
    deliveryCode: null,
    cancelReason: null,
    refundedPaise: 0,
    upiReference: null,
    payBy: null,
    paymentDuePaise: 0,
    slot: null,
    rating: null,
    storePhone: '9800000000',
    timeline: [{ status: -2, at: new Date(Date.now() - hour).toISOString() }],
    tip: null,
    tipUntil: new Date(Date.now() + 47 * hour).toISOString(),
    ratingUntil: null,
    deliveredBy: null,
    executive: null,
    ...changes,
  };
}

const checkout: Checkout = {
  provider: 'razorpay',
  keyId: 'rzp_test_key',
  scriptUrl: 'https://checkout.example/checkout.js',
  gatewayOrderId: 'order_T1',
  amountPaise: 2_000,
  currency: 'INR',
  payBy: new Date(Date.now() + hour).toISOString(),
  name: 'Fresh',
};

const paid: CheckoutAnswer = {
  razorpay_payment_id: 'pay_T1',
  razorpay_order_id: 'order_T1',
  razorpay_signature: 'a'.repeat(64),
};

type Call = { method: string; path: string; body: unknown };
type Answer = { status: number; body: unknown };

/**
 * The server of one order: it answers the order as it is, the tip's checkout as `tip` says, and
 * its verify with the tip paid (the order then has it); the live stream stays open and quiet.
 */
function serve(
  order: CustomerOrder,
  tip: (body: unknown) => Answer = () => ({ status: 200, body: checkout }),
) {
  const calls: Call[] = [];
  let current = order;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace('/api/storefront', '');
      if (path === '/events') return new Response(new ReadableStream(), { status: 200 });
      const method = init.method ?? 'GET';
      const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
      calls.push({ method, path, body });
      const reply = (answer: Answer) => new Response(JSON.stringify(answer.body), { status: answer.status });
      if (method === 'GET' && path === `/orders/${order.id}`) return reply({ status: 200, body: current });
      if (method === 'POST' && path === `/orders/${order.id}/tip`) return reply(tip(body));
      if (method === 'POST' && path === `/orders/${order.id}/tip/verify`) {
        const given: Tip = { amountPaise: 2_000, method: 'ONLINE', paidAt: new Date().toISOString() };
        current = { ...current, tip: given, tipUntil: null };
        return reply({ status: 200, body: given });
      }
      return reply({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    }),
  );
  return calls;
}

/** The order page of the signed-in customer's order, once it has loaded. */
async function openOrder(orderId = 'o1') {
  await showOrderPage(orderId);
  return userEvent.setup();
}

/** The tip panel, once its form has loaded. */
async function tipPanel() {
  const panel = await screen.findByRole('region', { name: 'Tip your delivery executive' });
  await within(panel).findByRole('group', { name: 'Tip amount' });
  return panel;
}

const tipCalls = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

describe('tipping the delivery executive', () => {
  it('is offered, with the suggested amounts and cash at the door, while tipUntil is ahead and there is no tip', async () => {
    serve(deliveredOrder());
    await openOrder();
    const panel = await tipPanel();
    expect(
      within(within(panel).getByRole('group', { name: 'Tip amount' }))
        .getAllByRole('button')
        .map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
    ).toEqual([
      ['₹10', 'false'],
      ['₹20', 'false'],
      ['₹30', 'false'],
      ['₹50', 'false'],
    ]);
    expect(within(panel).getByLabelText('Other amount (₹)')).toBeTruthy();
    expect(within(panel).getByText('You can also tip in cash at the door.')).toBeTruthy();
    // What jsdom can judge: names, roles, ARIA (colours need a browser that draws the page).
    const { violations } = await axe.run(panel, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });

  it.each([
    ['tipUntil has passed', { tipUntil: new Date(Date.now() - 1_000).toISOString() }],
    ['there is no tipUntil', { tipUntil: null }],
  ])('is not offered when %s', async (_, changes) => {
    serve(deliveredOrder(changes));
    await openOrder();
    expect(screen.queryByRole('region', { name: 'Tip your delivery executive' })).toBeNull();
    expect(screen.queryByText(/tip/i)).toBeNull();
  });

  it('is not offered when the order has a tip, even with tipUntil ahead', async () => {
    const tip: Tip = { amountPaise: 3_000, method: 'CASH', paidAt: new Date().toISOString() };
    serve(deliveredOrder({ tip }));
    await openOrder();
    expect(screen.getByText('You tipped ₹30 in cash. Thank you!')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Tip your delivery executive' })).toBeNull();
    expect(screen.queryByLabelText('Other amount (₹)')).toBeNull();
  });

  it('pays ₹20: asks for its checkout, opens it, verifies the checkout’s answer, thanks, and reads the order again', async () => {
    const calls = serve(deliveredOrder());
    let pay!: (answer: CheckoutAnswer) => void;
    gateway.openCheckout.mockReturnValue(new Promise((resolve) => (pay = resolve)));
    const user = await openOrder();
    const panel = await tipPanel();

    await user.click(within(panel).getByRole('button', { name: '₹20' }));
    expect(within(panel).getByRole('button', { name: '₹20' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(panel).getByRole('button', { name: 'Pay ₹20 tip' }));

    // Busy while the checkout is open: nothing can change or be sent twice.
    const busy = await within(panel).findByRole('button', { name: 'Opening the payment…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel).getByRole('button', { name: '₹20' }).matches(':disabled')).toBe(true);
    expect(tipCalls(calls)).toEqual([
      { method: 'POST', path: '/orders/o1/tip', body: { amountPaise: 2_000 } },
    ]);
    // The checkout's code loads first.
    await waitFor(() =>
      expect(gateway.openCheckout).toHaveBeenCalledWith(
        checkout,
        expect.objectContaining({ description: 'Tip for order #421', name: 'Asha', phone: '9800000001' }),
      ),
    );

    const readsBefore = calls.filter((call) => call.method === 'GET').length;
    pay(paid);
    const thanks = await screen.findByText('You tipped ₹20. Thank you!');
    expect(tipCalls(calls)).toEqual([
      { method: 'POST', path: '/orders/o1/tip', body: { amountPaise: 2_000 } },
      {
        method: 'POST',
        path: '/orders/o1/tip/verify',
        body: { paymentId: 'pay_T1', gatewayOrderId: 'order_T1', signature: 'a'.repeat(64) },
      },
    ]);
    expect(document.activeElement).toBe(thanks);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBe(readsBefore + 1));
    expect(screen.queryByRole('region', { name: 'Tip your delivery executive' })).toBeNull();
    expect(screen.getByText('You tipped ₹20. Thank you!')).toBe(thanks);
  });

  it('says under "Other" that ₹0.50 is less than the least tip, and asks for nothing', async () => {
    const calls = serve(deliveredOrder());
    const user = await openOrder();
    const panel = await tipPanel();
    const other = within(panel).getByLabelText('Other amount (₹)');

    await user.type(other, '0.5{Enter}');
    const error = await within(panel).findByText('must be at least ₹1.00');
    expect(other.getAttribute('aria-invalid')).toBe('true');
    expect(other.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(within(panel).getByRole('button', { name: 'Pay tip' })).toBeTruthy();
    expect(tipCalls(calls)).toEqual([]);
    expect(gateway.openCheckout).not.toHaveBeenCalled();

    // An amount within the limits is taken as typed.
    await user.clear(other);
    await user.type(other, '12.5');
    expect(within(panel).queryByText('must be at least ₹1.00')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Pay ₹12.50 tip' })).toBeTruthy();
  });

  it('stays as it was when the checkout is closed without paying', async () => {
    const calls = serve(deliveredOrder());
    gateway.openCheckout.mockResolvedValue(null);
    const user = await openOrder();
    const panel = await tipPanel();

    await user.click(within(panel).getByRole('button', { name: '₹50' }));
    await user.click(within(panel).getByRole('button', { name: 'Pay ₹50 tip' }));
    const again = await within(panel).findByRole('button', { name: 'Pay ₹50 tip' });
    expect((again as HTMLButtonElement).disabled).toBe(false);
    expect(within(panel).getByRole('button', { name: '₹50' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(tipCalls(calls).map((call) => call.path)).toEqual(['/orders/o1/tip']);
  });

  it('shows the server’s refusal in the panel, and its word on the amount under the amount', async () => {
    let refusal: Answer = {
      status: 409,
      body: { error: { code: 'conflict', message: 'This order has a tip already' } },
    };
    serve(deliveredOrder(), () => refusal);
    const user = await openOrder();
    const panel = await tipPanel();

    await user.click(within(panel).getByRole('button', { name: '₹10' }));
    await user.click(within(panel).getByRole('button', { name: 'Pay ₹10 tip' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('This order has a tip already');
    expect(gateway.openCheckout).not.toHaveBeenCalled();

    refusal = {
      status: 400,
      body: {
        error: {
          code: 'invalid_input',
          message: 'Check the amount',
          fields: { amountPaise: 'must be at most ₹1,000.00' },
        },
      },
    };
    await user.click(within(panel).getByRole('button', { name: 'Pay ₹10 tip' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('must be at most ₹1,000.00');
    expect(within(panel).getByLabelText('Other amount (₹)').getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['ONLINE', 2_000, 'You tipped ₹20. Thank you!'],
    ['CASH', 5_000, 'You tipped ₹50 in cash. Thank you!'],
  ] as const)('thanks for a tip paid %s, and offers no other', async (method, amountPaise, text) => {
    serve(deliveredOrder({ tip: { amountPaise, method, paidAt: new Date().toISOString() }, tipUntil: null }));
    await openOrder();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Tip your delivery executive' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });
});
