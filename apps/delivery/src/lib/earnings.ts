import type { DeliveryEarning, DeliveryEarnings, EarningsPeriod } from '@storedesk/shared/delivery/earnings';
import { tipDeadline } from '@storedesk/shared/delivery/earnings-rules';
import { api } from './api.ts';

/*
 * The executive's earnings (B18): what they earned today or this week, and the cash tips they
 * record.
 */

/** GET /api/delivery/earnings: the period's deliveries and totals, and what is owed either way. */
export function findEarnings(period: EarningsPeriod): Promise<DeliveryEarnings> {
  return api<DeliveryEarnings>('GET', `/earnings?period=${period}`);
}

/** POST /api/delivery/orders/:orderId/tip: a tip the customer gave in cash at the door; answers the row. */
export function recordCashTip(orderId: string, amountPaise: number): Promise<DeliveryEarning> {
  return api<DeliveryEarning>('POST', `/orders/${encodeURIComponent(orderId)}/tip`, { amountPaise });
}

/** Whether a cash tip may still be recorded for one of the executive's deliveries (the shared rule). */
export function canRecordTip(earning: DeliveryEarning, now: number): boolean {
  return earning.tip === null && tipDeadline(new Date(earning.deliveredAt)).getTime() > now;
}
