/**
 * The GST report and credit notes (B18): invoices given on delivery and credit notes given with
 * refunds after it, each with its GST per rate, summed per rate; the printed bill lists the credit
 * notes against its invoice. Every figure here is worked out by hand.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay, formatDay } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import type { OrderBill } from '@storedesk/shared/orders/invoice';
import { creditNoteLabel, financialYearOf } from '@storedesk/shared/payments/refunds';
import type { GstReport } from '@storedesk/shared/reports/gst';
import { reportMessages } from '@storedesk/shared/reports/schemas';
import {
  caller,
  createStaffWorld,
  insertCustomer,
  createStoreWithItem,
  errorOf,
  insertOrder,
  type Call,
  type StaffWorld,
} from '#test/harness.ts';

let world: StaffWorld;
let call: Call;
let today: string;
let north: { storeId: string; itemId: string };
let south: { storeId: string; itemId: string };
let customerId: string;
let label: (n: number) => string;

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  north = await createStoreWithItem(world.ctx.db, world.biz);
  south = await createStoreWithItem(world.ctx.db, world.biz);
  await world.ctx.db.execute(
    sql`UPDATE stores SET zone_id = ${world.biz.zones[1]} WHERE id = ${south.storeId}`,
  );
  await world.ctx.db.execute(sql`UPDATE businesses SET gstin = '27AAPFU0939F1ZV' WHERE id = ${world.biz.id}`);
  customerId = await insertCustomer(world.ctx.db, world.biz.id);
  today = businessDay(new Date(), 'Asia/Kolkata');
  const year = financialYearOf(new Date(), 'Asia/Kolkata');
  label = (n) => creditNoteLabel(year, n);
});

afterAll(async () => {
  await world.ctx.close();
});

/**
 * A paid order of rice (₹105 at 5%) and soap (₹118 at 18%), with ₹23 of delivery charges (at 18%):
 * ₹246 in all. Delivered through the API unless said, which gives it its invoice.
 */
