import type { PayoutInput, PayoutList, PayoutRow } from '@storedesk/shared/delivery/earnings';
import { earningsMessages } from '@storedesk/shared/delivery/earnings-rules';
import { addDays } from '@storedesk/shared/delivery/dispatch';
import { businessDay, formatDate, formatDay } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { adminSession, ownerSession, zones } from '@/testing/fixtures.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';

beforeAll(() => loadScreensOf('/dispatch/payouts'), LOADING_SCREENS_MS);

const timeZone = adminSession.business.timeZone;
const today = businessDay(Date.now(), timeZone);
const week = '?from=2026-11-23&to=2026-11-29';

const asha: PayoutRow = {
  executiveId: 'e0000000-0000-4000-8000-000000000001',
  executiveName: 'Asha Rao',
  deliveries: 12,
  feesPaise: 120_000,
  tipsOnlinePaise: 30_000,
  tipsCashPaise: 5_000,
  unpaidPaise: 150_000,
  cashToSettlePaise: 26_600,
  netPaise: 123_400,
  payouts: [],
};
/** Paid his fees on Tuesday, and has collected cash since. */
const ravi: PayoutRow = {
  executiveId: 'e0000000-0000-4000-8000-000000000002',
  executiveName: 'Ravi Kumar',
  deliveries: 3,
  feesPaise: 10_000,
  tipsOnlinePaise: 0,
  tipsCashPaise: 0,
  unpaidPaise: 0,
  cashToSettlePaise: 50_000,
  netPaise: -50_000,
  payouts: [
    {
      id: 'p1',
      from: '2026-11-23',
      to: '2026-11-24',
      amountPaise: 10_000,
      earningsPaise: 10_000,
      cashNettedPaise: 0,
      paidAt: '2026-11-24T14:00:00.000Z',
      paidByName: 'Olivia Owner',
    },
  ],
};
/** Paid up: nothing to do. */
const meena: PayoutRow = {
  executiveId: 'e0000000-0000-4000-8000-000000000003',
  executiveName: 'Meena Das',
  deliveries: 1,
  feesPaise: 4_000,
  tipsOnlinePaise: 0,
  tipsCashPaise: 0,
  unpaidPaise: 0,
  cashToSettlePaise: 0,
  netPaise: 0,
  payouts: [],
};

function listOf(rows: PayoutRow[]): PayoutList {
  const sum = (pick: (row: PayoutRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    items: rows,
    totals: {
      deliveries: sum((row) => row.deliveries),
      feesPaise: sum((row) => row.feesPaise),
      tipsOnlinePaise: sum((row) => row.tipsOnlinePaise),
      tipsCashPaise: sum((row) => row.tipsCashPaise),
      unpaidPaise: sum((row) => row.unpaidPaise),
      cashToSettlePaise: sum((row) => row.cashToSettlePaise),
      netPaise: sum((row) => row.netPaise),
    },
  };
}

/**
 * The payouts API over `rows`, as the server judges: nothing to pay is refused (400, on the
 * executive); a net other than the row's now is refused (409) with the row as it is now; otherwise
 * the executive is paid and their cash of the period settled.
 */
function payoutsServer(rows: PayoutRow[], session = adminSession) {
  const state = { rows: [...rows] };
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/zones/z2': () => json(200, zones[1]),
    'GET /api/payouts': () => json(200, listOf(state.rows)),
    'POST /api/payouts': (call) => {
      const input = call.body as PayoutInput;
      const row = state.rows.find((each) => each.executiveId === input.executiveId);
      if (!row || (row.unpaidPaise === 0 && row.cashToSettlePaise === 0)) {
        return apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { executiveId: earningsMessages.nothingToPay },
        });
      }
      if (row.netPaise !== input.netPaise) {
        return apiError(409, 'conflict', earningsMessages.payoutChanged(row.executiveName, row.netPaise), {
          current: row,
        });
      }
      const paid: PayoutRow = {
        ...row,
        unpaidPaise: 0,
        cashToSettlePaise: 0,
        netPaise: 0,
        payouts: [
          ...row.payouts,
          {
            id: `p-${row.executiveId}`,
            from: input.from,
            to: input.to,
            amountPaise: row.netPaise,
            earningsPaise: row.unpaidPaise,
            cashNettedPaise: row.cashToSettlePaise,
            paidAt: '2026-11-29T09:00:00.000Z',
            paidByName: session.user.name,
          },
        ],
      };
      state.rows = state.rows.map((each) => (each === row ? paid : each));
      return json(200, paid);
    },
  });
  return { api, state };
}

