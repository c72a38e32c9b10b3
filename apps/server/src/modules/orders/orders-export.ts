import type { Writable } from 'node:stream';
import { rupeesDecimal } from '@storedesk/shared/money';
import { orderStatusLabels, type OrderStatus } from '@storedesk/shared/orders';
import type { OrderListQuery } from '@storedesk/shared/orders/schemas';
import type { Database } from '#server/db/client.ts';
import { drained } from '#server/lib/backpressure.ts';
import type { Scope } from '#server/lib/scope.ts';
import { forEachExportBatch } from './orders.repository.ts';
import { csvLine } from '#server/lib/csv.ts';

const header = [
  'Order ID',
  'Date',
  'Store',
  'Customer',
  'Phone',
  'Status',
  'Bill Amount',
  'Delivery executive',
  'Delivery address',
  'Payment mode',
  'Paid',
  'Note',
];
/** Rows fetched from the cursor at a time: memory stays flat however many rows there are. */
const batchSize = 1000;

/**
 * B3: the rows of the list as filtered (every page of it), written to `out` as
 * CSV from a server-side cursor in one read-only snapshot, waiting for the
 * client whenever `out` is full. Stops early if the client goes away.
 * `started` is called once the database has answered (with the first rows, or
 * with none), before anything is written: until then a failure can still be
 * answered with a status of its own, a 503 when the database is unreachable.
 */
export async function exportOrders(
  db: Database,
  scope: Scope,
  query: OrderListQuery,
  out: Writable,
  started: () => void = () => undefined,
) {
  let gone = false;
  out.once('close', () => {
    gone = true;
  });
  // As fast as the client takes it: the file is never held in memory.
  const write = async (chunk: string) => {
    out.write(chunk);
    await drained(out);
  };
  let begun = false;
  const begin = async () => {
    if (begun) return;
    begun = true;
    started();
    await write(`\uFEFF${csvLine(header)}`);
  };
  await forEachExportBatch(db, scope, query, batchSize, async (rows) => {
    await begin();
    let chunk = '';
    for (const row of rows) {
      chunk += csvLine([
        `#${row.number}`,
        row.placed,
        row.store_name,
        row.customer_name,
        row.customer_phone,
        orderStatusLabels[row.status as OrderStatus] ?? String(row.status),
        rupeesDecimal(Number(row.bill_amount_paise)),
        row.dex_name ?? '',
        row.address ?? '',
        row.payment_mode ?? '',
        row.payment_mode ? (row.paid ? 'Yes' : 'No') : '',
        row.note ?? '',
      ]);
    }
    await write(chunk);
    return !gone;
  });
  await begin();
  out.end();
}
