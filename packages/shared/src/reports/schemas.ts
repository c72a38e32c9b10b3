import { z } from 'zod';
import { daySchema } from '../orders/schemas.ts';

/**
 * Sales reports (B15, ADR 0046): the figures of the orders placed in a period
 * (days in the business's time zone, both included), grouped one way. The owner
 * may name one zone, an admin always gets their own (naming another is 403).
 */
export const salesGroupings = [
  'day',
  'store',
  'category',
  'item',
  'variant',
  'paymentMode',
  'coupon',
  'executive',
] as const;
export type SalesGrouping = (typeof salesGroupings)[number];

/** Groupings of lines sold rather than orders: their discount, charges and net are the order's, so none. */
export const byLine = (grouping: SalesGrouping) =>
  grouping === 'item' || grouping === 'variant' || grouping === 'category';

/** The longest period one report covers, in days (a leap year). */
export const maxReportDays = 366;

export const reportMessages = {
  groupBy: 'must be day, store, category, item, variant, paymentMode, coupon or executive',
  toBeforeFrom: 'must be on or after the start',
  tooLong: `must be at most ${maxReportDays} days after the start`,
  noPaymentMode: 'No payment mode',
  noCoupon: 'No coupon',
  noExecutive: 'No executive',
  noCategory: 'No category',
  removed: 'Removed',
} as const;

/** Days from `from` to `to`, both included (calendar days, no time zone involved). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A report's period must run forwards, and for at most maxReportDays: said on `to`. */
export function refinePeriod(query: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = daysInPeriod(query.from, query.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: reportMessages.toBeforeFrom });
  else if (days > maxReportDays)
    ctx.addIssue({ code: 'custom', path: ['to'], message: reportMessages.tooLong });
}

/** A report of a period (days in the business's time zone, both included) for a zone, or the caller's scope. */
export const periodQuerySchema = z
  .object({ from: daySchema, to: daySchema, zoneId: z.uuid().optional() })
  .superRefine(refinePeriod);

export const salesReportQuerySchema = z
  .object({
    from: daySchema,
    to: daySchema,
    groupBy: z.enum(salesGroupings, { error: reportMessages.groupBy }).default('day'),
    zoneId: z.uuid().optional(),
  })
  .superRefine(refinePeriod);
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

const count = z.number().int().nonnegative();
const paise = z.number().int();

/**
 * The figures of one group, or of the whole period (`totals`):
 *
 * - `orders`: orders placed in the period that were delivered;
 * - `itemsSold`: the quantities of those orders' items;
 * - `grossPaise`: their items' total (quantity × price as ordered);
 * - `discountPaise`: their discounts (coupon or referral offer);
 * - `chargesPaise`: their charges (delivery and the like);
 * - `netPaise`: their bills, gross − discount + charges;
 * - `cancelled`: orders placed in the period that were cancelled.
 *
 * Grouped by item, a row counts the orders that hold the item (one order may
 * count in several rows), the item's quantities and its gross; an order's
 * discount, charges and bill are not the item's, so those are null. Grouped by
 * category (the item's category now), a row has the quantities and gross of its
 * items only: an order holding two of its items would count twice, so orders
 * and cancelled are null too. The totals are always the period's orders, each
 * counted once.
 */
export const salesFiguresSchema = z.object({
  orders: count.nullable(),
  itemsSold: count,
  grossPaise: paise,
  discountPaise: paise.nullable(),
  chargesPaise: paise.nullable(),
  netPaise: paise.nullable(),
  cancelled: count.nullable(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

/**
 * One group: `key` is the day (YYYY-MM-DD), the store's, category's, item's or
 * executive's id, the payment mode (COD, UPI, CARD) or the coupon's code, and
 * '' for orders without one; `label` is what the console shows for it.
 */
export const salesRowSchema = salesFiguresSchema.extend({ key: z.string(), label: z.string() });
export type SalesRow = z.infer<typeof salesRowSchema>;

export const salesReportSchema = z.object({
  rows: z.array(salesRowSchema),
  totals: salesFiguresSchema.extend({
    orders: count,
    cancelled: count,
    discountPaise: paise,
    chargesPaise: paise,
    netPaise: paise,
  }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
