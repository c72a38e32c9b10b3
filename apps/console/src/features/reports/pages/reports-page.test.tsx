import type { GstReport } from '@storedesk/shared/reports/gst';
import type { PaymentsReport } from '@storedesk/shared/reports/payments';
import type { SalesReport } from '@storedesk/shared/reports/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSession, ownerSession, zones } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

const zero = {
  orders: 0,
  itemsSold: 0,
  grossPaise: 0,
  discountPaise: 0,
  chargesPaise: 0,
  netPaise: 0,
  cancelled: 0,
};

const byDay: SalesReport = {
  rows: [
    {
      key: '2026-03-09',
      label: '09/03/2026',
      ...{ orders: 1, itemsSold: 2, grossPaise: 6000, discountPaise: 0, chargesPaise: 2000, netPaise: 8000 },
      cancelled: 0,
    },
    {
      key: '2026-03-10',
      label: '10/03/2026',
      ...{
        orders: 2,
        itemsSold: 8,
        grossPaise: 28646,
        discountPaise: 1665,
        chargesPaise: 1500,
        netPaise: 28481,
      },
      cancelled: 2,
    },
  ],
  totals: {
    orders: 3,
    itemsSold: 10,
    grossPaise: 34646,
    discountPaise: 1665,
    chargesPaise: 3500,
    netPaise: 36481,
    cancelled: 2,
  },
};

const byItem: SalesReport = {
  rows: [
    {
      key: 'i1',
      label: 'Bread',
      ...{
        orders: 1,
        itemsSold: 3,
        grossPaise: 13650,
        discountPaise: null,
        chargesPaise: null,
        netPaise: null,
      },
      cancelled: 1,
    },
  ],
  totals: byDay.totals,
};

const figures = (valuePaise: number, taxablePaise: number, cgstPaise: number, sgstPaise: number) => ({
  valuePaise,
  taxablePaise,
  cgstPaise,
  sgstPaise,
});

const gstReport: GstReport = {
  rates: [
    {
      rate: 5,
      invoices: figures(10_500, 10_000, 250, 250),
      creditNotes: figures(1_050, 1_000, 25, 25),
      net: figures(9_450, 9_000, 225, 225),
    },
  ],
  totals: {
    invoiceCount: 1,
    creditNoteCount: 1,
    invoices: figures(10_500, 10_000, 250, 250),
    creditNotes: figures(1_050, 1_000, 25, 25),
    net: figures(9_450, 9_000, 225, 225),
  },
  documents: [
    {
      kind: 'INVOICE',
      number: '7',
      day: '2026-03-09',
      orderId: '00000000-0000-4000-8000-000000000071',
      orderNumber: 412,
      invoiceNumber: null,
      slabs: [{ rate: 5, ...figures(10_500, 10_000, 250, 250) }],
      ...figures(10_500, 10_000, 250, 250),
    },
    {
      kind: 'CREDIT_NOTE',
      number: 'CN/2025-26/2',
      day: '2026-03-10',
      orderId: '00000000-0000-4000-8000-000000000071',
      orderNumber: 412,
      invoiceNumber: 7,
      slabs: [{ rate: 5, ...figures(1_050, 1_000, 25, 25) }],
      ...figures(1_050, 1_000, 25, 25),
    },
  ],
};

const paymentsReport: PaymentsReport = {
  days: [
    {
      day: '2026-03-09',
      payments: 2,
      receivedPaise: 30_000,
      feePaise: 600,
      refunds: 1,
      refundedPaise: 10_000,
      netPaise: 19_400,
    },
  ],
  totals: {
    payments: 2,
    receivedPaise: 30_000,
    feePaise: 600,
    refunds: 1,
    refundedPaise: 10_000,
    netPaise: 19_400,
  },
  entries: [
    {
      kind: 'PAYMENT',
      day: '2026-03-09',
      at: '2026-03-09T05:00:00Z',
      orderId: '00000000-0000-4000-8000-000000000072',
      orderNumber: 420,
      reference: 'pay_Abc1',
      amountPaise: 20_000,
      feePaise: 400,
      state: 'APPLIED',
      method: 'upi',
    },
    {
      kind: 'REFUND',
      day: '2026-03-09',
      at: '2026-03-09T06:00:00Z',
      orderId: '00000000-0000-4000-8000-000000000072',
      orderNumber: 420,
      reference: 'rfnd_Abc1',
      amountPaise: 10_000,
      feePaise: null,
      state: 'PROCESSED',
      method: null,
    },
  ],
};

