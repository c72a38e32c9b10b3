import { act, cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderExecutive } from '@storedesk/shared/delivery/eta';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import { upiLink } from './order.tsx';
import { showOrderPage } from '../testing/order-page.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the UPI payment link', () => {
  it('names the business’s UPI address, the bill in rupees and the order, in the standard upi://pay form', () => {
    const link = new URL(upiLink('fresh@okbank', 'Fresh & Co', 76_550, 421));
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      pa: 'fresh@okbank',
      pn: 'Fresh & Co',
      am: '765.50',
      cu: 'INR',
      tn: 'Order #421',
    });
  });
});

/** Order #421, placed for cash on delivery, booked for `slot`. */
const placed = (slot: CustomerOrder['slot']): CustomerOrder => ({
  id: 'o1',
  number: 421,
  storeId: 'store-1',
  storeName: 'Near Mart',
  customerId: 'c1',
  customerName: 'Asha',
  customerPhone: '9800000001',
  placedAt: '2026-11-30T18:00:00+05:30',
  status: 0,
  state: 1,
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
  paid: false,
  note: null,
  ifMissing: 'CALL',
  deliveryCode: '4821',
  cancelReason: null,
  refundedPaise: 0,
  upiReference: null,
  payBy: null,
  paymentDuePaise: 0,
  slot,
  rating: null,
  storePhone: '9800000000',
  timeline: [{ status: 0, at: '2026-11-30T18:00:00+05:30' }],
  tip: null,
  tipUntil: null,
  ratingUntil: null,
  deliveredBy: null,
  executive: null,
});

/**
 * The server of one order: each read answers it as `current()` says then, and is counted; the live
 * stream stays open and quiet.
 */
function serve(current: () => CustomerOrder) {
  const reads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/events')) return new Response(new ReadableStream(), { status: 200 });
      reads.push(url.replace('/api/storefront', ''));
      return new Response(JSON.stringify(current()), { status: 200 });
    }),
  );
  return reads;
}

const showOrder = showOrderPage;

/** The order page of the signed-in customer's order, once it has loaded; the live stream stays quiet. */
async function openOrder(order: CustomerOrder) {
  serve(() => order);
  await showOrder(order.id);
}

describe('an order booked for a delivery slot', () => {
  it('shows its slot by its status, on the business’s clock', async () => {
    // 03:30 to 04:30 UTC: 9 to 10 in the morning in Kolkata.
    await openOrder(placed({ startsAt: '2026-12-01T03:30:00.000Z', endsAt: '2026-12-01T04:30:00.000Z' }));
    const status = screen.getByText('Status:', { exact: false });
    const slot = status.nextElementSibling;
    expect(slot?.textContent).toBe('Delivery slot: Tue 01/12, 09:00 AM – 10:00 AM');
  });

  it('shows none for an order as soon as possible', async () => {
    await openOrder(placed(null));
    expect(screen.queryByText(/Delivery slot/)).toBeNull();
  });
});

/** Ravi, on his way 12 minutes from the door, reached on his own phone. */
const ravi: NonNullable<OrderExecutive> = {
  firstName: 'Ravi',
  callNumber: '+91-9800012346',
  viaHelpline: false,
  etaMinutes: 12,
  seenAt: '2026-11-30T13:02:40.000Z',
};

/** Order #421 confirmed (1) or picked up (2), with its executive as `executive` says. */
const onItsWay = (status: 1 | 2, executive: OrderExecutive = ravi): CustomerOrder => ({
  ...placed(null),
  status,
  timeline: [
    { status: 0, at: '2026-11-30T18:00:00+05:30' },
    { status: 1, at: '2026-11-30T18:10:00+05:30' },
    ...(status === 2 ? [{ status: 2, at: '2026-11-30T18:25:00+05:30' }] : []),
  ],
  executive,
});

/** The same order delivered: the executive is no longer shown. */
const delivered = (): CustomerOrder => ({
  ...placed(null),
  status: -2,
  state: 0,
  paid: true,
  deliveryCode: null,
  timeline: [{ status: -2, at: '2026-11-30T18:40:00+05:30' }],
});

