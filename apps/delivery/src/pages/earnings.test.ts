import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryEarning, DeliveryEarnings } from '@storedesk/shared/delivery/earnings';

// The live stream is not opened here: the test says when the app hears of a change.
vi.mock('@storedesk/web/event-stream', () => ({ openEventStream: () => () => undefined }));

/** Wednesday 2 December 2026, 3:30 PM in Kolkata: the week runs from Monday 30 November. */
const now = new Date('2026-12-02T10:00:00.000Z');

const noTip: DeliveryEarning = {
  orderId: 'o3',
  number: 432,
  storeName: 'Near Mart',
  deliveredAt: '2026-12-02T09:00:00.000Z',
  feePaise: 4_500,
  tip: null,
  cashCollectedPaise: 0,
  paidOut: false,
};
const tippedOnline: DeliveryEarning = {
  orderId: 'o2',
  number: 431,
  storeName: 'Fresh Corner',
  deliveredAt: '2026-12-02T04:15:00.000Z',
  feePaise: 5_200,
  tip: { amountPaise: 2_000, method: 'ONLINE', paidAt: '2026-12-02T04:30:00.000Z' },
  cashCollectedPaise: 139_800,
  paidOut: true,
};
/** Delivered 53 hours before now: too long ago for a tip. */
const older: DeliveryEarning = {
  orderId: 'o1',
  number: 405,
  storeName: 'Near Mart',
  deliveredAt: '2026-11-30T05:00:00.000Z',
  feePaise: 4_000,
  tip: null,
  cashCollectedPaise: 0,
  paidOut: true,
};
const tippedCash: DeliveryEarning = {
  orderId: 'o0',
  number: 404,
  storeName: 'Near Mart',
  deliveredAt: '2026-11-30T04:00:00.000Z',
  feePaise: 4_000,
  tip: { amountPaise: 5_000, method: 'CASH', paidAt: '2026-11-30T04:05:00.000Z' },
  cashCollectedPaise: 0,
  paidOut: false,
};

const owed = { cashInHandPaise: 139_800, toBePaidPaise: 54_300 };

const today: DeliveryEarnings = {
  period: 'today',
  from: '2026-12-02',
  to: '2026-12-02',
  items: [noTip, tippedOnline],
  totals: {
    deliveries: 2,
    feesPaise: 9_700,
    tipsOnlinePaise: 2_000,
    tipsCashPaise: 0,
    earningsPaise: 11_700,
    cashCollectedPaise: 139_800,
  },
  ...owed,
};
const week: DeliveryEarnings = {
  period: 'week',
  from: '2026-11-30',
  to: '2026-12-06',
  items: [noTip, tippedOnline, older, tippedCash],
  totals: {
    deliveries: 4,
    feesPaise: 17_700,
    tipsOnlinePaise: 2_000,
    tipsCashPaise: 5_000,
    earningsPaise: 24_700,
    cashCollectedPaise: 139_800,
  },
  ...owed,
};
const empty = (period: 'today' | 'week'): DeliveryEarnings => ({
  period,
  from: period === 'today' ? today.from : week.from,
  to: period === 'today' ? today.to : week.to,
  items: [],
  totals: {
    deliveries: 0,
    feesPaise: 0,
    tipsOnlinePaise: 0,
    tipsCashPaise: 0,
    earningsPaise: 0,
    cashCollectedPaise: 0,
  },
  ...owed,
});

type Asked = { method: string; url: string; body: unknown; authorization: string | undefined };
type Answer = { status: number; body: unknown };

/**
 * The server: `answer` says what each request gets (the open orders' list is empty); every
 * request is kept, in order.
 */