function renderReports(
  report: Handler,
  {
    session = ownerSession,
    entry = '/reports?from=2026-03-09&to=2026-03-10&groupBy=day',
    gst = (() => json(200, gstReport)) as Handler,
    payments = (() => json(200, paymentsReport)) as Handler,
  } = {},
) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
    ...Object.fromEntries(zones.map((zone) => [`GET /api/zones/${zone.id}`, () => json(200, zone)])),
    'GET /api/reports/sales': report,
    'GET /api/reports/gst': gst,
    'GET /api/reports/payments': payments,
  });
  return { ...renderApp(entry), api };
}

beforeAll(() => loadScreensOf('/reports'), LOADING_SCREENS_MS);
beforeEach(() => {
  // jsdom draws no canvas: the chart's context is none, as in a browser that refuses canvas.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('reports', () => {
  it('shows the period’s rows and totals, and exports exactly that as CSV', async () => {
    const { api } = renderReports(({ query }) => json(200, query.get('groupBy') === 'item' ? byItem : byDay));
    const table = await screen.findByRole('table', { name: 'Sales by day, 09/03/2026 to 10/03/2026' });
    await within(table).findByRole('rowheader', { name: 'Total' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayOrdersItems soldGrossDiscountsChargesNetCancelled',
      '09/03/2026'.concat('12₹60.00₹0.00₹20.00₹80.000'),
      '10/03/2026'.concat('28₹286.46₹16.65₹15.00₹284.812'),
      'Total'.concat('310₹346.46₹16.65₹35.00₹364.812'),
    ]);
    expect(api.callsTo('GET /api/reports/sales').at(-1)!.query.toString()).toBe(
      'from=2026-03-09&to=2026-03-10&groupBy=day',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/reports/sales.csv?from=2026-03-09&to=2026-03-10&groupBy=day',
    );
    expect(screen.getByRole('img', { name: /^Line chart of net sales by day/ })).toBeInTheDocument();
    // The period's days as the console shows dates; a typed day is a custom period.
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('09/03/2026');
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('10/03/2026');

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(await screen.findByRole('option', { name: 'Item' }));
    const items = await screen.findByRole('table', { name: 'Sales by item, 09/03/2026 to 10/03/2026' });
    await waitFor(() => expect(within(items).getByRole('rowheader', { name: 'Bread' })).toBeInTheDocument());
    const bread = within(items).getByRole('rowheader', { name: 'Bread' }).closest('tr')!;
    // An item's discount, charges and net are the order's, not the item's: none.
    expect(within(bread).getAllByLabelText('none')).toHaveLength(3);
    expect(screen.getByRole('img', { name: /^Bar chart of gross sales by item/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/reports/sales.csv?from=2026-03-09&to=2026-03-10&groupBy=item',
    );
  });

  it('moves the period with a preset, counted from the business’s today', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-31T20:00:00Z') }); // 01/04/2026 01:30 in Kolkata
    try {
      const { api } = renderReports(() => json(200, { rows: [], totals: zero }));
      await screen.findByRole('table', { name: /^Sales by day/ });
      const user = userEvent.setup();
      await user.click(screen.getByRole('combobox', { name: 'Period' }));
      await user.click(await screen.findByRole('option', { name: 'Last month' }));
      await screen.findByRole('table', { name: 'Sales by day, 01/03/2026 to 31/03/2026' });
      expect(api.callsTo('GET /api/reports/sales').at(-1)!.query.get('from')).toBe('2026-03-01');
      await user.click(screen.getByRole('combobox', { name: 'Period' }));
      await user.click(await screen.findByRole('option', { name: 'Today' }));
      await screen.findByRole('table', { name: 'Sales by day, 01/04/2026' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a period typed as DD/MM/YYYY', async () => {
    const { api } = renderReports(() => json(200, byDay));
    await screen.findByRole('table', { name: 'Sales by day, 09/03/2026 to 10/03/2026' });
    const user = userEvent.setup();
    const from = screen.getByRole('textbox', { name: 'From' });
    await user.clear(from);
    await user.type(from, '01/03/2026');
    await user.tab();
    await screen.findByRole('table', { name: 'Sales by day, 01/03/2026 to 10/03/2026' });
    expect(api.callsTo('GET /api/reports/sales').at(-1)!.query.get('from')).toBe('2026-03-01');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Custom');
  });

  it('says when the period has no sales, and draws no chart', async () => {
    renderReports(() => json(200, { rows: [], totals: zero }), {
      entry: '/reports?from=2026-03-09&to=2026-03-10&groupBy=store',
    });
    expect(await screen.findByText('No sales in this period')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /chart/ })).toBeNull();
  });

  it('says what failed, and retries', async () => {
    let fail = true;
    renderReports(() => (fail ? apiError(500, 'internal', 'Something went wrong') : json(200, byDay)));
    expect(await screen.findByText('Could not load the report')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /^Sales by day/ })).toBeInTheDocument();
  });

  it('refuses a reversed period before asking, on a phone', async () => {
    setViewportWidth(375);
    const { api } = renderReports(() => json(200, byDay), {
      session: adminSession,
      entry: '/reports?from=2026-03-10&to=2026-03-09&groupBy=day',
    });
    expect(await screen.findByText('On or after From')).toBeInTheDocument();
    expect(api.callsTo('GET /api/reports/sales')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('gives the GST of the period: per rate, and each invoice and credit note, with its CSV', async () => {
    const { api } = renderReports(() => json(200, byDay));
    await screen.findByRole('table', { name: /^Sales by day/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'GST' }));
    const rates = await screen.findByRole('table', { name: 'GST by rate, 09/03/2026 to 10/03/2026' });
    await within(rates).findByRole('rowheader', { name: '5%' });
    expect(
      within(rates)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'GST rateTax invoicesCredit notesNet',
      'Taxable valueCGSTSGST'.repeat(3),
      '5%₹100.00₹2.50₹2.50₹10.00₹0.25₹0.25₹90.00₹2.25₹2.25',
      'Total₹100.00₹2.50₹2.50₹10.00₹0.25₹0.25₹90.00₹2.25₹2.25',
    ]);
    const documents = screen.getByRole('table', {
      name: 'Tax invoices and credit notes, 09/03/2026 to 10/03/2026',
    });
    expect(
      within(documents)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Tax invoice709/03/2026#412₹105.00₹100.00₹2.50₹2.50',
      'Credit noteCN/2025-26/2 (invoice 7)10/03/2026#412−₹10.50−₹10.00−₹0.25−₹0.25',
    ]);
    expect(within(documents).getAllByRole('link', { name: '#412' })[0]).toHaveAttribute(
      'href',
      '/orders/00000000-0000-4000-8000-000000000071',
    );
    expect(api.callsTo('GET /api/reports/gst').at(-1)!.query.toString()).toBe(
      'from=2026-03-09&to=2026-03-10',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/reports/gst.csv?from=2026-03-09&to=2026-03-10',
    );
    // No grouping for GST; the report stays in the address.
    expect(screen.queryByRole('combobox', { name: 'Group by' })).toBeNull();
  });

  it('says when the period has no invoices, on a phone', async () => {
    setViewportWidth(375);
    renderReports(() => json(200, byDay), {
      entry: '/reports?from=2026-03-09&to=2026-03-10&report=gst',
      gst: () =>
        json(200, {
          rates: [],
          totals: { ...gstReport.totals, invoiceCount: 0, creditNoteCount: 0 },
          documents: [],
        }),
    });
    expect(await screen.findByText('No invoices or credit notes in this period')).toBeInTheDocument();
    expect(screen.getByText('No documents in this period')).toBeInTheDocument();
  });

  it('gives the online payments of the period by day, each with its gateway reference, and their CSV', async () => {
    renderReports(() => json(200, byDay), {
      entry: '/reports?from=2026-03-09&to=2026-03-10&report=payments',
    });
    const days = await screen.findByRole('table', {
      name: 'Online payments by day, 09/03/2026 to 10/03/2026',
    });
    await within(days).findByRole('rowheader', { name: '09/03/2026' });
    expect(
      within(days)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DayPaymentsReceivedFeesRefundsRefundedNet',
      '09/03/20262₹300.00₹6.001₹100.00₹194.00',
      'Total2₹300.00₹6.001₹100.00₹194.00',
    ]);
    const entries = screen.getByRole('table', {
      name: 'Online payments and refunds, 09/03/2026 to 10/03/2026',
    });
    expect(
      within(entries)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '09/03/2026 10:30 AM#420Paymentpay_Abc1Paid its order₹200.00',
      '09/03/2026 11:30 AM#420Refundrfnd_Abc1Processed−₹100.00',
    ]);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/reports/payments.csv?from=2026-03-09&to=2026-03-10',
    );
  });
  it('keeps the payments shown, and Export CSV, while a live event refreshes them, under a named bar', async () => {
    let refreshing = false;
    let answer: ((response: Response) => void) | undefined;
    const { queryClient } = renderReports(() => json(200, byDay), {
      entry: '/reports?from=2026-03-09&to=2026-03-10&report=payments',
      // The report at once; asked again for a live event, it answers when the test says.
      payments: () =>
        refreshing
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : json(200, paymentsReport),
    });
    const days = await screen.findByRole('table', {
      name: 'Online payments by day, 09/03/2026 to 10/03/2026',
    });
    await within(days).findByRole('rowheader', { name: '09/03/2026' });
    expect(screen.getByRole('link', { name: 'Export CSV' })).not.toHaveAttribute('aria-disabled');

    // An order paid online meanwhile: its event asks for the report again.
    refreshing = true;
    act(() =>
      applyLiveEvent(queryClient, {
        id: '1',
        topic: 'orders',
        action: 'updated',
        recordId: null,
        zoneId: null,
        at: '2026-03-10T06:00:00Z',
      }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading the report' })).toBeInTheDocument();
    // Until the new figures come, the old ones stay, and Export CSV with them: nothing goes grey to
    // come back, and no grey rows stand in for the figures.
    expect(within(days).getByRole('rowheader', { name: '09/03/2026' })).toBeInTheDocument();
    expect(within(days).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Export CSV' })).not.toHaveAttribute('aria-disabled');

    // The next day's two payments, nothing refunded.
    const paid = {
      ...paymentsReport.days[0]!,
      day: '2026-03-10',
      refunds: 0,
      refundedPaise: 0,
      netPaise: 29_400,
    };
    await waitFor(() => expect(answer).toBeDefined());
    act(() =>
      answer!(
        json(200, {
          ...paymentsReport,
          days: [...paymentsReport.days, paid],
          totals: {
            ...paymentsReport.totals,
            payments: 4,
            receivedPaise: 60_000,
            feePaise: 1_200,
            netPaise: 48_800,
          },
        }),
      ),
    );
    await within(days).findByRole('rowheader', { name: '10/03/2026' });
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Export CSV' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('reports in the language chosen', () => {
  it('speaks Hindi: the title, the period, the tabs, the grouping and the export', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderReports(() => json(200, byDay));
    expect(await screen.findByRole('heading', { level: 1, name: 'रिपोर्ट' })).toBeInTheDocument();
    expect(
      screen.getByText(
        '09/03/2026 से 10/03/2026 की बिक्री, ऑर्डर देने के दिन के हिसाब से। ऑर्डर डिलीवर या रद्द होने पर गिना जाता है।',
      ),
    ).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'रिपोर्ट' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['बिक्री', 'GST', 'ऑनलाइन भुगतान', 'रेटिंग']);
    expect(screen.getByRole('combobox', { name: 'किस हिसाब से' })).toHaveTextContent('दिन');
    expect(await screen.findByRole('link', { name: 'CSV डाउनलोड करें' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'अवधि' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'आज',
      'पिछले 7 दिन',
      'इस महीने',
      'पिछले महीने',
      'अपनी तारीखें',
    ]);
    await user.keyboard('{Escape}');
    const table = screen.getByRole('table', { name: 'दिन के हिसाब से बिक्री, 09/03/2026 से 10/03/2026' });
    expect(screen.getByRole('region', { name: 'दिन के हिसाब से बिक्री, 09/03/2026 से 10/03/2026, तालिका' })).toBe(
      table.parentElement,
    );
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'दिनऑर्डरबिके सामानसकलछूटशुल्कशुद्धरद्द',
      '09/03/2026'.concat('12₹60.00₹0.00₹20.00₹80.000'),
      '10/03/2026'.concat('28₹286.46₹16.65₹15.00₹284.812'),
      'कुल'.concat('310₹346.46₹16.65₹35.00₹364.812'),
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'दिन के हिसाब से शुद्ध बिक्री' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'दिन के हिसाब से शुद्ध बिक्री का लाइन चार्ट। आंकड़े नीचे की तालिका में हैं।',
      }),
    ).toBeInTheDocument();
  });

  it('speaks Hindi: payment modes by their names, a group without one, and a period without sales', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const byMode: SalesReport = {
      rows: [
        { ...byDay.rows[1]!, key: 'COD', label: 'Cash on delivery' },
        { ...byDay.rows[0]!, key: '', label: 'No payment mode' },
      ],
      totals: byDay.totals,
    };
    renderReports(
      ({ query }) => json(200, query.get('from') === '2026-03-01' ? { rows: [], totals: zero } : byMode),
      {
        entry: '/reports?from=2026-03-09&to=2026-03-10&groupBy=paymentMode',
      },
    );
    const table = await screen.findByRole('table', {
      name: 'भुगतान मोड के हिसाब से बिक्री, 09/03/2026 से 10/03/2026',
    });
    await within(table).findByRole('rowheader', { name: 'कैश ऑन डिलीवरी' });
    expect(within(table).getByRole('rowheader', { name: 'भुगतान का तरीका नहीं' })).toBeInTheDocument();
    const user = userEvent.setup();
    const from = screen.getByRole('textbox', { name: 'से' });
    await user.clear(from);
    await user.type(from, '01/03/2026');
    await user.tab();
    expect(await screen.findByText('इस अवधि में कोई बिक्री नहीं')).toBeInTheDocument();
    expect(
      screen.getByText('ऑर्डर डिलीवर या रद्द होने पर यहाँ गिने जाते हैं, उस दिन जिस दिन वे दिए गए।'),
    ).toBeInTheDocument();
  });

  it('speaks Hindi in the GST report: its headings, columns, documents and totals', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderReports(() => json(200, byDay), { entry: '/reports?from=2026-03-09&to=2026-03-10&report=gst' });
    const rates = await screen.findByRole('table', { name: 'दर के हिसाब से GST, 09/03/2026 से 10/03/2026' });
    await within(rates).findByRole('rowheader', { name: '5%' });
    expect(screen.getByRole('heading', { level: 2, name: 'दर के हिसाब से' })).toBeInTheDocument();
    expect(
      within(rates)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'GST दरटैक्स इनवॉइसक्रेडिट नोटशुद्ध',
      'कर योग्य मूल्यCGSTSGST'.repeat(3),
      '5%₹100.00₹2.50₹2.50₹10.00₹0.25₹0.25₹90.00₹2.25₹2.25',
      'कुल₹100.00₹2.50₹2.50₹10.00₹0.25₹0.25₹90.00₹2.25₹2.25',
    ]);
    const documents = screen.getByRole('table', {
      name: 'टैक्स इनवॉइस और क्रेडिट नोट, 09/03/2026 से 10/03/2026',
    });
    expect(
      within(documents)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'दस्तावेज़नंबरतारीखऑर्डरमूल्यकर योग्य मूल्यCGSTSGST',
      'टैक्स इनवॉइस709/03/2026#412₹105.00₹100.00₹2.50₹2.50',
      'क्रेडिट नोटCN/2025-26/2 (इनवॉइस 7)10/03/2026#412−₹10.50−₹10.00−₹0.25−₹0.25',
    ]);
  });

  it('speaks Hindi in the GST report on a phone: each document’s line, and a period without any', async () => {
    setViewportWidth(375);
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderReports(() => json(200, byDay), {
      entry: '/reports?from=2026-03-09&to=2026-03-10&report=gst',
      gst: ({ query }) =>
        json(
          200,
          query.get('from') === '2026-03-01'
            ? {
                rates: [],
                totals: { ...gstReport.totals, invoiceCount: 0, creditNoteCount: 0 },
                documents: [],
              }
            : gstReport,
        ),
    });
    const documents = await screen.findByRole('table', {
      name: 'टैक्स इनवॉइस और क्रेडिट नोट, 09/03/2026 से 10/03/2026',
    });
    expect(await within(documents).findByText('10/03/2026 · ऑर्डर', { exact: false })).toHaveTextContent(
      '10/03/2026 · ऑर्डर #412 · इनवॉइस 7 के बदले',
    );
    expect(within(documents).getByText('क्रेडिट नोट CN/2025-26/2')).toBeInTheDocument();
    const user = userEvent.setup();
    const from = screen.getByRole('textbox', { name: 'से' });
    await user.clear(from);
    await user.type(from, '01/03/2026');
    await user.tab();
    expect(await screen.findByText('इस अवधि में कोई इनवॉइस या क्रेडिट नोट नहीं')).toBeInTheDocument();
    expect(screen.getByText('इस अवधि में कोई दस्तावेज़ नहीं')).toBeInTheDocument();
    expect(
      screen.getAllByText('ऑर्डर डिलीवर होने पर टैक्स इनवॉइस बनते हैं, और उसके बाद के रिफ़ंड पर क्रेडिट नोट।'),
    ).toHaveLength(2);
  });

  it('speaks Hindi in the online payments: the days, each payment and refund, and a period without any', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderReports(() => json(200, byDay), {
      entry: '/reports?from=2026-03-09&to=2026-03-10&report=payments',
      payments: ({ query }) =>
        json(
          200,
          query.get('from') === '2026-03-01'
            ? { days: [], totals: { ...paymentsReport.totals, payments: 0 }, entries: [] }
            : paymentsReport,
        ),
    });
    const days = await screen.findByRole('table', {
      name: 'दिन के हिसाब से ऑनलाइन भुगतान, 09/03/2026 से 10/03/2026',
    });
    await within(days).findByRole('rowheader', { name: '09/03/2026' });
    expect(
      within(days)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'दिनभुगतानमिलाफ़ीसरिफ़ंडलौटायाशुद्ध',
      '09/03/20262₹300.00₹6.001₹100.00₹194.00',
      'कुल2₹300.00₹6.001₹100.00₹194.00',
    ]);
    const entries = screen.getByRole('table', { name: 'ऑनलाइन भुगतान और रिफ़ंड, 09/03/2026 से 10/03/2026' });
    const rows = within(entries).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('कबऑर्डरप्रकारगेटवे रेफ़रेंसस्थितिरकम');
    expect(rows[1]).toHaveTextContent(/^09\/03\/2026.*#420भुगतानpay_Abc1ऑर्डर का भुगतान हुआ₹200\.00$/);
    expect(rows[2]).toHaveTextContent(/^09\/03\/2026.*#420रिफ़ंडrfnd_Abc1पूरा हुआ−₹100\.00$/);
    const user = userEvent.setup();
    const from = screen.getByRole('textbox', { name: 'से' });
    await user.clear(from);
    await user.type(from, '01/03/2026');
    await user.tab();
    expect(await screen.findByText('इस अवधि में कोई ऑनलाइन भुगतान नहीं')).toBeInTheDocument();
    expect(screen.getByText('इस अवधि में कुछ नहीं')).toBeInTheDocument();
    expect(screen.getAllByText('गेटवे से हुए ऑनलाइन भुगतान और उसके रिफ़ंड यहाँ दिखते हैं।')).toHaveLength(2);
  });
});
