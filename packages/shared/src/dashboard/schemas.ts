import { z } from 'zod';

/**
 * The dashboard (SPEC §2, D4): the owner may name one zone, an admin always sees
 * their own (naming another is 403). Without `zoneId` the owner sees every zone.
 */
export const dashboardQuerySchema = z.object({ zoneId: z.uuid().optional() });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const count = z.number().int().nonnegative();
const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const calendarMonth = z.string().regex(/^\d{4}-\d{2}$/);

/**
 * One card with its change since last month (SPEC §9). `value` counts the current
 * calendar month so far (up to the end of today), `previous` the whole previous
 * month, both in the business's time zone. `changePercent` is
 * (value − previous) / previous × 100, relative to 1 when `previous` is 0, rounded
 * to 2 decimals, halves away from zero (12.345 → 12.35, −12.345 → −12.35).
 */
export const monthlyFigureSchema = z.object({
  value: count,
  previous: count,
  changePercent: z.number(),
});
export type MonthlyFigure = z.infer<typeof monthlyFigureSchema>;

/** One day of the Orders Overview chart; orders count on the day they were placed. */
export const dailyOrdersSchema = z.object({
  day: calendarDay,
  cancelled: count,
  delivered: count,
  total: count,
});
export type DailyOrders = z.infer<typeof dailyOrdersSchema>;

export const dashboardSchema = z.object({
  /** The zone the figures cover; null when they cover every zone of the business. */
  zoneId: z.string().nullable(),
  /** Today, this month and last month in the business's time zone, for labels. */
  today: calendarDay,
  month: calendarMonth,
  previousMonth: calendarMonth,
  cards: z.object({
    /**
     * New customers of the month: those whose first order was placed in it (in
     * the zone, under a zone filter). Customers come into being with their first
     * order, so this is who joined.
     */
    totalUsers: monthlyFigureSchema,
    /** Orders placed in the month. */
    totalOrders: monthlyFigureSchema,
    /** Orders placed in the month that were cancelled. */
    cancelledOrders: monthlyFigureSchema,
    /** Bills of the orders placed this month that were delivered, in paise (exact). */
    earningsPaise: z.number().int().nonnegative(),
  }),
  /** The last 7 days, oldest first, ending with today; days without orders are zeros. */
  ordersOverview: z.array(dailyOrdersSchema).length(7),
  /**
   * Orders placed today by where they stand now: still open (placed, confirmed or
   * picked up), delivered, or cancelled. The three add up to today's total.
   */
  ordersByStatus: z.object({ pending: count, delivered: count, cancelled: count }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
