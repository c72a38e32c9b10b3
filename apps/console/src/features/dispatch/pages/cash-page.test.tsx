import type { CashRow, CashSettlementInput } from '@storedesk/shared/delivery/schemas';
import { deliveryMessages } from '@storedesk/shared/delivery/rules';
import { addDays, cashToSettlePaise } from '@storedesk/shared/delivery/dispatch';
import { businessDay, formatDateTime, formatDay } from '@storedesk/shared/dates';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { adminSession } from '@/testing/fixtures.ts';
import { setViewportWidth } from '@/testing/viewport.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';

beforeAll(() => loadScreensOf('/dispatch/cash'), LOADING_SCREENS_MS);

const timeZone = adminSession.business.timeZone;
const today = businessDay(Date.now(), timeZone);

const raviDay: CashRow = {
  executiveId: 'e0000000-0000-4000-8000-000000000001',
  executiveName: 'Ravi Kumar',
  day: '2026-11-25',
  orders: 3,
  collectedPaise: 123_450,
  settledPaise: null,
  settledAt: null,
  settledByName: null,
};
const meenaDay: CashRow = {
  executiveId: 'e0000000-0000-4000-8000-000000000002',
  executiveName: 'Meena Das',
  day: '2026-11-24',
  orders: 1,
  collectedPaise: 50_000,
  settledPaise: 50_000,
  settledAt: '2026-11-24T14:00:00.000Z',
  settledByName: 'Olivia Owner',
};

/**
 * The cash API over `rows`, as the server judges: a settlement is refused (409) when nothing is
 * left to settle or when the amount collected differs from the one the screen showed; otherwise
 * the day is settled up to all that was collected.
 */
function cashServer(rows: CashRow[]) {
  const state = { rows: [...rows] };
  const totals = () => ({
    collectedPaise: state.rows.reduce((sum, row) => sum + row.collectedPaise, 0),
    settledPaise: state.rows.reduce((sum, row) => sum + (row.settledPaise ?? 0), 0),
  });
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    'GET /api/dispatch/cash': () => json(200, { items: state.rows, totals: totals() }),
    'POST /api/dispatch/cash/settlements': (call) => {
      const input = call.body as CashSettlementInput;
      const row = state.rows.find((each) => each.executiveId === input.executiveId && each.day === input.day);
      if (!row) return apiError(400, 'invalid_input', deliveryMessages.nothingToSettle);
      if (cashToSettlePaise(row) === 0) {
        return apiError(409, 'conflict', deliveryMessages.settledAlready, { current: row });
      }
      if (row.collectedPaise !== input.collectedPaise) {
        return apiError(409, 'conflict', 'More cash was collected since', { current: row });
      }
      const settled: CashRow = {
        ...row,
        settledPaise: row.collectedPaise,
        settledAt: '2026-11-27T09:00:00.000Z',
        settledByName: adminSession.user.name,
      };
      state.rows = state.rows.map((each) => (each === row ? settled : each));
      return json(200, settled);
    },
  });
  return { api, state };
}