async function paidOrder(zone: 0 | 1 = 0, deliver = true) {
  const store = zone === 0 ? north : south;
  const placed = await insertOrder(
    world.ctx.db,
    { businessId: world.biz.id, zoneId: world.biz.zones[zone], storeId: store.storeId, customerId },
    {
      items: [
        { itemId: store.itemId, itemName: 'Rice', itemQuantity: 1, itemPricePaise: 10_500, gstRate: 5 },
        { itemId: store.itemId, itemName: 'Soap', itemQuantity: 2, itemPricePaise: 5_900, gstRate: 18 },
      ],
      charges: [{ chargeLabel: 'Delivery charges', chargeAmountPaise: 2_300 }],
      itemsTotalPaise: 22_300,
      chargesTotalPaise: 2_300,
      billAmountPaise: 24_600,
      paidAt: new Date(),
      paidByName: 'Till',
    },
  );
  if (!deliver) return placed;
  const res = await call(world.owner, 'POST', `/api/orders/${placed.id}/status`, { status: -2, version: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return { id: placed.id, version: 2 };
}

const gst = (query: string, session = world.owner) => call(session, 'GET', `/api/reports/gst?${query}`);

describe('the GST report', () => {
  let first: { id: string; version: number };

  beforeAll(async () => {
    first = await paidOrder();
    await paidOrder(1);
    // ₹24.60 back on the first order after its invoice: a credit note.
    const refunded = await call(world.owner, 'POST', `/api/orders/${first.id}/refunds`, {
      amountPaise: 2_460,
      version: first.version,
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    // A refund before delivery has no invoice to credit, so no credit note.
    const open = await paidOrder(0, false);
    expect(
      (await call(world.owner, 'POST', `/api/orders/${open.id}/refunds`, { amountPaise: 100, version: 1 }))
        .statusCode,
    ).toBe(201);
  });

  it('lists the invoices and credit notes of the period, each with its GST per rate', async () => {
    const res = await gst(`from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<GstReport>();
    expect(report.documents.map((d) => [d.kind, d.number, d.invoiceNumber])).toEqual([
      ['INVOICE', '1', null],
      ['INVOICE', '2', null],
      ['CREDIT_NOTE', label(1), 1],
    ]);
    // ₹105 at 5%: ₹100 + ₹2.50 + ₹2.50. ₹118 and ₹23 at 18%: ₹141 = ₹119.49 + ₹10.76 + ₹10.75.
    expect(report.documents[0]!.slabs).toEqual([
      { rate: 5, valuePaise: 10_500, taxablePaise: 10_000, cgstPaise: 250, sgstPaise: 250 },
      { rate: 18, valuePaise: 14_100, taxablePaise: 11_949, cgstPaise: 1_076, sgstPaise: 1_075 },
    ]);
    // A tenth of the bill back: a tenth of each rate's value.
    expect(report.documents[2]!.slabs).toEqual([
      { rate: 5, valuePaise: 1_050, taxablePaise: 1_000, cgstPaise: 25, sgstPaise: 25 },
      { rate: 18, valuePaise: 1_410, taxablePaise: 1_195, cgstPaise: 108, sgstPaise: 107 },
    ]);
    expect(report.documents[2]).toMatchObject({ valuePaise: 2_460, taxablePaise: 2_195, cgstPaise: 133 });
    expect(report.rates).toEqual([
      {
        rate: 5,
        invoices: { valuePaise: 21_000, taxablePaise: 20_000, cgstPaise: 500, sgstPaise: 500 },
        creditNotes: { valuePaise: 1_050, taxablePaise: 1_000, cgstPaise: 25, sgstPaise: 25 },
        net: { valuePaise: 19_950, taxablePaise: 19_000, cgstPaise: 475, sgstPaise: 475 },
      },
      {
        rate: 18,
        invoices: { valuePaise: 28_200, taxablePaise: 23_898, cgstPaise: 2_152, sgstPaise: 2_150 },
        creditNotes: { valuePaise: 1_410, taxablePaise: 1_195, cgstPaise: 108, sgstPaise: 107 },
        net: { valuePaise: 26_790, taxablePaise: 22_703, cgstPaise: 2_044, sgstPaise: 2_043 },
      },
    ]);
    // Net: what was received for the two orders less what was given back after their invoices.
    expect(report.totals).toMatchObject({
      invoiceCount: 2,
      creditNoteCount: 1,
      net: { valuePaise: 2 * 24_600 - 2_460, taxablePaise: 41_703, cgstPaise: 2_519, sgstPaise: 2_518 },
    });
  });

  it('gives an admin their zone only, and the owner the zone named', async () => {
    const north = (await gst(`from=${today}&to=${today}`, world.admin)).json<GstReport>();
    expect(north.documents.map((d) => d.number)).toEqual(['1', label(1)]);
    const southOnly = (await gst(`from=${today}&to=${today}&zoneId=${world.biz.zones[1]}`)).json<GstReport>();
    expect(southOnly.documents.map((d) => d.number)).toEqual(['2']);
    const other = await gst(`from=${today}&to=${today}&zoneId=${world.biz.zones[1]}`, world.admin);
    expect(other.statusCode).toBe(403);
    // Another business sees none of it.
    const rival = (await gst(`from=${today}&to=${today}`, world.rivalOwner)).json<GstReport>();
    expect(rival).toEqual({
      rates: [],
      totals: {
        invoiceCount: 0,
        creditNoteCount: 0,
        invoices: { valuePaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 },
        creditNotes: { valuePaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 },
        net: { valuePaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 },
      },
      documents: [],
    });
  });

  it('has nothing for a period before', async () => {
    const report = (await gst('from=2025-04-01&to=2025-04-30')).json<GstReport>();
    expect(report.documents).toEqual([]);
  });

  it('refuses a bad period or zone with the field’s message', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      [`from=${today}&to=2020-01-01`, { to: reportMessages.toBeforeFrom }],
      ['from=2025-01-01&to=2026-06-30', { to: reportMessages.tooLong }],
      ['from=yesterday&to=2026-01-01', { from: 'must be a date such as 2026-11-22' }],
    ];
    for (const [query, fields] of cases) {
      const res = await gst(query);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).fields, query).toMatchObject(fields);
    }
    const unknownZone = await gst(`from=${today}&to=${today}&zoneId=${world.rival.zones[0]}`);
    expect(unknownZone.statusCode).toBe(400);
    expect(errorOf(unknownZone).fields).toEqual({ zoneId: messages.unknownZone });
  });

  it('as CSV: a line per document and rate, credit notes negative, then the net per rate and in all', async () => {
    const res = await call(world.owner, 'GET', `/api/reports/gst.csv?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gst-${today}-${today}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Document,Number,Date,Order,Against invoice,GST rate (%),Value (₹),Taxable value (₹),CGST (₹),SGST (₹)',
    );
    expect(lines.slice(5)).toEqual([
      `Credit note,${label(1)},${formatDay(today)},#1,1,5,-10.50,-10.00,-0.25,-0.25`,
      `Credit note,${label(1)},${formatDay(today)},#1,1,18,-14.10,-11.95,-1.08,-1.07`,
      'Net,,,,,5,199.50,190.00,4.75,4.75',
      'Net,,,,,18,267.90,227.03,20.44,20.43',
      'Net,,,,,Total,467.40,417.03,25.19,25.18',
    ]);
  });

  it('the printed bill lists the credit notes against its invoice', async () => {
    const res = await call(world.owner, 'POST', `/api/orders/${first.id}/bill`);
    expect(res.statusCode).toBe(200);
    const bill = res.json<OrderBill>();
    expect(bill.invoice?.number).toBe(1);
    expect(bill.creditNotes).toEqual([
      {
        refundId: expect.any(String),
        number: label(1),
        createdAt: expect.any(String),
        amountPaise: 2_460,
        note: null,
        slabs: [
          { rate: 5, valuePaise: 1_050, taxablePaise: 1_000, cgstPaise: 25, sgstPaise: 25 },
          { rate: 18, valuePaise: 1_410, taxablePaise: 1_195, cgstPaise: 108, sgstPaise: 107 },
        ],
      },
    ]);
  });
});