/** The executive's card, by its title. */
const card = (title: string) => screen.getByRole('region', { name: title });
/** Either title the card has. */
const anyCard = /^Ravi (will pick up|is delivering) your order$/;

describe('the executive of an order on its way', () => {
  // Read at 06:33 PM in Kolkata (13:03 UTC): 12 minutes on is 06:45 PM. Only the clock is faked.
  const readAt = new Date('2026-11-30T13:03:00.000Z');

  it('says who brings a picked-up order, when it arrives on the business’s clock, and calls them', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: readAt });
    await openOrder(onItsWay(2));
    const shown = card('Ravi is delivering your order');
    expect(within(shown).getByText('Arrives in about 12 min, by 06:45 PM')).toBeTruthy();
    const call = within(shown).getByRole('link', { name: 'Call Ravi' });
    expect(call.getAttribute('href')).toBe('tel:+91-9800012346');
    expect(within(shown).queryByText(/helpline/)).toBeNull();
    // By the status, before the order's progress.
    const status = screen.getByText('Status:', { exact: false });
    expect(status.compareDocumentPosition(shown) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      shown.compareDocumentPosition(screen.getByRole('list', { name: 'Order progress' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // What jsdom can judge: names, roles, ARIA (colours need a browser that draws the page).
    const { violations } = await axe.run(shown.closest('.panel')!, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says who will pick up a confirmed order', async () => {
    await openOrder(onItsWay(1));
    const shown = card('Ravi will pick up your order');
    expect(within(shown).getByText(/^Arrives in about 12 min, by \d{2}:\d{2} [AP]M$/)).toBeTruthy();
    expect(screen.queryByText(/is delivering your order/)).toBeNull();
  });

  it('says the arrival is not known yet when there is no estimate', async () => {
    await openOrder(onItsWay(2, { ...ravi, etaMinutes: null, seenAt: null }));
    const shown = card('Ravi is delivering your order');
    expect(within(shown).getByText('Arrival time not known yet')).toBeTruthy();
    expect(within(shown).queryByText(/Arrives in/)).toBeNull();
    expect(within(shown).getByRole('link', { name: 'Call Ravi' })).toBeTruthy();
  });

  it('calls through the store’s helpline when the business has one, and says so', async () => {
    await openOrder(onItsWay(2, { ...ravi, callNumber: '1800-200-300', viaHelpline: true }));
    const shown = card('Ravi is delivering your order');
    const call = within(shown).getByRole('link', { name: 'Call Ravi (through the store’s helpline)' });
    expect(call.getAttribute('href')).toBe('tel:1800-200-300');
    expect(within(call).getByText('(through the store’s helpline)').className).toBe('small');
    const { violations } = await axe.run(shown, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });

  it.each([
    ['placed', placed(null)],
    ['delivered', delivered()],
    ['confirmed without an executive', onItsWay(1, null)],
  ])('shows none while the order is %s', async (_, order) => {
    await openOrder(order);
    expect(screen.queryByRole('region', { name: anyCard })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Call Ravi/ })).toBeNull();
  });
});

describe('the order on its way, read again', () => {
  /** The page, its reads counted, with only intervals faked (the page's loads still settle). */
  async function following(current: () => CustomerOrder) {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const reads = serve(current);
    await showOrder();
    return reads;
  }
  const thirtySeconds = () => act(() => vi.advanceTimersByTimeAsync(30_000));

  it('reads the order every 30 s while shown, and shows the newer estimate', async () => {
    let order = onItsWay(2);
    const reads = await following(() => order);
    expect(reads).toEqual(['/orders/o1']);

    order = onItsWay(2, { ...ravi, etaMinutes: 5 });
    await act(() => vi.advanceTimersByTimeAsync(29_999));
    expect(reads).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(reads).toEqual(['/orders/o1', '/orders/o1']);
    const shown = card('Ravi is delivering your order');
    expect(await within(shown).findByText(/^Arrives in about 5 min/)).toBeTruthy();
  });

  it('does not read while the page is hidden, and reads at once when it is shown again', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const reads = await following(() => onItsWay(2));

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await thirtySeconds();
    await thirtySeconds();
    expect(reads).toHaveLength(1);

    visibility = 'visible';
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(reads).toHaveLength(2);
  });

  it('drops the card once the order is delivered, and reads no more', async () => {
    let order = onItsWay(2);
    const reads = await following(() => order);
    card('Ravi is delivering your order');

    order = delivered();
    await thirtySeconds();
    await vi.waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Delivered'));
    expect(screen.queryByRole('region', { name: anyCard })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Call Ravi/ })).toBeNull();
    expect(reads).toHaveLength(2);

    await thirtySeconds();
    await thirtySeconds();
    expect(reads).toHaveLength(2);
  });

  it('does not read again an order that is not on its way', async () => {
    const reads = await following(() => placed(null));
    await thirtySeconds();
    await thirtySeconds();
    expect(reads).toHaveLength(1);
  });
});

