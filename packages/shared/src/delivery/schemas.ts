import { z } from 'zod';
import { meResponseSchema } from '../auth/schemas.ts';
import { daySchema, orderStatusSchema } from '../orders/schemas.ts';
import { periodQuerySchema } from '../reports/schemas.ts';
import { paymentModeTypes } from '../settings/payment-modes.ts';
import { orderAddressSchema } from '../storefront/addresses.ts';
import { orderChargeSnapshotSchema, orderItemSnapshotSchema } from '../storefront/schemas.ts';
import { versionSchema } from '../text.ts';
import { deliveryCodePattern, deliveryMessages } from './rules.ts';

/*
 * The delivery app's API (B13) and the console's dispatch (B14), ADR 0042.
 * The app's calls carry the executive's token as `Authorization: Bearer`.
 */

/** POST /api/delivery/sign-in answers the session as the console's sign-in does, with the token. */
export const deliverySessionSchema = meResponseSchema.extend({
  /** Whether the executive is on duty (they start off duty). */
  onDuty: z.boolean(),
});
export type DeliverySession = z.infer<typeof deliverySessionSchema>;

export const deliverySignInResponseSchema = deliverySessionSchema.extend({ token: z.string() });
export type DeliverySignInResponse = z.infer<typeof deliverySignInResponseSchema>;

/** PUT /api/delivery/duty. */
export const dutyInputSchema = z.object({
  onDuty: z.boolean({ error: 'must be true or false' }),
});
export const dutySchema = z.object({ onDuty: z.boolean(), since: z.string() });
export type Duty = z.infer<typeof dutySchema>;

/** POST /api/delivery/location: the device's position, in degrees, and its accuracy in metres. */
export const locationInputSchema = z.object({
  lat: z.number({ error: 'must be a number' }).min(-90).max(90),
  lng: z.number({ error: 'must be a number' }).min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).optional(),
});
export type LocationInput = z.infer<typeof locationInputSchema>;

/** The store an order is picked up from. */
export const deliveryStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  lat: z.number(),
  lng: z.number(),
});

/** An order as its executive sees it: where from, where to, who, what, and what to collect. */
export const deliveryOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.number().int(),
  version: z.number().int(),
  placedAt: z.string(),
  store: deliveryStoreSchema,
  customerName: z.string(),
  customerPhone: z.string(),
  deliveryAddress: orderAddressSchema.nullable(),
  items: z.array(orderItemSnapshotSchema),
  itemsTotalPaise: z.number().int(),
  discountPaise: z.number().int(),
  charges: z.array(orderChargeSnapshotSchema),
  chargesTotalPaise: z.number().int(),
  billAmountPaise: z.number().int(),
  paymentMode: z.enum(paymentModeTypes).nullable(),
  paid: z.boolean(),
  /** The cash to collect at the door: the bill of an unpaid COD order, else 0. */
  cashToCollectPaise: z.number().int(),
  note: z.string().nullable(),
});
export type DeliveryOrder = z.infer<typeof deliveryOrderSchema>;

export const deliveryOrderListSchema = z.object({ items: z.array(deliveryOrderSchema) });

/** POST /api/delivery/orders/:orderId/status: Picked Up (2), or Delivered (-2) with the customer's code. */
export const deliveryStatusChangeSchema = z.object({
  /** Picked Up (2) or Delivered (-2); any other status is the executive's to ask of staff (403). */
  status: orderStatusSchema,
  version: versionSchema,
  code: z.string().trim().regex(deliveryCodePattern, deliveryMessages.codeRequired).optional(),
  /** For an unpaid cash-on-delivery order: `true`, that the executive holds the cash (false or left out is refused). */
  cashCollected: z.boolean().optional(),
});
export type DeliveryStatusChange = z.infer<typeof deliveryStatusChangeSchema>;

/* ---- Dispatch (the console) ---- */

export const dispatchQuerySchema = z.object({ zoneId: z.uuid().optional() });

export const dispatchExecutiveSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  zoneId: z.string().nullable(),
  onDuty: z.boolean(),
  /** Last position sent, null when none in the last 7 days. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuracy: z.number().nullable(),
  seenAt: z.string().nullable(),
  openOrders: z.number().int(),
});
export type DispatchExecutive = z.infer<typeof dispatchExecutiveSchema>;

export const dispatchStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  zoneId: z.string(),
  lat: z.number(),
  lng: z.number(),
});

export const dispatchOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  zoneId: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  customerName: z.string(),
  status: z.number().int(),
  placedAt: z.string(),
  dexId: z.string().nullable(),
  dexName: z.string().nullable(),
  /** Where it goes; null for an order placed without an address. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  address: z.string().nullable(),
  version: z.number().int(),
});
export type DispatchOrder = z.infer<typeof dispatchOrderSchema>;

/** GET /api/dispatch: the scope's executives, stores and open orders, with the business's dispatch settings. */
export const dispatchSchema = z.object({
  executives: z.array(dispatchExecutiveSchema),
  stores: z.array(dispatchStoreSchema),
  orders: z.array(dispatchOrderSchema),
  /** Minutes an order may wait without an executive before it is highlighted. */
  waitMinutes: z.number().int(),
  maxOpenOrdersPerExecutive: z.number().int(),
});
export type Dispatch = z.infer<typeof dispatchSchema>;

/** A batch of positions on GET /api/dispatch/positions (Server-Sent Events, `data:` of this). */
export const positionBatchSchema = z.object({
  positions: z.array(
    z.object({
      id: z.string(),
      lat: z.number(),
      lng: z.number(),
      accuracy: z.number().nullable(),
      seenAt: z.string(),
    }),
  ),
});
export type PositionBatch = z.infer<typeof positionBatchSchema>;

/** GET /api/dispatch/executives?storeId=: the picker's executives of the store's zone, nearest first. */
export const executiveChoiceQuerySchema = z.object({ storeId: z.uuid() });
export const executiveChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  onDuty: z.boolean(),
  openOrders: z.number().int(),
  /** Kilometres from the store to their last position; null when unknown. */
  distanceKm: z.number().nullable(),
  seenAt: z.string().nullable(),
});
export type ExecutiveChoice = z.infer<typeof executiveChoiceSchema>;
export const executiveChoiceListSchema = z.object({
  items: z.array(executiveChoiceSchema),
  maxOpenOrdersPerExecutive: z.number().int(),
});

/** GET /api/dispatch/cash (and cash.csv): COD collected per executive and day (the business's days), both included. */
export const cashQuerySchema = periodQuerySchema;
export type CashQuery = z.infer<typeof cashQuerySchema>;

export const cashRowSchema = z.object({
  executiveId: z.string(),
  executiveName: z.string(),
  day: z.string(),
  orders: z.number().int(),
  collectedPaise: z.number().int(),
  /** What staff recorded as settled, and who and when; null while not settled. */
  settledPaise: z.number().int().nullable(),
  settledAt: z.string().nullable(),
  settledByName: z.string().nullable(),
});
export type CashRow = z.infer<typeof cashRowSchema>;
export const cashListSchema = z.object({
  items: z.array(cashRowSchema),
  totals: z.object({ collectedPaise: z.number().int(), settledPaise: z.number().int() }),
});

/** POST /api/dispatch/cash/settlements: the day's cash of an executive handed over, in full as collected. */
export const cashSettlementInputSchema = z.object({
  executiveId: z.uuid(),
  day: daySchema,
  /** What the executive's row showed: refused (409) when more was collected since. */
  collectedPaise: z.number().int().min(0),
});
export type CashSettlementInput = z.infer<typeof cashSettlementInputSchema>;
