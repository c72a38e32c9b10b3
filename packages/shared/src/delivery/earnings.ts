import { z } from 'zod';
import { amountPaiseSchema } from '../money-schemas.ts';
import { requiredOr } from '../text.ts';
import { earningsMessages, tipLimits, tipMethods } from './earnings-rules.ts';
import { daySchema } from '../orders/schemas.ts';
import { periodQuerySchema, refinePeriod } from '../reports/schemas.ts';

/** The request and answer schemas of executives' earnings (ADR 0073); the rules are in earnings-rules.ts, which the apps read without zod. */

/** A tip's amount in paise. */
export const tipAmountSchema = z
  .number({ error: requiredOr('must be an amount in paise') })
  .int('must be a whole number of paise')
  .min(tipLimits.minPaise, earningsMessages.tipTooSmall)
  .max(tipLimits.maxPaise, earningsMessages.tipTooLarge);

/** POST /api/storefront/orders/:orderId/tip (online) and POST /api/delivery/orders/:orderId/tip (cash). */
export const tipInputSchema = z.object({ amountPaise: tipAmountSchema });
export type TipInput = z.infer<typeof tipInputSchema>;

/** An order's tip as its customer and executive see it; null while there is none (or only one not paid). */
export const tipSchema = z.object({
  amountPaise: z.number().int(),
  method: z.enum(tipMethods),
  paidAt: z.string(),
});
export type Tip = z.infer<typeof tipSchema>;

/** Settings › Order: what the business pays its executives per delivery. */
export const executiveFeeFields = {
  executiveFeePaise: amountPaiseSchema,
  executiveFeePerKmPaise: amountPaiseSchema,
};

// ---- The delivery app: GET /api/delivery/earnings ----

export const earningsPeriods = ['today', 'week'] as const;
export type EarningsPeriod = (typeof earningsPeriods)[number];
export const earningsQuerySchema = z.object({
  period: z.enum(earningsPeriods, { error: 'must be today or week' }).default('today'),
});

export const deliveryEarningSchema = z.object({
  orderId: z.string(),
  number: z.number().int(),
  storeName: z.string(),
  deliveredAt: z.string(),
  feePaise: z.number().int(),
  tip: tipSchema.nullable(),
  /** The cash on delivery collected with it; 0 when paid otherwise. */
  cashCollectedPaise: z.number().int(),
  /** Whether the fee (and an online tip) is paid out. */
  paidOut: z.boolean(),
});
export type DeliveryEarning = z.infer<typeof deliveryEarningSchema>;

export const deliveryEarningsSchema = z.object({
  period: earningsQuerySchema.shape.period.removeDefault(),
  /** The business's days the period spans (a week runs Monday to Sunday), both included. */
  from: z.string(),
  to: z.string(),
  /** The period's deliveries, the latest first. */
  items: z.array(deliveryEarningSchema),
  totals: z.object({
    deliveries: z.number().int(),
    feesPaise: z.number().int(),
    tipsOnlinePaise: z.number().int(),
    tipsCashPaise: z.number().int(),
    /** Fees and tips, online and cash. */
    earningsPaise: z.number().int(),
    cashCollectedPaise: z.number().int(),
  }),
  /** Whatever the period: the cash on delivery collected and not handed over yet (the last year's). */
  cashInHandPaise: z.number().int(),
  /** Whatever the period: fees and online tips earned and not paid out yet (the last year's). */
  toBePaidPaise: z.number().int(),
});
export type DeliveryEarnings = z.infer<typeof deliveryEarningsSchema>;

// ---- The console: GET /api/payouts, payouts.csv, POST /api/payouts ----

export const payoutsQuerySchema = periodQuerySchema;
export type PayoutsQuery = z.infer<typeof payoutsQuerySchema>;

const paidOutSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  amountPaise: z.number().int(),
  earningsPaise: z.number().int(),
  cashNettedPaise: z.number().int(),
  paidAt: z.string(),
  paidByName: z.string(),
});
export type PaidOut = z.infer<typeof paidOutSchema>;

/** An executive's period: what they earned, what of it is unpaid, the cash they still hold, and the net. */
export const payoutRowSchema = z.object({
  executiveId: z.string(),
  executiveName: z.string(),
  deliveries: z.number().int(),
  feesPaise: z.number().int(),
  tipsOnlinePaise: z.number().int(),
  tipsCashPaise: z.number().int(),
  /** Fees and online tips of the period not paid out yet. */
  unpaidPaise: z.number().int(),
  /** Cash on delivery of the period's days not handed over yet. */
  cashToSettlePaise: z.number().int(),
  /** unpaid − cash to settle: what "Mark paid" pays them (negative: what they hand over). */
  netPaise: z.number().int(),
  /** Payouts made for days of this period. */
  payouts: z.array(paidOutSchema),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

export const payoutListSchema = z.object({
  items: z.array(payoutRowSchema),
  totals: z.object({
    deliveries: z.number().int(),
    feesPaise: z.number().int(),
    tipsOnlinePaise: z.number().int(),
    tipsCashPaise: z.number().int(),
    unpaidPaise: z.number().int(),
    cashToSettlePaise: z.number().int(),
    netPaise: z.number().int(),
  }),
});
export type PayoutList = z.infer<typeof payoutListSchema>;

/** POST /api/payouts: pays an executive their period, at the net their row showed. */
export const payoutInputSchema = z
  .object({
    executiveId: z.uuid({ error: 'must be a delivery executive’s id' }),
    from: daySchema,
    to: daySchema,
    /** What the row showed: refused (409, with the row as it is now) when it changed since. */
    netPaise: z
      .number({ error: requiredOr('must be a whole number of paise') })
      .int('must be a whole number of paise'),
  })
  .superRefine(refinePeriod);
export type PayoutInput = z.infer<typeof payoutInputSchema>;
