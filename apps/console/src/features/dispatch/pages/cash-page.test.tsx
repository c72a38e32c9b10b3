import type { CashRow, CashSettlementInput } from '@storedesk/shared/delivery/schemas';
import { deliveryMessages } from '@storedesk/shared/delivery/rules';
import { addDays } from '@storedesk/shared/delivery/dispatch';
import { businessDay, formatDateTime, formatDay } from '@storedesk/shared/dates';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from '@/testing/fixtures.ts';
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

/** The cash API over `rows`: a settlement is refused (409) when it is stale or already made. */
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
      if (row.settledPaise !== null) {
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

describe('Cash to settle', { timeout: 30_000 }, () => {
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
      'Ravi Kumar25/11/20263₹1,234.50Not settledSettle',
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

    await user.click(await screen.findByRole('button', { name: 'Settle Ravi Kumar, 25/11/2026' }));
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
    expect(screen.queryByRole('button', { name: /^Settle Ravi Kumar/ })).not.toBeInTheDocument();
    expect(screen.getByText('₹1,734.50 settled')).toBeInTheDocument();
  });

  it('when more was collected meanwhile, shows the new amount and asks again', async () => {
    const { api, state } = cashServer([raviDay]);
    const { user } = renderApp('/dispatch/cash?from=2026-11-20&to=2026-11-26');

    await user.click(await screen.findByRole('button', { name: 'Settle Ravi Kumar, 25/11/2026' }));
    // A fourth delivery is recorded while the question is open.
    state.rows = [{ ...raviDay, orders: 4, collectedPaise: 150_000 }];
    const dialog = await screen.findByRole('dialog', { name: 'Settle cash' });
    await user.click(within(dialog).getByRole('button', { name: 'Settle ₹1,234.50' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'More cash was collected since you looked: ₹1,500.00 in all now (was ₹1,234.50).',
    );
    expect(dialog).toHaveTextContent('handed over ₹1,500.00 collected on 25/11/2026 (4 orders)?');
    await user.click(within(dialog).getByRole('button', { name: 'Settle ₹1,500.00' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/dispatch/cash/settlements').map((call) => call.body)).toEqual([
      { executiveId: raviDay.executiveId, day: raviDay.day, collectedPaise: 123_450 },
      { executiveId: raviDay.executiveId, day: raviDay.day, collectedPaise: 150_000 },
    ]);
  });

  it('says when a colleague settled the day meanwhile, and offers nothing more to do', async () => {
    const { state } = cashServer([raviDay]);
    const { user } = renderApp('/dispatch/cash?from=2026-11-20&to=2026-11-26');

    await user.click(await screen.findByRole('button', { name: 'Settle Ravi Kumar, 25/11/2026' }));
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
