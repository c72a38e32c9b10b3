import { formatDay } from '@storedesk/shared/dates';
import { isOwner } from '@storedesk/shared/levels';
import { messages } from '@storedesk/shared/messages';
import { rupeesDecimal } from '@storedesk/shared/money';
import { figureColumns, groupingLabels, totalsLabel } from '@storedesk/shared/reports/columns';
import { lineName } from '@storedesk/shared/catalogue/variants';
import {
  byLine,
  reportMessages,
  type SalesFigures,
  type SalesReport,
  type SalesReportQuery,
  type SalesRow,
} from '@storedesk/shared/reports/schemas';
import { paymentModeTypeLabels, type PaymentModeType } from '@storedesk/shared/settings/payment-modes';
import { creditNoteSlabs, invoiceSlabs } from '@storedesk/shared/orders/invoice';
import { creditNoteLabel } from '@storedesk/shared/payments/refunds';
import {
  documentFigures,
  gstDocumentKindLabels,
  gstNetLabel,
  gstSummary,
  type GstDocument,
  type GstFigures,
  type GstReport,
  type GstReportQuery,
} from '@storedesk/shared/reports/gst';
import type { RatingFigures, RatingsReport, RatingsReportQuery } from '@storedesk/shared/reports/ratings';
import {
  paymentFigures,
  type PaymentFigures,
  type PaymentsReport,
  type PaymentsReportQuery,
} from '@storedesk/shared/reports/payments';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { invalid } from '#server/lib/errors.ts';
import { scopeOf } from '#server/lib/scope.ts';

import { csvField } from '#server/lib/csv.ts';
import { isZoneOf } from '#server/modules/zones/zones.service.ts';
import * as repo from './reports.repository.ts';

/** What the console shows for a group's key. */
function labelOf(query: SalesReportQuery, row: repo.GroupRow): string {
  switch (query.groupBy) {
    case 'day':
      return formatDay(row.key);
    case 'paymentMode':
      return row.key === ''
        ? reportMessages.noPaymentMode
        : (paymentModeTypeLabels[row.key as PaymentModeType] ?? row.key);
    case 'coupon':
      return row.key === '' ? reportMessages.noCoupon : row.key;
    case 'executive':
      return row.name ?? (row.key === '' ? reportMessages.noExecutive : reportMessages.removed);
    case 'category':
      return row.name ?? reportMessages.noCategory;
    case 'variant':
      return row.name === null ? reportMessages.removed : lineName(row.name, row.detail);
    default:
      return row.name ?? reportMessages.removed;
  }
}

/** A group's figures as the report gives them: an item's or category's have no discount, charges or net (ADR 0046). */
function rowOf(query: SalesReportQuery, group: repo.GroupRow): SalesRow {
  const byItem = byLine(query.groupBy);
  const perOrder = query.groupBy !== 'category';
  return {
    key: group.key,
    label: labelOf(query, group),
    orders: perOrder ? group.orders : null,
    itemsSold: group.itemsSold,
    grossPaise: group.grossPaise,
    discountPaise: byItem ? null : group.discountPaise,
    chargesPaise: byItem ? null : group.chargesPaise,
    netPaise: byItem ? null : group.netPaise,
    cancelled: perOrder ? group.cancelled : null,
  };
}

/**
 * B15: the sales of a period, grouped one way, for the caller's zone (or the
 * owner's chosen zone, or every zone), from the rollup kept with the orders.
 * Days come oldest first; other groups by gross, largest first, then by label.
 * The zone is looked up in `db`, the primary, so one just made is never refused;
 * the figures come from `reads`, which may be a standby a moment behind (ADR 0052).
 */