const table = () => screen.findByRole('table', { name: 'Payouts' });

describe('Payouts', () => {
  it('shows this week so far by default: each executive’s figures, their last payout, and the totals', async () => {
    const { api } = payoutsServer([asha, ravi, meena]);
    renderApp('/dispatch/payouts');

    const shown = await table();
    await within(shown).findByText('Asha Rao');
    const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    const query = api.callsTo('GET /api/payouts')[0]!.query;
    expect([query.get('from'), query.get('to'), query.get('zoneId')]).toEqual([monday, today, null]);
    expect(screen.getByLabelText('From')).toHaveValue(formatDay(monday));
    expect(screen.getByLabelText('To')).toHaveValue(formatDay(today));

    expect(
      within(shown)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ExecutiveDeliveriesFeesTips onlineTips cashUnpaidCash to settleNetLast payoutAction',
      'Asha Rao12₹1,200.00₹300.00₹50.00₹1,500.00₹266.00₹1,234.00NoneMark paid',
      `Ravi Kumar3₹100.00₹0.00₹0.00₹0.00₹500.00-₹500.00Paid ₹100.00 on ${formatDate(ravi.payouts[0]!.paidAt, timeZone)} by Olivia OwnerMark paid`,
      'Meena Das1₹40.00₹0.00₹0.00₹0.00₹0.00₹0.00NoneMark paid',
      'Total16₹1,340.00₹300.00₹50.00₹1,500.00₹766.00₹734.00',
    ]);
    expect(screen.getByRole('button', { name: 'Mark paid: Asha Rao' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark paid: Ravi Kumar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark paid: Meena Das' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/payouts.csv?from=${monday}&to=${today}`,
    );
  });

  it('asks for the owner’s chosen zone, and its CSV carries the period and the zone', async () => {
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, 'z2');
    const { api } = payoutsServer([asha], ownerSession);
    renderApp(`/dispatch/payouts${week}`);

    await within(await table()).findByText('Asha Rao');
    const query = api.callsTo('GET /api/payouts')[0]!.query;
    expect([query.get('from'), query.get('to'), query.get('zoneId')]).toEqual([
      '2026-11-23',
      '2026-11-29',
      'z2',
    ]);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/payouts.csv?from=2026-11-23&to=2026-11-29&zoneId=z2',
    );
  });

  it('pays an executive after a question stating what they get and why, and shows the payout', async () => {
    const { api } = payoutsServer([asha, ravi]);
    const { user } = renderApp(`/dispatch/payouts${week}`);

    await user.click(await screen.findByRole('button', { name: 'Mark paid: Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark paid' });
    expect(dialog).toHaveAccessibleDescription(
      'Pay Asha Rao ₹1,234.00: fees and online tips ₹1,500.00 less cash to settle ₹266.00. Asha Rao’s cash of these days counts as handed over.',
    );
    expect(dialog).toHaveTextContent(
      '23/11/2026 to 29/11/2026: 12 deliveries, fees ₹1,200.00, tips online ₹300.00, tips in cash ₹50.00 (theirs already).',
    );
    expect(api.callsTo('POST /api/payouts')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹1,234.00' }));

    expect(await screen.findByText('Paid Asha Rao ₹1,234.00')).toBeInTheDocument();
    expect(api.callsTo('POST /api/payouts').map((call) => call.body)).toEqual([
      { executiveId: asha.executiveId, from: '2026-11-23', to: '2026-11-29', netPaise: 123_400 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const paid = `Paid ₹1,234.00 on ${formatDate('2026-11-29T09:00:00.000Z', timeZone)} by Arjun Admin`;
    expect(await within(await table()).findByText(paid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark paid: Asha Rao' })).toBeDisabled();
  });

  it('says what an executive who owes hands over, and sends the negative net', async () => {
    const { api } = payoutsServer([ravi]);
    const { user } = renderApp(`/dispatch/payouts${week}`);

    await user.click(await screen.findByRole('button', { name: 'Mark paid: Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark paid' });
    expect(dialog).toHaveAccessibleDescription(
      'Ravi Kumar hands over ₹500.00: cash to settle ₹500.00. Ravi Kumar’s cash of these days counts as handed over.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Receive ₹500.00' }));

    expect(await screen.findByText('Ravi Kumar handed over ₹500.00')).toBeInTheDocument();
    expect(api.callsTo('POST /api/payouts')[0]?.body).toEqual({
      executiveId: ravi.executiveId,
      from: '2026-11-23',
      to: '2026-11-29',
      netPaise: -50_000,
    });
  });

  it('when the figures changed meanwhile, shows the server’s message and the new figures, and pays the new net on a second yes', async () => {
    const { api, state } = payoutsServer([asha]);
    const { user } = renderApp(`/dispatch/payouts${week}`);

    await user.click(await screen.findByRole('button', { name: 'Mark paid: Asha Rao' }));
    // One more delivery, paid in cash, while the question is open.
    const now: PayoutRow = {
      ...asha,
      deliveries: 13,
      feesPaise: 126_000,
      unpaidPaise: 156_000,
      cashToSettlePaise: 86_600,
      netPaise: 69_400,
    };
    state.rows = [now];
    const dialog = await screen.findByRole('dialog', { name: 'Mark paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹1,234.00' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      earningsMessages.payoutChanged('Asha Rao', 69_400),
    );
    expect(dialog).toHaveAccessibleDescription(
      'Pay Asha Rao ₹694.00: fees and online tips ₹1,560.00 less cash to settle ₹866.00. Asha Rao’s cash of these days counts as handed over.',
    );
    expect(dialog).toHaveTextContent('13 deliveries, fees ₹1,260.00');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹694.00' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/payouts').map((call) => call.body)).toEqual([
      { executiveId: asha.executiveId, from: '2026-11-23', to: '2026-11-29', netPaise: 123_400 },
      { executiveId: asha.executiveId, from: '2026-11-23', to: '2026-11-29', netPaise: 69_400 },
    ]);
  });

  it('says when a colleague paid meanwhile, and offers nothing more to do', async () => {
    const { state } = payoutsServer([asha]);
    const { user } = renderApp(`/dispatch/payouts${week}`);

    await user.click(await screen.findByRole('button', { name: 'Mark paid: Asha Rao' }));
    state.rows = [{ ...asha, unpaidPaise: 0, cashToSettlePaise: 0, netPaise: 0 }];
    const dialog = await screen.findByRole('dialog', { name: 'Mark paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹1,234.00' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(earningsMessages.nothingToPay);
    expect(within(dialog).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark paid: Asha Rao' })).toBeDisabled());
  });

  it('follows a colleague’s payout as it happens', async () => {
    const { api, state } = payoutsServer([asha]);
    const { queryClient } = renderApp(`/dispatch/payouts${week}`);

    await screen.findByRole('button', { name: 'Mark paid: Asha Rao' });
    state.rows = [{ ...asha, unpaidPaise: 0, cashToSettlePaise: 0, netPaise: 0 }];
    act(() =>
      applyLiveEvent(queryClient, {
        id: '7',
        topic: 'dispatch',
        action: 'payout',
        recordId: asha.executiveId,
        zoneId: 'z1',
        at: new Date().toISOString(),
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark paid: Asha Rao' })).toBeDisabled());
    expect(api.callsTo('GET /api/payouts')).toHaveLength(2);
  });

  it('says when no one delivered in the period', async () => {
    payoutsServer([]);
    renderApp(`/dispatch/payouts${week}`);
    expect(await screen.findByText('No deliveries in this period')).toBeInTheDocument();
    expect(
      screen.getByText('No delivery executive delivered an order from 23/11/2026 to 29/11/2026.'),
    ).toBeInTheDocument();
  });

  it('says when the payouts could not be loaded, and Try again loads them', async () => {
    let fail = true;
    mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'GET /api/payouts': () =>
        fail ? apiError(500, 'internal', messages.unknownError) : json(200, listOf([asha])),
    });
    const { user } = renderApp(`/dispatch/payouts${week}`);
    expect(await screen.findByText('Could not load the payouts')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await table()).findByText('Asha Rao')).toBeInTheDocument();
  });

  it('asks for nothing while the range is reversed', async () => {
    const { api } = payoutsServer([asha]);
    renderApp('/dispatch/payouts?from=2026-11-29&to=2026-11-23');
    expect(await screen.findByText('On or after From')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/payouts')).toHaveLength(0);
  });
});

describe('Payouts in the language chosen', () => {
  it('speaks Hindi: the title, the columns, each executive’s row and the totals, the Mark paid question and its message', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    onTestFinished(() => localStorage.removeItem('storedesk:console:language'));
    payoutsServer([asha, ravi]);
    const { user } = renderApp(`/dispatch/payouts${week}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'भुगतान' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'डिस्पैच मैप' })).toHaveAttribute('href', '/dispatch');
    expect(screen.getByRole('link', { name: 'बकाया नकद' })).toHaveAttribute('href', '/dispatch/cash');
    expect(screen.getByRole('link', { name: 'CSV डाउनलोड करें' })).toBeInTheDocument();
    const shown = await screen.findByRole('table', { name: 'भुगतान' });
    await within(shown).findByText('Asha Rao');
    expect(
      within(shown)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'एग्ज़ीक्यूटिवडिलीवरीफ़ीसऑनलाइन टिपनकद टिपबाकी भुगतानबकाया नकदनेटपिछला भुगतानकार्रवाई',
      'Asha Rao12₹1,200.00₹300.00₹50.00₹1,500.00₹266.00₹1,234.00कोई नहींभुगतान दर्ज करें',
      `Ravi Kumar3₹100.00₹0.00₹0.00₹0.00₹500.00-₹500.00Olivia Owner ने ${formatDate(ravi.payouts[0]!.paidAt, timeZone)} को ₹100.00 दिएभुगतान दर्ज करें`,
      'कुल15₹1,300.00₹300.00₹50.00₹1,500.00₹766.00₹734.00',
    ]);

    await user.click(screen.getByRole('button', { name: 'भुगतान दर्ज करें: Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'भुगतान दर्ज करें' });
    expect(dialog).toHaveAccessibleDescription(
      'Asha Rao को ₹1,234.00 दें: फ़ीस और ऑनलाइन टिप ₹1,500.00, बकाया नकद ₹266.00 घटाकर। इन दिनों का Asha Rao का नकद जमा माना जाएगा।',
    );
    expect(dialog).toHaveTextContent(
      '23/11/2026 से 29/11/2026: 12 डिलीवरी, फ़ीस ₹1,200.00, ऑनलाइन टिप ₹300.00, नकद टिप ₹50.00 (जो पहले से उनकी है)।',
    );
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '₹1,234.00 दें' }));
    expect(await screen.findByText('Asha Rao को ₹1,234.00 दिए गए')).toBeInTheDocument();
  });

  it('speaks Kannada to an executive who owes: what they hand over, the button and the message', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    onTestFinished(() => localStorage.removeItem('storedesk:console:language'));
    payoutsServer([ravi]);
    const { user } = renderApp(`/dispatch/payouts${week}`);

    await user.click(await screen.findByRole('button', { name: 'ಪಾವತಿ ದಾಖಲಿಸಿ: Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'ಪಾವತಿ ದಾಖಲಿಸಿ' });
    expect(dialog).toHaveAccessibleDescription(
      'Ravi Kumar ಅವರು ₹500.00 ಜಮಾ ಮಾಡುತ್ತಾರೆ: ಬಾಕಿ ನಗದು ₹500.00. ಈ ದಿನಗಳ Ravi Kumar ಅವರ ನಗದು ಜಮಾ ಆಗಿದೆ ಎಂದು ಪರಿಗಣಿಸಲಾಗುತ್ತದೆ.',
    );
    expect(dialog).toHaveTextContent('23/11/2026 ರಿಂದ 29/11/2026: 3 ಡೆಲಿವರಿಗಳು, ಶುಲ್ಕ ₹100.00');
    await user.click(within(dialog).getByRole('button', { name: '₹500.00 ಪಡೆಯಿರಿ' }));
    expect(await screen.findByText('Ravi Kumar ಅವರು ₹500.00 ಜಮಾ ಮಾಡಿದರು')).toBeInTheDocument();
  });

  it('says in Hindi when no one delivered in the period', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    onTestFinished(() => localStorage.removeItem('storedesk:console:language'));
    payoutsServer([]);
    renderApp(`/dispatch/payouts${week}`);
    expect(await screen.findByText('इस अवधि में कोई डिलीवरी नहीं')).toBeInTheDocument();
    expect(
      screen.getByText('23/11/2026 से 29/11/2026 तक किसी डिलीवरी एग्ज़ीक्यूटिव ने कोई ऑर्डर डिलीवर नहीं किया।'),
    ).toBeInTheDocument();
  });
});
