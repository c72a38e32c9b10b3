import { z } from 'zod';
import { listQuerySchema } from '../lists.ts';
import { singleLine, versionSchema } from '../text.ts';
import { messages } from '../messages.ts';
import { deliverySlotsSchema } from './slots.ts';
import { specialDaysSchema } from './special-day-schemas.ts';
import { deliveryRuleSchema, storeDeliveryRuleSchema } from './delivery-rule-schemas.ts';

/** Store status (SPEC §4): 1 Open, 0 Closed, -1 Unserviceable. A new store starts Closed. */
export const StoreStatus = { Open: 1, Closed: 0, Unserviceable: -1 } as const;
export type StoreStatus = (typeof StoreStatus)[keyof typeof StoreStatus];
export const storeStatusLabels: Record<StoreStatus, string> = {
  1: 'Open',
  0: 'Closed',
  [-1]: 'Unserviceable',
};
const storeStatus = z.union([z.literal(1), z.literal(0), z.literal(-1)], {
  error: 'must be 1 (Open), 0 (Closed) or -1 (Unserviceable)',
});

/** Times travel as 24-hour "HH:mm"; the console shows them as hh:mm A. */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 09:30');

/** A store's delivery radius, in km, as the store form takes it (ADR 0037). */
export const deliveryRadius = { defaultKm: 5, minKm: 0.5, maxKm: 50 } as const;

export const storeMessages = {
  deliveryRadius: `must be from ${deliveryRadius.minKm} to ${deliveryRadius.maxKm} km`,
} as const;

/** A description in another language: as the English one's rule, but blank is none. */
const optionalDescription = z
  .string()
  .trim()
  .max(1000, 'must be at most 1000 characters')
  .nullable()
  .transform((value) => (value ? value : null));

const required = (max: number) => singleLine(max).pipe(z.string().min(1, messages.isRequired));

/** SPEC §5 store form. The point on the map is latitude and longitude; the server derives the geohash. */
export const storeInputSchema = z.object({
  name: required(100),
  featured: z.number().int().min(1, 'must be from 1 to 9').max(9, 'must be from 1 to 9'),
  location: required(200),
  description: z
    .string()
    .trim()
    .max(1000, 'must be at most 1000 characters')
    .pipe(z.string().min(1, messages.isRequired)),
  /** The description in Hindi and in Kannada (B19, ADR 0085); null or blank: none, the English shows. */
  descriptionHi: optionalDescription.default(null),
  descriptionKn: optionalDescription.default(null),
  // The document says the rule the trimmed text meets (ten digits in a row, anywhere in it).
  phone: required(30)
    .pipe(z.string().regex(/\d{10}/, messages.storePhone))
    .meta({ pattern: '\\d{10}' }),
  openTime: timeOfDaySchema,
  closeTime: timeOfDaySchema,
  latitude: z.number({ error: messages.storeLocation }).min(-90).max(90),
  longitude: z.number({ error: messages.storeLocation }).min(-180).max(180),
  /** The customers it delivers to are those within this many km (ADR 0037); a new store delivers within 5 km. */
  deliveryRadiusKm: z
    .number({ error: storeMessages.deliveryRadius })
    .min(deliveryRadius.minKm, storeMessages.deliveryRadius)
    .max(deliveryRadius.maxKm, storeMessages.deliveryRadius)
    .optional(),
  /** The owner picks the zone; an admin's stores always go to their own zone. */
  zoneId: z.uuid().optional(),
  /** Delivery slots (B19, ADR 0077); null: as soon as possible only, as a new store delivers. */
  deliverySlots: deliverySlotsSchema.nullable().optional(),
  /** Holidays and special hours (B19, ADR 0080): the whole list, which replaces the store's; absent leaves it. */
  specialDays: specialDaysSchema.optional(),
  /** Its own minimum order and delivery fee (B19, ADR 0081); null: the business's order settings, as a new store follows. */
  deliveryRule: deliveryRuleSchema.nullable().optional(),
});
export type StoreInput = z.infer<typeof storeInputSchema>;

/** An edit: a field left out is kept (a description in another language too: it has no default here). */
export const storeUpdateSchema = storeInputSchema
  .extend({ descriptionHi: optionalDescription, descriptionKn: optionalDescription })
  .partial()
  .extend({ version: versionSchema });
export type StoreUpdate = z.infer<typeof storeUpdateSchema>;

export const storeStatusChangeSchema = z.object({
  storeIds: z.array(z.uuid()).min(1, 'choose at least one store').max(100, 'at most 100 stores at once'),
  status: storeStatus,
});
export type StoreStatusChange = z.infer<typeof storeStatusChangeSchema>;

export const storeListQuerySchema = listQuerySchema.extend({ zoneId: z.uuid().optional() });
export type StoreListQuery = z.infer<typeof storeListQuerySchema>;

export const storeSchema = z.object({
  id: z.string(),
  name: z.string(),
  featured: z.number().int(),
  location: z.string(),
  description: z.string(),
  descriptionHi: z.string().nullable(),
  descriptionKn: z.string().nullable(),
  phone: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  deliveryRadiusKm: z.number(),
  deliverySlots: z
    .object({
      lengthMinutes: z.number().int(),
      capacity: z.number().int(),
      daysAhead: z.number().int(),
      cutoffMinutes: z.number().int(),
    })
    .nullable(),
  /** Its holidays and special hours from yesterday on (on the business's calendar), by day. */
  specialDays: z.array(
    z.object({
      day: z.string(),
      closed: z.boolean(),
      openTime: z.string().nullable(),
      closeTime: z.string().nullable(),
      reason: z.string(),
    }),
  ),
  /** Its own minimum order and delivery fee by distance; null: the business's order settings. */
  deliveryRule: storeDeliveryRuleSchema,
  geohash: z.string(),
  imageUrl: z.string().nullable(),
  status: z.number().int(),
  zoneId: z.string(),
  zoneName: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Store = z.infer<typeof storeSchema>;
