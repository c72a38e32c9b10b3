/**
 * Refunds recorded by staff (B18, ADR 0069): of a paid order only, in full or in part, never more
 * than was paid even when sent at once; cash for cash on delivery, UPI for UPI; on the timeline,
 * in the audit log and live; a credit note, numbered per business and financial year, when the
 * order had its tax invoice; never another zone's or business's order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { financialYearOf, refundMessages, type Refund } from '@storedesk/shared/payments/refunds';
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
let store: { storeId: string; itemId: string };
let customerId: string;

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  store = await createStoreWithItem(world.ctx.db, world.biz);
  customerId = await insertCustomer(world.ctx.db, world.biz.id);
});

afterAll(async () => {
  await world.ctx.close();
});

/** An order of ₹500 (paid unless said), in the first zone or `zoneId`. */
async function order(values: { paid?: boolean; paymentMode?: string; zone?: 0 | 1 } = {}) {
  const zoneId = world.biz.zones[values.zone ?? 0];
  let storeId = store.storeId;
  if (values.zone === 1) {
    const south = await createStoreWithItem(world.ctx.db, world.biz);
    await world.ctx.db.execute(sql`UPDATE stores SET zone_id = ${zoneId} WHERE id = ${south.storeId}`);
    storeId = south.storeId;
  }
  return insertOrder(
    world.ctx.db,
    { businessId: world.biz.id, zoneId, storeId, customerId },
    {
      billAmountPaise: 50_000,
      paymentMode: values.paymentMode ?? 'COD',
      ...(values.paid === false ? {} : { paidAt: new Date(), paidByName: 'Till' }),
    },
  );
}

const refund = (orderId: string, body: object, session = world.owner) =>
  call(session, 'POST', `/api/orders/${orderId}/refunds`, body);

/** What a refund writes: the order's row, its timeline, refunds, audit entries. */
async function footprint(orderId: string) {
  const { rows } = await world.ctx.db.$client.query(
    `SELECT o.version, o.refunded_paise,
            (SELECT count(*) FROM order_events e WHERE e.order_id = o.id) AS events,
            (SELECT count(*) FROM refunds r WHERE r.order_id = o.id) AS refunds,
            (SELECT count(*) FROM audit_log a WHERE a.record_id = o.id::text) AS audited
     FROM orders o WHERE o.id = $1`,
    [orderId],
  );
  return rows[0];
}

