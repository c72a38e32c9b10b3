import { z } from 'zod';
import { listQuerySchema } from '../lists.ts';

/**
 * Customers of the business: the people who order through its customer app
 * (D12). The console reads them to limit a coupon to some of them; the
 * customer app creates them with their first order.
 */
export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Ten digits, as the customer app keeps them. */
  phone: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /api/customers: `q` finds a name (any part, any case) or a phone (any run of its digits). */
export const customerListQuerySchema = listQuerySchema;
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
