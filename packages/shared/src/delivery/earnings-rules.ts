import { formatRupees } from '../money.ts';
import { OrderStatus } from '../orders.ts';

/**
 * Executives' earnings (B18, ADR 0073).
 *
 * An executive earns the business's fee for each order they deliver, and the tips customers give
 * them. The fee is the business's fee per delivery plus its fee per km of the order's distance (the
 * store to the delivery point, as the crow flies), fixed when the order is placed, as its bill is.
 * A tip is given after delivery: online through the gateway (the business holds it until it pays
 * the executive out), or in cash at the door (the executive records it; it is theirs already).
 *
 * A payout pays an executive what they earned over a period and has not been paid yet (fees and
 * online tips), less the cash on delivery they collected in that period and have not handed over:
 * that cash counts as handed over with the payout.
 */

/** The fee an order pays its executive: the fee per delivery plus the fee per km of its distance, in paise. */
export function executiveFeePaise(
  fee: { perDeliveryPaise: number; perKmPaise: number },
  distanceKm: number | null,
): number {
  return fee.perDeliveryPaise + Math.round(fee.perKmPaise * Math.max(0, distanceKm ?? 0));
}

/** What a tip may be: ₹1 to ₹1,000. */
export const tipLimits = { minPaise: 100, maxPaise: 100_000 } as const;
/** A tip is offered for this long after delivery. */
export const tipWithinHours = 48;
/**
 * Until when a delivered order may be tipped: `tipWithinHours` after its delivery, when an executive
 * delivered it and it has no tip yet; null when it may not be (now or any more).
 */
export function tipUntil(
  order: { status: number; dexId: string | null; deliveredAt: Date | null },
  tipped: boolean,
  now: Date,
): Date | null {
  if (tipped || order.status !== OrderStatus.Delivered || order.dexId === null || order.deliveredAt === null)
    return null;
  const until = tipDeadline(order.deliveredAt);
  return until > now ? until : null;
}

/** The last moment an order delivered at `deliveredAt` may be tipped: `tipWithinHours` after. */
export function tipDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + tipWithinHours * 3_600_000);
}

/** The amounts the customer app offers first (another may be typed). */
export const suggestedTipsPaise = [1000, 2000, 3000, 5000] as const;

export const earningsMessages = {
  tipTooSmall: `must be at least ${formatRupees(tipLimits.minPaise)}`,
  tipTooLarge: `must be at most ${formatRupees(tipLimits.maxPaise)}`,
  notDelivered: 'A tip can be given once the order is delivered',
  noExecutive: 'This order was not delivered by a delivery executive',
  tipTooLate: `A tip can be given up to ${tipWithinHours} hours after delivery`,
  tippedAlready: 'This order has a tip already',
  nothingToPay: 'There is nothing to pay this executive for this period',
  payoutChanged: (name: string, netPaise: number) =>
    `${name}’s payout for this period is now ${formatRupees(netPaise)}: check it and pay again`,
  tipPaid: (name: string) => `Thank you! ${name} gets all of it.`,
} as const;

export const tipMethods = ['ONLINE', 'CASH'] as const;
export type TipMethod = (typeof tipMethods)[number];

/** Why a tip's amount (paise) is refused, or null when it may be given. */
export function tipAmountProblem(amountPaise: number): string | null {
  if (amountPaise < tipLimits.minPaise) return earningsMessages.tipTooSmall;
  if (amountPaise > tipLimits.maxPaise) return earningsMessages.tipTooLarge;
  return null;
}