describe('recording a refund', () => {
  it('of a cash order in part: processed, the order holds the rest, on its timeline, in the audit log', async () => {
    const paid = await order();
    const res = await refund(paid.id, { amountPaise: 12_050, note: 'One packet torn', version: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ order: OrderDetail; refund: Refund }>();
    expect(made.refund).toEqual({
      id: expect.any(String),
      amountPaise: 12_050,
      method: 'CASH',
      state: 'PROCESSED',
      reference: null,
      note: 'One packet torn',
      creditNote: null,
      createdByName: world.biz.owner.name,
      createdAt: expect.any(String),
    });
    expect(made.order).toMatchObject({ refundedPaise: 12_050, version: 2 });
    expect(made.order.timeline.at(-1)).toMatchObject({
      fromStatus: null,
      toStatus: null,
      note: 'Refund of ₹120.50 (Cash) recorded',
      actorName: world.biz.owner.name,
    });
    // Live to staff of its zone and to its customer.
    const { rows: announced } = await world.ctx.db.$client.query(
      'SELECT action, zone_id, customer_id FROM events WHERE record_id = $1 ORDER BY id DESC LIMIT 1',
      [paid.id],
    );
    expect(announced[0]).toEqual({ action: 'updated', zone_id: world.biz.zones[0], customer_id: customerId });
    const listed = await call(world.admin, 'GET', `/api/orders/${paid.id}/refunds`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ items: [made.refund] });

    const audit = await call(world.owner, 'GET', `/api/audit-log?kind=refund`);
    expect(
      audit.json<{ items: Array<{ recordId: string; action: string; changes: object }> }>().items[0],
    ).toMatchObject({
      recordId: paid.id,
      action: 'create',
      changes: { amountPaise: { from: null, to: 12_050 }, method: { from: null, to: 'CASH' } },
    });

    // The rest, and then nothing more.
    const rest = await refund(paid.id, { amountPaise: 37_950, version: 2 });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<{ order: OrderDetail }>().order.refundedPaise).toBe(50_000);
    const more = await refund(paid.id, { amountPaise: 1, version: 3 });
    expect(more.statusCode).toBe(400);
    expect(errorOf(more).fields).toEqual({
      amountPaise: 'Everything paid for this order is refunded already',
    });
  });

  it('of a UPI order is a UPI refund with its reference; the customer’s order shows what came back', async () => {
    const paid = await order({ paymentMode: 'UPI' });
    const res = await refund(paid.id, { amountPaise: 50_000, reference: 'UPI-4471', version: 1 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ refund: Refund }>().refund).toMatchObject({ method: 'UPI', reference: 'UPI-4471' });
    const { rows } = await world.ctx.db.$client.query('SELECT refunded_paise FROM orders WHERE id = $1', [
      paid.id,
    ]);
    expect(Number(rows[0]!.refunded_paise)).toBe(50_000);
  });

  it('refuses more than is left, an unpaid order, and a stale version, writing nothing', async () => {
    const paid = await order();
    const before = await footprint(paid.id);
    const tooMuch = await refund(paid.id, { amountPaise: 50_001, version: 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).fields).toEqual({ amountPaise: refundMessages.tooMuch(50_000) });
    expect(refundMessages.tooMuch(50_000)).toBe('At most ₹500.00 can be refunded');
    const stale = await refund(paid.id, { amountPaise: 100, version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(messages.staleRecord);
    expect(await footprint(paid.id)).toEqual(before);

    const unpaid = await order({ paid: false });
    const unpaidBefore = await footprint(unpaid.id);
    const res = await refund(unpaid.id, { amountPaise: 100, version: 1 });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(refundMessages.notPaid);
    expect(await footprint(unpaid.id)).toEqual(unpaidBefore);
  });

  it('refuses bad input with 400 on its field, writing nothing', async () => {
    const paid = await order();
    const before = await footprint(paid.id);
    const cases: Array<[object, string, string]> = [
      [{ amountPaise: 0, version: 1 }, 'amountPaise', refundMessages.positive],
      [{ amountPaise: -100, version: 1 }, 'amountPaise', refundMessages.positive],
      [{ amountPaise: 10.5, version: 1 }, 'amountPaise', 'must be a whole number of paise'],
      [{ amountPaise: '100', version: 1 }, 'amountPaise', 'must be a number of paise'],
      [{ version: 1 }, 'amountPaise', 'is required'],
      [{ amountPaise: 100 }, 'version', 'Invalid input: expected number, received undefined'],
      [{ amountPaise: 100, version: 1, note: 'x'.repeat(201) }, 'note', 'must be at most 200 characters'],
      [
        { amountPaise: 100, version: 1, reference: 'a\nb' },
        'reference',
        'must not contain control characters',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await refund(paid.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await footprint(paid.id)).toEqual(before);
  });

  it('sent five times at once from one version: one is made, the others are stale, and never more than was paid', async () => {
    const paid = await order();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => refund(paid.id, { amountPaise: 30_000, version: 1 })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const after = await footprint(paid.id);
    expect(after).toMatchObject({ version: 2, refunded_paise: 30_000, refunds: 1 });
  });

  it('of an order with its tax invoice issues the next credit note of the financial year', async () => {
    await world.ctx.db.execute(
      sql`UPDATE businesses SET gstin = '27AAPFU0939F1ZV' WHERE id = ${world.biz.id}`,
    );
    const year = financialYearOf(new Date(), 'Asia/Kolkata');
    const label = (n: number) => `CN/${year}-${String((year + 1) % 100).padStart(2, '0')}/${n}`;
    const invoiced = await order();
    const delivered = await call(world.owner, 'POST', `/api/orders/${invoiced.id}/status`, {
      status: -2,
      version: 1,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const first = await refund(invoiced.id, { amountPaise: 1_000, version: 2 });
    const second = await refund(invoiced.id, { amountPaise: 1_000, version: 3 });
    expect([first, second].map((res) => res.json<{ refund: Refund }>().refund.creditNote)).toEqual([
      label(1),
      label(2),
    ]);
    // Before delivery there is no invoice, so no credit note.
    const open = await order();
    const res = await refund(open.id, { amountPaise: 1_000, version: 1 });
    expect(res.json<{ refund: Refund }>().refund.creditNote).toBeNull();
    await world.ctx.db.execute(sql`UPDATE businesses SET gstin = NULL WHERE id = ${world.biz.id}`);
  });

  it('of another zone’s or business’s order is 404 and writes nothing; the zone’s own admin may', async () => {
    const south = await order({ zone: 1 });
    const before = await footprint(south.id);
    for (const session of [world.admin, world.rivalOwner]) {
      const res = await refund(south.id, { amountPaise: 100, version: 1 }, session);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(messages.notFound);
      expect((await call(session, 'GET', `/api/orders/${south.id}/refunds`)).statusCode).toBe(404);
    }
    expect(await footprint(south.id)).toEqual(before);
    expect((await refund(south.id, { amountPaise: 100, version: 1 }, world.southAdmin)).statusCode).toBe(201);
  });
});

describe('the financial year of a credit note', () => {
  it('runs April to March on the business’s clock', () => {
    // 31 March 2027, 23:59 in Kolkata is still 2026-27; a minute later it is 2027-28.
    expect(financialYearOf('2027-03-31T18:29:00Z', 'Asia/Kolkata')).toBe(2026);
    expect(financialYearOf('2027-03-31T18:31:00Z', 'Asia/Kolkata')).toBe(2027);
    expect(financialYearOf('2026-04-01T00:00:00+05:30', 'Asia/Kolkata')).toBe(2026);
    expect(financialYearOf('2027-01-15T12:00:00Z', 'Asia/Kolkata')).toBe(2026);
  });
});
