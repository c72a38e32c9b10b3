import { z } from 'zod';
import { singleLine } from '../text.ts';
import { customerCancelReasons, staffCancelReasons } from './cancellation.ts';

/** `POST /api/storefront/orders/:orderId/cancel`: the customer's cancel, with why. */
export const customerCancelSchema = z.object({
  reason: z.enum(customerCancelReasons, { error: 'choose one of the reasons offered' }).optional(),
  /** In their own words, beside the reason. */
  note: singleLine(200).optional(),
});
export type CustomerCancel = z.infer<typeof customerCancelSchema>;

/** The reason a staff change to Cancelled may carry (optional for API clients; the console asks for one). */
export const staffCancelReasonSchema = z.enum(staffCancelReasons, {
  error: 'choose one of the reasons offered',
});