describe('an order in the language the customer chose', () => {
  it('speaks Kannada: the status and its steps, the slot, the code, payment and help; the store’s words as written', async () => {
    localStorage.setItem('storedesk:dev:language', '"kn"');
    serve(() => ({
      ...placed({ startsAt: '2026-12-01T03:30:00.000Z', endsAt: '2026-12-01T04:30:00.000Z' }),
      ifMissing: 'SUBSTITUTE',
    }));
    await showOrder('o1', 'ಆರ್ಡರ್ #421');
    expect(document.documentElement.lang).toBe('kn');
    expect(screen.getByTestId('order-status').textContent).toBe('ಆರ್ಡರ್ ಆಗಿದೆ');
    expect(screen.getByText('ಸ್ಥಿತಿ:', { exact: false }).nextElementSibling?.textContent).toMatch(
      /^ಡೆಲಿವರಿ ಸ್ಲಾಟ್: ಮಂಗಳ 01\/12, 09:00 \S+ – 10:00 \S+$/,
    );
    const steps = within(screen.getByRole('list', { name: 'ಆರ್ಡರ್ ಪ್ರಗತಿ' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('strong')?.textContent)).toEqual([
      'ಆರ್ಡರ್ ಆಗಿದೆ',
      'ಕನ್ಫರ್ಮ್ ಆಗಿದೆ',
      'ಪಿಕಪ್ ಆಗಿದೆ',
      'ಡೆಲಿವರಿ ಆಗಿದೆ',
    ]);
    // The news of its status as its texts word it.
    expect(steps[0]!.textContent).toContain('Near Mart ನಿಮ್ಮ ಆರ್ಡರ್ ಪಡೆದಿದೆ.');
    expect(screen.getByText('ಡೆಲಿವರಿ ಕೋಡ್', { exact: false }).querySelector('strong')?.textContent).toBe('4821');
    expect(screen.getByText('ಪಾವತಿ: ಕ್ಯಾಶ್ ಆನ್ ಡೆಲಿವರಿ')).toBeTruthy();
    expect(screen.getByText('ಯಾವುದಾದರೂ ಸಾಮಾನು ಇಲ್ಲದಿದ್ದರೆ: ಅದರ ಬದಲು ಅಂಥದ್ದೇ ಬೇರೆ ಸಾಮಾನು ಕಳುಹಿಸಿ')).toBeTruthy();
    // The bill: the items by their names as the store wrote them, money as bills show it.
    const bill = screen.getByRole('region', { name: 'ಬಿಲ್' });
    expect([...bill.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Milk × 2',
      'ಸಾಮಾನು',
      'ಪಾವತಿಸಬೇಕಾದ ಮೊತ್ತ',
    ]);
    expect(bill.querySelector('.total dd')?.textContent).toBe('₹60.00');
    expect(screen.getByRole('button', { name: 'ಈ ಆರ್ಡರ್ ರದ್ದು ಮಾಡಿ' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Near Mart ಗೆ ಕಾಲ್ ಮಾಡಿ' }).getAttribute('href')).toBe(
      'tel:9800000000',
    );
    expect(document.body.textContent).not.toMatch(/Status|Delivery|Payment|Need help|Placed|Cancel/);
  });
});