describe('Cash to settle', () => {
  it('shows the last 7 business days by default: each executive’s day, what was settled by whom, and the totals', async () => {
    const { api } = cashServer([raviDay, meenaDay]);
    renderApp('/dispatch/cash');

    const table = await screen.findByRole('table', { name: 'Cash to settle' });
    await within(table).findByText('Ravi Kumar');
    const query = api.callsTo('GET /api/dispatch/cash')[0]!.query;
    expect([query.get('from'), query.get('to')]).toEqual([addDays(today, -6), today]);
    expect(screen.getByLabelText('From')).toHaveValue(formatDay(addDays(today, -6)));

    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ExecutiveDayOrdersCollectedSettledAction',
      'Ravi Kumar25/11/20263₹1,234.50Not settledSettle ₹1,234.50',
      `Meena Das24/11/20261₹500.00₹500.00 by Olivia Owner on ${formatDateTime(meenaDay.settledAt!, timeZone)}`,
      'Total₹1,734.50₹500.00 settled',
    ]);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/dispatch/cash.csv?from=${addDays(today, -6)}&to=${today}`,
    );
  });

  it('settles a day after a question naming the executive, the day and the amount', async () => {
    const { api } = cashServer([raviDay, meenaDay]);
    const { user } = renderApp('/dispatch/cash?from=2026-11-20&to=2026-11-26');

    await user.click(
      await screen.findByRole('button', { name: 'Settle ₹1,234.50 of Ravi Kumar, 25/11/2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Settle cash' });
    expect(dialog).toHaveTextContent(
      'Record that Ravi Kumar handed over ₹1,234.50 collected on 25/11/2026 (3 orders)?',
    );
    expect(api.callsTo('POST /api/dispatch/cash/settlements')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Settle ₹1,234.50' }));

    expect(await screen.findByText('Settled ₹1,234.50 from Ravi Kumar for 25/11/2026')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dispatch/cash/settlements')[0]?.body).toEqual({
      executiveId: raviDay.executiveId,
      day: '2026-11-25',
      collectedPaise: 123_450,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/₹1,234.50 by Arjun Admin/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /of Ravi Kumar/ })).not.toBeInTheDocument();
    expect(screen.getByText('₹1,734.50 settled')).toBeInTheDocument();
  });

  it('when more was collected meanwhile, shows the new amount and asks again', async () => {
    const { api, state } = cashServer([raviDay]);
    const { user } = renderApp('/dispatch/cash?from=2026-11-20&to=2026-11-26');

    await user.click(
      await screen.findByRole('button', { name: 'Settle ₹1,234.50 of Ravi Kumar, 25/11/2026' }),
    );
    // A fourth delivery is recorded while the question is open.
    state.rows = [{ ...raviDay, orders: 4, collectedPaise: 150_000 }];
    const dialog = await screen.findByRole('dialog', { name: 'Settle cash' });
    await user.click(within(dialog).getByRole('button', { name: 'Settle ₹1,234.50' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The cash changed since you looked: ₹1,500.00 collected in all, ₹1,500.00 to settle now (was ₹1,234.50).',
    );
    expect(dialog).toHaveTextContent('handed over ₹1,500.00 collected on 25/11/2026 (4 orders)?');
    await user.click(within(dialog).getByRole('button', { name: 'Settle ₹1,500.00' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/dispatch/cash/settlements').map((call) => call.body)).toEqual([
      { executiveId: raviDay.executiveId, day: raviDay.day, collectedPaise: 123_450 },
      { executiveId: raviDay.executiveId, day: raviDay.day, collectedPaise: 150_000 },
    ]);
  });

  it('settles what was collected after a mid-day settlement, as often as it comes in', async () => {
    // ₹2,557 settled at noon; one more delivery brought ₹192 after it.
    const settledAtNoon: CashRow = {
      ...raviDay,
      orders: 5,
      collectedPaise: 274_900,
      settledPaise: 255_700,
      settledAt: '2026-11-25T06:30:00.000Z',
      settledByName: 'Olivia Owner',
    };
    const { api, state } = cashServer([settledAtNoon]);
    const { user, queryClient } = renderApp('/dispatch/cash?from=2026-11-20&to=2026-11-26');

    const table = await screen.findByRole('table', { name: 'Cash to settle' });
    expect(await within(table).findByText(/₹192.00 to settle$/)).toHaveTextContent(
      `₹2,557.00 by Olivia Owner on ${formatDateTime(settledAtNoon.settledAt!, timeZone)}; ₹192.00 to settle`,
    );
    await user.click(screen.getByRole('button', { name: 'Settle ₹192.00 of Ravi Kumar, 25/11/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle cash' });
    expect(dialog).toHaveTextContent(
      'Record that Ravi Kumar handed over ₹192.00 more for 25/11/2026? ₹2,749.00 was collected that day in all (5 orders), ₹2,557.00 settled before.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Settle ₹192.00' }));

    expect(await screen.findByText('Settled ₹192.00 from Ravi Kumar for 25/11/2026')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dispatch/cash/settlements')[0]?.body).toEqual({
      executiveId: raviDay.executiveId,
      day: raviDay.day,
      collectedPaise: 274_900,
    });
    expect(await within(table).findByText(/^₹2,749.00 by Arjun Admin/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /of Ravi Kumar/ })).not.toBeInTheDocument();

    // And again, when another delivery comes in later the same day.
    state.rows = [{ ...state.rows[0]!, orders: 6, collectedPaise: 300_000 }];
    act(() =>
      applyLiveEvent(queryClient, {
        id: '1',
        topic: 'orders',
        action: 'updated',
        recordId: 'f0000000-0000-4000-8000-000000000006',
        zoneId: 'z1',
        at: new Date().toISOString(),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Settle ₹251.00 of Ravi Kumar, 25/11/2026' }));
    expect(await screen.findByRole('dialog', { name: 'Settle cash' })).toHaveTextContent(
      'handed over ₹251.00 more for 25/11/2026? ₹3,000.00 was collected that day in all (6 orders), ₹2,749.00 settled before.',
    );
  });

  it('says when a colleague settled the day meanwhile, and offers nothing more to do', async () => {
    const { state } = cashServer([raviDay]);
    const { user } = renderApp('/dispatch/cash?from=2026-11-20&to=2026-11-26');

    await user.click(
      await screen.findByRole('button', { name: 'Settle ₹1,234.50 of Ravi Kumar, 25/11/2026' }),
    );
    state.rows = [
      {
        ...raviDay,
        settledPaise: 123_450,
        settledAt: '2026-11-27T08:00:00.000Z',
        settledByName: 'Olivia Owner',
      },
    ];
    const dialog = await screen.findByRole('dialog', { name: 'Settle cash' });
    await user.click(within(dialog).getByRole('button', { name: 'Settle ₹1,234.50' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(deliveryMessages.settledAlready);
    expect(within(dialog).queryByRole('button', { name: /^Settle/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText(/₹1,234.50 by Olivia Owner/)).toBeInTheDocument();
  });

  it('asks for nothing while the range is reversed', async () => {
    const { api } = cashServer([raviDay]);
    renderApp('/dispatch/cash?from=2026-11-26&to=2026-11-20');
    expect(await screen.findByText('On or after From')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/dispatch/cash')).toHaveLength(0);
  });
});

describe('Cash to settle in the language chosen', () => {
  it('speaks Hindi: the title, the columns, each day’s row and the totals, the settle question and its message', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    onTestFinished(() => localStorage.removeItem('storedesk:console:language'));
    cashServer([raviDay, meenaDay]);
    const { user } = renderApp('/dispatch/cash?from=2026-11-20&to=2026-11-26');

    expect(await screen.findByRole('heading', { level: 1, name: 'बकाया नकद' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'डिस्पैच मैप' })).toHaveAttribute('href', '/dispatch');
    expect(screen.getByRole('link', { name: 'भुगतान' })).toHaveAttribute('href', '/dispatch/payouts');
    expect(screen.getByRole('link', { name: 'CSV डाउनलोड करें' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'बकाया नकद' });
    await within(table).findByText('Ravi Kumar');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'एग्ज़ीक्यूटिवदिनऑर्डरवसूलीजमाकार्रवाई',
      'Ravi Kumar25/11/20263₹1,234.50जमा नहीं हुआ₹1,234.50 जमा करें',
      expect.stringMatching(/^Meena Das24\/11\/20261₹500\.00₹500\.00 \(Olivia Owner, 24\/11\/2026, .+\)$/),
      'कुल₹1,734.50₹500.00 जमा',
    ]);

    await user.click(screen.getByRole('button', { name: 'Ravi Kumar का 25/11/2026 का ₹1,234.50 जमा करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'नकद जमा करें' });
    expect(dialog).toHaveAccessibleDescription(
      'Ravi Kumar ने 25/11/2026 को वसूले ₹1,234.50 (3 ऑर्डर) जमा कर दिए, यह दर्ज करें?',
    );
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '₹1,234.50 जमा करें' }));
    expect(await screen.findByText('Ravi Kumar से 25/11/2026 का ₹1,234.50 जमा हुआ')).toBeInTheDocument();
    expect(await within(table).findByText('₹1,734.50 जमा')).toBeInTheDocument();
  });

  it('says in Hindi when no cash was collected in the days chosen', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    onTestFinished(() => localStorage.removeItem('storedesk:console:language'));
    cashServer([]);
    renderApp('/dispatch/cash?from=2026-11-20&to=2026-11-26');
    expect(await screen.findByText('कोई नकद नहीं लिया गया')).toBeInTheDocument();
    expect(
      screen.getByText('20/11/2026 से 26/11/2026 तक कैश ऑन डिलीवरी वाला कोई ऑर्डर डिलीवर नहीं हुआ।'),
    ).toBeInTheDocument();
  });

  it('speaks Kannada on a phone: each day one cell, what was collected and settled, and the totals', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    onTestFinished(() => localStorage.removeItem('storedesk:console:language'));
    setViewportWidth(375);
    cashServer([raviDay, { ...meenaDay, settledAt: null }]);
    renderApp('/dispatch/cash?from=2026-11-20&to=2026-11-26');

    const table = await screen.findByRole('table', { name: 'ಬಾಕಿ ನಗದು' });
    await within(table).findByText('Ravi Kumar · 25/11/2026');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Ravi Kumar · 25/11/20263 ಆರ್ಡರ್‌ಗಳು, ₹1,234.50 ಸಂಗ್ರಹಜಮಾ: ಜಮಾ ಆಗಿಲ್ಲ₹1,234.50 ಜಮಾ ಮಾಡಿ',
      'Meena Das · 24/11/20261 ಆರ್ಡರ್, ₹500.00 ಸಂಗ್ರಹಜಮಾ: ₹500.00 (Olivia Owner)',
      'ಒಟ್ಟು ಸಂಗ್ರಹ ₹1,734.50, ಜಮಾ ₹500.00',
    ]);
  });
});