function serve(answer: (request: Asked) => Answer) {
  const asked: Asked[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      const request = {
        method: init.method ?? 'GET',
        url,
        body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
        authorization: headers.authorization,
      };
      if (url === '/api/delivery/orders') return new Response(JSON.stringify({ items: [] }), { status: 200 });
      asked.push(request);
      const { status, body } = answer(request);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return asked;
}

const reads = (asked: Asked[]) => asked.filter((request) => request.method === 'GET').map((r) => r.url);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  localStorage.setItem(
    'storedesk:deliver:session',
    JSON.stringify({
      token: 't1',
      user: { id: 'dex-1', name: 'Ravi' },
      business: { name: 'Near Mart', timeZone: 'Asia/Kolkata' },
      onDuty: true,
    }),
  );
  window.history.replaceState(null, '', '/deliver/_app/earnings');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The page, afresh (the answers already had are kept by module), in the app's language layer: English here. */
async function openPage() {
  vi.resetModules();
  const { default: EarningsPage } = await import('./earnings.tsx');
  const { LanguageProvider } = await import('@storedesk/web/i18n');
  const { i18n } = await import('../i18n/index.ts');
  render(createElement(LanguageProvider, { i18n, children: createElement(EarningsPage) }));
}

/** A description list's terms and values, as the executive reads them. */
const pairs = (list: Element) =>
  [...list.querySelectorAll(':scope > div')].map((line) => [
    line.querySelector('dt')?.textContent,
    line.querySelector('dd')?.textContent,
  ]);

const summary = () =>
  [...screen.getByRole('region', { name: 'Summary' }).querySelectorAll('dl')].flatMap(pairs);

/** Each delivery's card: its heading, its mark, its line of store and time, its money, its button. */
const rows = () =>
  within(screen.getByRole('list', { name: 'Deliveries' }))
    .getAllByRole('listitem')
    .map((row) => ({
      heading: within(row).getByRole('heading').textContent,
      mark: row.querySelector('.pill')?.textContent ?? null,
      line: row.querySelector('.line')?.textContent,
      money: pairs(row.querySelector('dl')!),
      button: within(row).queryByRole('button')?.textContent ?? null,
    }));

describe('the Earnings page of the delivery app', () => {
  it('shows today’s figures and each delivery, with a cash tip offered only where there is no tip', async () => {
    const asked = serve(() => ({ status: 200, body: today }));
    await openPage();
    await screen.findByRole('list', { name: 'Deliveries' });

    expect(asked).toEqual([
      {
        method: 'GET',
        url: '/api/delivery/earnings?period=today',
        body: undefined,
        authorization: 'Bearer t1',
      },
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Earnings');
    expect(screen.getByRole('tab', { name: 'Today' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'This week' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('region', { name: 'Summary' }).querySelector('p')?.textContent).toBe(
      '02/12/2026',
    );
    expect(summary()).toEqual([
      ['Deliveries', '2'],
      ['Earnings', '₹117.00'],
      ['Of which tips', '₹20.00'],
      ['Cash in hand', '₹1,398.00'],
      ['To be paid out', '₹543.00'],
    ]);
    expect(rows()).toEqual([
      {
        heading: 'Order #432',
        mark: null,
        line: 'Near Mart · 02/12/2026 02:30 PM',
        money: [['Fee', '₹45.00']],
        button: 'Record cash tip',
      },
      {
        heading: 'Order #431',
        mark: 'Paid out',
        line: 'Fresh Corner · 02/12/2026 09:45 AM',
        money: [
          ['Fee', '₹52.00'],
          ['Tip (online)', '₹20.00'],
          ['Cash collected', '₹1,398.00'],
        ],
        button: null,
      },
    ]);
  });

  it('asks for the week when This week is chosen, by a tap or by the arrow keys', async () => {
    const asked = serve((request) => ({
      status: 200,
      body: request.url.endsWith('period=week') ? week : today,
    }));
    const user = userEvent.setup();
    await openPage();
    await screen.findByRole('list', { name: 'Deliveries' });

    await user.click(screen.getByRole('tab', { name: 'This week' }));
    await waitFor(() => expect(summary()[0]).toEqual(['Deliveries', '4']));
    expect(reads(asked)).toEqual([
      '/api/delivery/earnings?period=today',
      '/api/delivery/earnings?period=week',
    ]);
    expect(window.location.search).toBe('?period=week');
    expect(screen.getByRole('tab', { name: 'This week' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: 'This week' }).id,
    );
    expect(screen.getByRole('region', { name: 'Summary' }).querySelector('p')?.textContent).toBe(
      '30/11/2026 to 06/12/2026',
    );
    expect(summary()).toEqual([
      ['Deliveries', '4'],
      ['Earnings', '₹247.00'],
      ['Of which tips', '₹70.00'],
      ['Cash in hand', '₹1,398.00'],
      ['To be paid out', '₹543.00'],
    ]);
    expect(rows().slice(2)).toEqual([
      {
        heading: 'Order #405',
        mark: 'Paid out',
        line: 'Near Mart · 30/11/2026 10:30 AM',
        money: [['Fee', '₹40.00']],
        button: null,
      },
      {
        heading: 'Order #404',
        mark: null,
        line: 'Near Mart · 30/11/2026 09:30 AM',
        money: [
          ['Fee', '₹40.00'],
          ['Tip (cash)', '₹50.00'],
        ],
        button: null,
      },
    ]);

    // The selected tab is the one Tab reaches; the arrow keys move and choose.
    expect(screen.getByRole('tab', { name: 'Today' }).tabIndex).toBe(-1);
    screen.getByRole('tab', { name: 'This week' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Today' }));
    await waitFor(() => expect(summary()[0]).toEqual(['Deliveries', '2']));
    expect(window.location.search).toBe('');
    expect(reads(asked).at(-1)).toBe('/api/delivery/earnings?period=today');
  });

  it('says there were no deliveries today, or this week', async () => {
    serve((request) => ({
      status: 200,
      body: empty(request.url.endsWith('period=week') ? 'week' : 'today'),
    }));
    const user = userEvent.setup();
    await openPage();
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('No deliveries today');
    expect(screen.queryByRole('list', { name: 'Deliveries' })).toBeNull();
    expect(summary()[0]).toEqual(['Deliveries', '0']);

    await user.click(screen.getByRole('tab', { name: 'This week' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('No deliveries this week'),
    );
  });

  it('says what failed and reads again on Try again', async () => {
    let failing = true;
    serve(() =>
      failing
        ? { status: 503, body: { error: { code: 'unavailable', message: 'The server is busy. Try again.' } } }
        : { status: 200, body: today },
    );
    const user = userEvent.setup();
    await openPage();
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')?.textContent).toBe('The server is busy. Try again.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Deliveries' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads again when the app hears that the orders changed', async () => {
    const asked = serve(() => ({ status: 200, body: today }));
    await openPage();
    await screen.findByRole('list', { name: 'Deliveries' });
    const { useLiveOrders } = await import('../lib/live.ts');
    const { renderHook } = await import('@testing-library/react');
    renderHook(() => useLiveOrders('t1'));
    await act(async () => undefined);
    expect(reads(asked)).toHaveLength(1);

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(reads(asked)).toHaveLength(2));
  });

  it('records a cash tip of ₹20 as 2000 paise, and shows the row and the totals the server answers', async () => {
    const tipped: DeliveryEarning = {
      ...noTip,
      tip: { amountPaise: 2_000, method: 'CASH', paidAt: now.toISOString() },
    };
    let after = false;
    const asked = serve((request) => {
      if (request.method === 'POST') {
        after = true;
        return { status: 200, body: tipped };
      }
      return {
        status: 200,
        body: after
          ? {
              ...today,
              items: [tipped, tippedOnline],
              totals: { ...today.totals, tipsCashPaise: 2_000, earningsPaise: 13_700 },
            }
          : today,
      };
    });
    const user = userEvent.setup();
    await openPage();
    await screen.findByRole('list', { name: 'Deliveries' });

    await user.click(screen.getByRole('button', { name: 'Record cash tip' }));
    const form = screen.getByRole('form', { name: 'Cash tip for order #432' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Cash tip in ₹'));
    await user.type(within(form).getByLabelText('Cash tip in ₹'), '20{Enter}');

    expect(asked.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/delivery/orders/o3/tip',
        body: { amountPaise: 2000 },
        authorization: 'Bearer t1',
      },
    ]);
    await waitFor(() => expect(summary()[1]).toEqual(['Earnings', '₹137.00']));
    expect(summary()[2]).toEqual(['Of which tips', '₹40.00']);
    expect(rows()[0]).toEqual({
      heading: 'Order #432',
      mark: null,
      line: 'Near Mart · 02/12/2026 02:30 PM',
      money: [
        ['Fee', '₹45.00'],
        ['Tip (cash)', '₹20.00'],
      ],
      button: null,
    });
    expect(screen.getByRole('status').textContent).toBe('Cash tip recorded.');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows the server’s word on the amount under the field, and checks the amount before sending', async () => {
    const asked = serve((request) =>
      request.method === 'POST'
        ? {
            status: 400,
            body: {
              error: {
                code: 'validation',
                message: 'Check the highlighted fields',
                fields: { amountPaise: 'must be at least ₹1.00' },
              },
            },
          }
        : { status: 200, body: today },
    );
    const user = userEvent.setup();
    await openPage();
    await screen.findByRole('list', { name: 'Deliveries' });
    await user.click(screen.getByRole('button', { name: 'Record cash tip' }));
    const form = screen.getByRole('form', { name: 'Cash tip for order #432' });
    const amount = within(form).getByLabelText('Cash tip in ₹');
    const posts = () => asked.filter((request) => request.method === 'POST');

    await user.type(amount, '20');
    await user.click(within(form).getByRole('button', { name: 'Save tip' }));
    await waitFor(() =>
      expect(within(form).getByText('must be at least ₹1.00').className).toBe('field-error'),
    );
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toBe(within(form).getByText('must be at least ₹1.00').id);
    expect(posts()).toHaveLength(1);

    // Checked here as the server checks it: no request for an amount it would refuse.
    await user.clear(amount);
    await user.type(amount, '1500{Enter}');
    expect(within(form).getByText('must be at most ₹1,000.00').className).toBe('field-error');
    await user.clear(amount);
    await user.type(amount, 'twenty{Enter}');
    expect(within(form).getByText('Enter an amount in rupees, such as 140.50').className).toBe('field-error');
    expect(posts()).toHaveLength(1);

    // Esc closes the form and gives the focus back to its button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record cash tip' }));
  });

  it('shows a refusal that is no field’s in the form', async () => {
    serve((request) =>
      request.method === 'POST'
        ? { status: 409, body: { error: { code: 'conflict', message: 'This order has a tip already' } } }
        : { status: 200, body: today },
    );
    const user = userEvent.setup();
    await openPage();
    await screen.findByRole('list', { name: 'Deliveries' });
    await user.click(screen.getByRole('button', { name: 'Record cash tip' }));
    await user.type(screen.getByLabelText('Cash tip in ₹'), '50{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('This order has a tip already');
  });
});
