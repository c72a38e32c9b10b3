import { z } from 'zod';
import { listQuerySchema } from '../lists.ts';
import { addressSchema } from '../storefront/addresses.ts';

/**
 * Customers of the business: the people who order through its customer app
 * (D12). The console reads them to limit a coupon to some of them, and the
 * owner's customers screen (B15) to see their history and block them; the
 * customer app creates them with their first order.
 */
export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Ten digits, as the customer app keeps them. */
  phone: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** How the customers list is ordered: by name (A to Z), or by when they became customers, newest or oldest first. */
export const customerSorts = ['name', 'newest', 'oldest'] as const;
export type CustomerSort = (typeof customerSorts)[number];

/** GET /api/customers: `q` finds a name (any part, any case) or a phone (any run of its digits). */
export const customerListQuerySchema = listQuerySchema.extend({
  sort: z.enum(customerSorts, { error: 'must be name, newest or oldest' }).default('name'),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** A customer's orders and what they spent: the bill amounts of their delivered orders. */
const figures = {
  ordersCount: z.number().int(),
  totalSpentPaise: z.number().int(),
  lastOrderAt: z.string().nullable(),
};

/** A row of the customers list: who, their figures, and since when they are blocked (null when not). */
export const customerRowSchema = customerSchema.extend({
  ...figures,
  blockedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

/** One customer for their page: the row, who blocked them, and their saved addresses. */
export const customerDetailSchema = customerRowSchema.extend({
  blockedByName: z.string().nullable(),
  addresses: z.array(addressSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** GET /api/customers/:customerId/orders: newest first, paged as every list. */
export const customerOrdersQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });
export type CustomerOrdersQuery = z.infer<typeof customerOrdersQuerySchema>;

/** PATCH /api/customers/:customerId: block or unblock; doing it twice changes nothing more. */
export const customerBlockSchema = z.object({
  blocked: z.boolean({ error: 'must be true or false' }),
});
export type CustomerBlock = z.infer<typeof customerBlockSchema>;