export async function getSalesReport(
  db: Database,
  reads: Database,
  auth: AuthContext,
  query: SalesReportQuery,
): Promise<SalesReport> {
  const scope = scopeOf(auth, query.zoneId);
  if (query.zoneId && isOwner(auth.user) && !(await isZoneOf(db, scope, query.zoneId))) {
    throw invalid({ zoneId: messages.unknownZone });
  }
  // One snapshot for both reads, so the rows add up to the totals even while orders close.
  const [groups, totals] = await reads.transaction(
    async (tx) =>
      [await repo.salesGroups(tx, scope, query), await repo.salesTotals(tx, scope, query)] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const rows = groups.map((group) => rowOf(query, group));
  if (query.groupBy !== 'day') {
    rows.sort(
      (a, b) => b.grossPaise - a.grossPaise || a.label.localeCompare(b.label) || a.key.localeCompare(b.key),
    );
  }
  const { key: _key, name: _name, ...figures } = totals;
  return { rows, totals: figures };
}

function csvLine(fields: string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

function figureFields(figures: SalesFigures): string[] {
  return figureColumns.map(({ key, money }) => {
    const value = figures[key];
    if (value === null) return '';
    return money ? rupeesDecimal(value) : String(value);
  });
}

/**
 * The report as CSV, exactly as the console's table shows it: the group's
 * column and the figures (money in rupees with two decimals, none as empty),
 * one line per row, then the totals.
 */
export function salesCsv(query: SalesReportQuery, report: SalesReport): string {
  let out = `\uFEFF${csvLine([groupingLabels[query.groupBy], ...figureColumns.map((column) => column.header)])}`;
  for (const row of report.rows) out += csvLine([row.label, ...figureFields(row)]);
  out += csvLine([totalsLabel, ...figureFields(report.totals)]);
  return out;
}

/**
 * B18: the tax invoices and credit notes of a period in the caller's zone (or the owner's chosen
 * zone, or every zone), each with its GST per rate, and their sums per rate (gstSummary), read in
 * one snapshot so the credit notes' invoices are those of the same moment.
 */
export async function getGstReport(
  db: Database,
  reads: Database,
  auth: AuthContext,
  query: GstReportQuery,
): Promise<GstReport> {
  const scope = scopeOf(auth, query.zoneId);
  if (query.zoneId && isOwner(auth.user) && !(await isZoneOf(db, scope, query.zoneId))) {
    throw invalid({ zoneId: messages.unknownZone });
  }
  const [invoices, creditNotes] = await reads.transaction(
    async (tx) =>
      [await repo.gstInvoices(tx, scope, query), await repo.gstCreditNotes(tx, scope, query)] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const documents: GstDocument[] = [
    ...invoices.map((row) => {
      const slabs = invoiceSlabs(row);
      return {
        kind: 'INVOICE' as const,
        number: String(row.invoiceNumber),
        day: row.day,
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        invoiceNumber: null,
        slabs,
        ...documentFigures(slabs),
      };
    }),
    ...creditNotes.map((row) => {
      const slabs = creditNoteSlabs(invoiceSlabs(row), row.amountPaise);
      return {
        kind: 'CREDIT_NOTE' as const,
        number: creditNoteLabel(row.financialYear, row.creditNoteNumber),
        day: row.day,
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        invoiceNumber: row.invoiceNumber,
        slabs,
        ...documentFigures(slabs),
      };
    }),
  ];
  return { ...gstSummary(documents), documents };
}

const gstFigureHeaders = ['Value (₹)', 'Taxable value (₹)', 'CGST (₹)', 'SGST (₹)'];
const gstFigureFields = (figures: GstFigures) =>
  [figures.valuePaise, figures.taxablePaise, figures.cgstPaise, figures.sgstPaise].map(rupeesDecimal);

/**
 * The GST report as CSV: one line per invoice and credit note and rate (credit notes' figures
 * negative, as they reduce the tax), then the net per rate and the net in all.
 */
export function gstCsv(report: GstReport): string {
  let out = `\uFEFF${csvLine(['Document', 'Number', 'Date', 'Order', 'Against invoice', 'GST rate (%)', ...gstFigureHeaders])}`;
  for (const document of report.documents) {
    const sign = document.kind === 'INVOICE' ? 1 : -1;
    for (const slab of document.slabs) {
      out += csvLine([
        gstDocumentKindLabels[document.kind],
        document.number,
        formatDay(document.day),
        `#${document.orderNumber}`,
        document.invoiceNumber === null ? '' : String(document.invoiceNumber),
        String(slab.rate),
        ...gstFigureFields({
          valuePaise: sign * slab.valuePaise,
          taxablePaise: sign * slab.taxablePaise,
          cgstPaise: sign * slab.cgstPaise,
          sgstPaise: sign * slab.sgstPaise,
        }),
      ]);
    }
  }
  for (const row of report.rates) {
    out += csvLine([gstNetLabel, '', '', '', '', String(row.rate), ...gstFigureFields(row.net)]);
  }
  out += csvLine([gstNetLabel, '', '', '', '', totalsLabel, ...gstFigureFields(report.totals.net)]);
  return out;
}

/**
 * B18: the online payments and gateway refunds of a period in the caller's zone (or the owner's
 * chosen zone, or every zone), per day and in all, to reconcile with the gateway's settlements.
 */
export async function getPaymentsReport(
  db: Database,
  reads: Database,
  auth: AuthContext,
  query: PaymentsReportQuery,
): Promise<PaymentsReport> {
  const scope = scopeOf(auth, query.zoneId);
  if (query.zoneId && isOwner(auth.user) && !(await isZoneOf(db, scope, query.zoneId))) {
    throw invalid({ zoneId: messages.unknownZone });
  }
  const entries = await repo.paymentEntries(reads, scope, query);
  return { ...paymentFigures(entries), entries };
}

/** The payments report as CSV: a line per payment and refund (refunds negative), then each day's net and the total. */
export function paymentsCsv(report: PaymentsReport): string {
  let out = `\uFEFF${csvLine(['Date', 'Kind', 'Order', 'Gateway reference', 'Method', 'State', 'Amount (₹)', 'Fee (₹)'])}`;
  for (const entry of report.entries) {
    out += csvLine([
      formatDay(entry.day),
      entry.kind === 'PAYMENT' ? 'Payment' : 'Refund',
      `#${entry.orderNumber}`,
      entry.reference ?? '',
      entry.method ?? '',
      entry.state,
      rupeesDecimal(entry.kind === 'PAYMENT' ? entry.amountPaise : -entry.amountPaise),
      entry.feePaise === null ? '' : rupeesDecimal(entry.feePaise),
    ]);
  }
  out += csvLine([]);
  out += csvLine(['Date', 'Payments', 'Received (₹)', 'Fees (₹)', 'Refunds', 'Refunded (₹)', 'Net (₹)']);
  const line = (label: string, f: PaymentFigures) =>
    csvLine([
      label,
      String(f.payments),
      rupeesDecimal(f.receivedPaise),
      rupeesDecimal(f.feePaise),
      String(f.refunds),
      rupeesDecimal(f.refundedPaise),
      rupeesDecimal(f.netPaise),
    ]);
  for (const day of report.days) out += line(formatDay(day.day), day);
  out += line(totalsLabel, report.totals);
  return out;
}

/**
 * B19 (ADR 0078): the ratings customers gave in a period in the caller's zone (or the owner's chosen
 * zone, or every zone): in all, per store and per executive who delivered, and the low ones.
 */
export async function getRatingsReport(
  db: Database,
  reads: Database,
  auth: AuthContext,
  query: RatingsReportQuery,
): Promise<RatingsReport> {
  const scope = scopeOf(auth, query.zoneId);
  if (query.zoneId && isOwner(auth.user) && !(await isZoneOf(db, scope, query.zoneId))) {
    throw invalid({ zoneId: messages.unknownZone });
  }
  const [rows, lowRatings] = await Promise.all([
    repo.ratingFigures(reads, scope, query),
    repo.lowRatings(reads, scope, query),
  ]);
  const figuresOf = (row: (typeof rows)[number]): RatingFigures => ({
    rated: row.rated,
    starsTotal: row.starsTotal,
    low: row.low,
    byStars: [row.s1, row.s2, row.s3, row.s4, row.s5],
  });
  const totals = rows.find((row) => !row.byStore && !row.byExecutive);
  return {
    totals: totals ? figuresOf(totals) : { rated: 0, starsTotal: 0, low: 0, byStars: [0, 0, 0, 0, 0] },
    stores: rows.flatMap((row) =>
      row.byStore && row.storeId
        ? [{ storeId: row.storeId, storeName: row.storeName, ...figuresOf(row) }]
        : [],
    ),
    // Orders delivered by nobody (or by an executive since deleted) are in the totals only. An
    // executive's figures are of the stars customers gave them (ADR 0084), beside their orders'.
    executives: rows.flatMap((row) =>
      row.byExecutive && row.executiveId
        ? [
            {
              executiveId: row.executiveId,
              executiveName: row.executiveName,
              rated: row.eRated,
              starsTotal: row.eStarsTotal,
              low: row.eLow,
              byStars: [row.e1, row.e2, row.e3, row.e4, row.e5],
              orderRated: row.rated,
              orderStarsTotal: row.starsTotal,
            },
          ]
        : [],
    ),
    lowRatings,
  };
}
