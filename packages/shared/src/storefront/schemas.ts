import { z } from 'zod';
import { storeDeliveryRuleSchema } from '../stores/delivery-rule-schemas.ts';
import { tipSchema } from '../delivery/earnings.ts';
import { cancelReasons } from '../orders/cancellation.ts';
import { ifMissingChoices } from '../orders/if-missing.ts';
import { orderSlotSchema, slotSchema } from '../stores/slots.ts';
import { orderRatingSchema } from './ratings.ts';
import { orderExecutiveSchema } from '../delivery/eta.ts';
import { orderLineKey } from '../orders/line-key.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { themeSchema } from '../auth/schemas.ts';
import { paymentModeTypes } from '../settings/payment-modes.ts';
import { addressInputSchema, orderAddressSchema } from './addresses.ts';
import { listQuerySchema } from '../lists.ts';
import { singleLine } from '../text.ts';
import { serviceabilityMessages } from './serviceability.ts';

/**
 * The customer app's API (D12): `POST /api/storefront/orders`, authenticated by
 * the business's publishable storefront key in the `X-Storefront-Key` header.
 *
 * The server prices every order from the catalogue; a price sent by the client
 * is not part of the request and is dropped unread. Answers:
 *
 * - 201 the order as stored (`storefrontOrderSchema`).
 * - 400 `invalid_input`: the body is malformed, or names something this store
 *   cannot sell, or the basket or coupon is refused. `fields` names the part of
 *   the body at fault (`items.2.itemId`, `items`, `couponCode`, …) and says why.
 * - 401 `unauthenticated`: the storefront key is missing or unknown.
 * - 402 `service_ended`: the business's service has ended (D5).
 * - 404 `not_found`: the store is unknown, deleted or another business's.
 * - 409 `conflict`: the business is not live (it takes no orders; checked
 *   before the body is read), or the store takes no orders now: it is not
 *   Open, or it is outside its hours on the business's clock
 *   (`fields.storeId` says which).
 *
 * Nothing is written unless the answer is 201.
 */

export { storefrontKeyHeader } from './page.ts';

export const storefrontLimits = {
  /** Distinct lines in one order. */
  maxLines: 100,
  /** Units of one item in one order. */
  maxQuantity: 99,
  couponCodeMax: 50,
  storefrontKeyMax: 200,
} as const;

/** What the customer app is told when an order is refused. */
export const storefrontMessages = {
  missingKey: 'Send the storefront key of the business in the X-Storefront-Key header',
  unknownKey: 'This storefront key is not valid',
  storeNotOpen: serviceabilityMessages.storeNotOpen,
  businessNotLive: 'This business is not taking orders right now',
  phone: 'Please enter valid phone number',
  quantity: `must be a whole number from 1 to ${storefrontLimits.maxQuantity}`,
  noItems: 'Add at least one item',
  tooManyLines: `at most ${storefrontLimits.maxLines} different items in one order`,
  duplicateLine:
    'This item (and variant) is already on another line of the order; send it once with the total quantity',
  itemsUnavailable: 'Some items of this order cannot be ordered',
  itemNotSold: 'This item is not sold by this store',
  itemDeleted: 'This item is no longer available',
  itemOutOfStock: 'This item is out of stock',
  belowMinimumOrder: (minimum: string) => `The minimum order value is ${minimum}`,
  customerNeeded: 'Sign in, or name the customer (name and phone)',
  addressNeeded: 'Choose where to deliver',
  /** A quote names a saved address only for the signed-in customer whose it is. */
  addressNeedsSignIn: 'Sign in to price delivery to one of your addresses',
  paymentModeNeeded: 'Choose how to pay',
  paymentModeOff: (label: string) => `This business does not take ${label} payments right now`,
  cardUnavailable: 'Card payments are not available yet: pay by cash on delivery or UPI',
  onlineNeedsCustomer:
    'Paying online is for the customer, at the checkout: an order from the business’s own system cannot',
  couponRefused: 'This coupon cannot be applied to this order',
  /** Another order of the customer's kept changing what this one would cost (whether it is their first): rare; asking again works. */
  orderChanged: 'Your other orders changed while this one was placed: please place it again',
  coupon: {
    unknown: 'This coupon code is not valid',
    closed: 'This coupon is no longer available',
    notYetValid: (from: string) => `This coupon is valid from ${from}`,
    expired: 'This coupon has expired',
    outsideHours: (start: string, end: string) => `This coupon can be used only between ${start} and ${end}`,
    otherStore: 'This coupon is not valid at this store',
    otherCustomer: 'This coupon is not available to you',
    newUsersOnly: 'This coupon is for first orders only',
    belowMinimum: (minimum: string) => `This coupon needs a minimum order of ${minimum}`,
    usedUp: 'This coupon has reached its usage limit',
  },
} as const;

/**
 * A customer's phone: ten digits, optionally after +91, 91 or 0, with spaces,
 * dashes, dots or brackets anywhere. It is kept as the ten digits, so
 * "+91 98765-43210" and "9876543210" are one customer.
 */
export const customerPhoneSchema = z
  .string({ error: messages.isRequired })
  .max(limits.phoneMax, `must be at most ${limits.phoneMax} characters`)
  .transform((value) => /^(?:\+91|91|0)?(\d{10})$/.exec(value.replace(/[\s\-().]/g, ''))?.[1] ?? '')
  .pipe(z.string().min(1, storefrontMessages.phone))
  // The same rule for the API document, with the spaces, dashes, dots and brackets allowed anywhere.
  .meta({
    pattern:
      '^[\\s\\-().]*(?:(?:\\+[\\s\\-().]*9[\\s\\-().]*1|9[\\s\\-().]*1|0)[\\s\\-().]*)?(?:\\d[\\s\\-().]*){10}$',
  });

export const storefrontOrderLineSchema = z.object({
  itemId: z.uuid({ error: 'must be the id of an item' }),
  /** Which of the item's variants (B17); may be left out for an item with one. */
  variantId: z.uuid({ error: 'must be the id of a variant of the item' }).optional(),
  quantity: z
    .number({ error: storefrontMessages.quantity })
    .int(storefrontMessages.quantity)
    .min(1, storefrontMessages.quantity)
    .max(storefrontLimits.maxQuantity, storefrontMessages.quantity),
});

/** Most characters of a customer's note to the store. */
export const orderNoteMax = 500;

/** An order's lines (B17): one per item and variant, one named on two lines is refused rather than merged. */
export const orderLinesSchema = z
  .array(storefrontOrderLineSchema)
  .min(1, storefrontMessages.noItems)
  .max(storefrontLimits.maxLines, storefrontMessages.tooManyLines)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      const key = orderLineKey(line);
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'itemId'],
          message: storefrontMessages.duplicateLine,
        });
      }
      seen.add(key);
    });
  });

export const storefrontOrderInputSchema = z.object({
  /** Who orders: an API client's order names them; a signed-in customer's comes from their token. */
  customer: z
    .object({
      name: singleLine(limits.nameMax).pipe(z.string().min(1, messages.isRequired)),
      phone: customerPhoneSchema,
    })
    .optional(),
  /** A signed-in customer's saved address to deliver to. */
  addressId: z.uuid({ error: 'must be the id of one of your addresses' }).optional(),
  /** An API client's address to deliver to, given in full. */
  deliveryAddress: addressInputSchema.optional(),
  /** How the customer pays: one of the business's enabled modes. A signed-in customer must choose. */
  paymentMode: z.enum(paymentModeTypes, { error: 'must be COD, UPI, CARD or ONLINE' }).optional(),
  /** What to do if an item is missing (B18): call (the default), substitute, or remove it. */
  ifMissing: z.enum(ifMissingChoices, { error: 'must be CALL, SUBSTITUTE or REMOVE' }).optional(),
  /** The customer's note to the store; blank is none. */
  note: z
    .string()
    .trim()
    .max(orderNoteMax, `must be at most ${orderNoteMax} characters`)
    .nullish()
    .transform((value) => (value ? value : undefined)),
  storeId: z.uuid({ error: 'must be the id of a store' }),
  /** The delivery slot to book (B19, ADR 0077), as `GET /storefront/stores/:storeId/slots` names it; absent: as soon as possible. */
  slotId: z.iso.datetime({ error: 'must be the id of one of the store’s slots' }).optional(),
  /** One line per item and variant: one named on two lines is refused rather than merged. */
  items: orderLinesSchema,
  /** Absent, null or blank: no coupon. Matched to the business's codes ignoring case. */
  couponCode: singleLine(storefrontLimits.couponCodeMax)
    .nullish()
    .transform((value) => (value ? value : undefined)),
});
export type StorefrontOrderInput = z.input<typeof storefrontOrderInputSchema>;
export type StorefrontOrderRequest = z.output<typeof storefrontOrderInputSchema>;

export const orderItemSnapshotSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  itemQuantity: z.number().int(),
  itemPricePaise: z.number().int(),
  /** The variant sold, its label and MRP as they were (B17); absent on orders placed before variants. */
  variantId: z.string().optional(),
  variantLabel: z.string().optional(),
  mrpPaise: z.number().int().nullable().optional(),
  /** Sold loose: the grams of one unit of the line (3 × 250 g). */
  stepGrams: z.number().int().optional(),
});
export const orderChargeSnapshotSchema = z.object({
  chargeLabel: z.string(),
  chargeAmountPaise: z.number().int(),
  /** The store's delivery rule it follows ("2–5 km", "free from ₹499.00"; B19); absent: the business's charge. */
  rule: z.string().optional(),
});
export const orderOfferSnapshotSchema = z.object({
  coupon: z.string(),
  discountPaise: z.number().int(),
});

/** The order as placed: every amount is integer paise, and billAmountPaise = itemsTotalPaise − discountPaise + chargesTotalPaise. */
export const storefrontOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  storeId: z.string(),
  storeName: z.string(),
  /** The customer's account; null for an order placed with a secret API key (B16). */
  customerId: z.string().nullable(),
  customerName: z.string(),
  customerPhone: z.string(),
  placedAt: z.string(),
  status: z.number().int(),
  state: z.number().int(),
  items: z.array(orderItemSnapshotSchema),
  itemsTotalPaise: z.number().int(),
  couponCode: z.string().nullable(),
  offer: orderOfferSnapshotSchema.nullable(),
  discountPaise: z.number().int(),
  charges: z.array(orderChargeSnapshotSchema),
  chargesTotalPaise: z.number().int(),
  billAmountPaise: z.number().int(),
  /** Where it goes, as the address was when the order was placed (null: an API order without one). */
  deliveryAddress: orderAddressSchema.nullable(),
  paymentMode: z.enum(paymentModeTypes).nullable(),
  /** Whether staff have marked the payment received. */
  paid: z.boolean(),
  note: z.string().nullable(),
  /** What the customer asked the store to do if an item is missing (B18). */
  ifMissing: z.enum(ifMissingChoices),
  /** The 4 digits the customer gives the delivery executive at the door; null once the order is closed. */
  deliveryCode: z.string().nullable(),
  /** Why it was cancelled (B18); null unless cancelled with a reason. */
  cancelReason: z.enum(cancelReasons).nullable(),
  /** What of its payment was given back (B18). */
  refundedPaise: z.number().int(),
  /** The UPI reference the customer gave with "I have paid" (B18); null until then. */
  upiReference: z.string().nullable(),
  /** Paid online and waiting for its payment (ADR 0072): when it lapses unpaid; null otherwise. */
  payBy: z.string().nullable(),
  /**
   * Paid online, then changed by the store to more than was paid (ADR 0074): what more the
   * customer is to pay, through the same checkout; 0 otherwise.
   */
  paymentDuePaise: z.number().int(),
  /** The delivery slot it is booked for (B19); null: as soon as possible. */
  slot: orderSlotSchema,
  /** The customer's rating after delivery (B19); null until rated. */
  rating: orderRatingSchema,
});
export type StorefrontOrder = z.infer<typeof storefrontOrderSchema>;

/** A customer's order as the customer app follows it: the order, its store's phone, and its status changes. */
export const customerOrderSchema = storefrontOrderSchema.extend({
  storePhone: z.string(),
  timeline: z.array(z.object({ status: z.number().int(), at: z.string() })),
  /** The tip the customer gave its executive (ADR 0073), once paid; null otherwise. */
  tip: tipSchema.nullable(),
  /**
   * Until when the customer may tip online: delivered by an executive, no tip yet, within
   * `tipWithinHours` of delivery, and the server takes online payment; null otherwise.
   */
  tipUntil: z.string().nullable(),
  /** Until when the customer may rate it, or change their rating (B19): 14 days after delivery; null otherwise. */
  ratingUntil: z.string().nullable(),
  /**
   * The executive who delivered it, whom the customer may rate with it (ADR 0084): their first name
   * (null when it is not known); null when it is not delivered or no executive delivered it.
   */
  deliveredBy: z.object({ firstName: z.string().nullable() }).nullable(),
  /** Its executive while it is on its way (B19): first name, the number to call, the estimated arrival. */
  executive: orderExecutiveSchema,
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** A customer's orders, newest first, a page at a time. */
export const customerOrderListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });

export const customerOrderListSchema = z.object({
  items: z.array(storefrontOrderSchema),
  total: z.number().int(),
});

/* ---- What a customer sees before ordering (ADR 0037) ---- */

/** `GET /storefront/business`: the business as its customers see it. */
export const storefrontBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The absolute URL of its logo, or null. */
  logoUrl: z.string().nullable(),
  theme: themeSchema,
  /** Whether it takes orders now (Settings › Others); browsing works either way. */
  live: z.boolean(),
  /** Its IANA time zone: store hours and dates are on this clock. */
  timeZone: z.string(),
  /** The enabled payment modes; UPI carries where the money goes. */
  paymentModes: z.array(
    z.object({
      type: z.enum(paymentModeTypes),
      title: z.string(),
      upiName: z.string().nullable(),
      upiId: z.string().nullable(),
    }),
  ),
  helplines: z.array(z.object({ title: z.string(), phoneNumber: z.string() })),
  orderSettings: z.object({
    /** The delivery charge every order carries (0 when charges are off). */
    deliveryChargePaise: z.number().int(),
    minimumOrderPaise: z.number().int(),
  }),
  /** The referral programme while it is on, else null. */
  referral: z
    .object({
      name: z.string(),
      type: z.enum(['DISCOUNT', 'FREE_DELIVERY']),
      discountPercent: z.number().int(),
      maxDiscountPaise: z.number().int(),
      minOrderValuePaise: z.number().int(),
      validForDays: z.number().int(),
      usageLimit: z.number().int(),
      message: z.string(),
    })
    .nullable(),
});
export type StorefrontBusinessProfile = z.infer<typeof storefrontBusinessSchema>;

/** A point on the map, as query parameters: `?lat=12.93&lng=77.62`. */
export const storefrontPointQuerySchema = z.object({
  lat: z.coerce
    .number({ error: 'must be a latitude from -90 to 90' })
    .min(-90, 'must be a latitude from -90 to 90')
    .max(90, 'must be a latitude from -90 to 90'),
  lng: z.coerce
    .number({ error: 'must be a longitude from -180 to 180' })
    .min(-180, 'must be a longitude from -180 to 180')
    .max(180, 'must be a longitude from -180 to 180'),
});

/** A store as the customer app lists and shows it. */
export const storefrontStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  description: z.string(),
  /** The description in Hindi and in Kannada where the business gave it (ADR 0085); else null. */
  descriptionHi: z.string().nullable(),
  descriptionKn: z.string().nullable(),
  phone: z.string(),
  imageUrl: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  deliveryRadiusKm: z.number(),
  /** Daily hours, "HH:mm" on the business's clock. */
  openTime: z.string(),
  closeTime: z.string(),
  /** Whether it takes orders now: Open, and inside its hours. */
  openNow: z.boolean(),
  /** Why it takes no orders now (its hours, or that it is not taking orders), else null. */
  notice: z.string().nullable(),
  /** The same, by part (B19), for an app that says it in the customer's language; null when it takes orders. */
  closure: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('notOpen') }),
      z.object({ kind: z.literal('closedToday'), reason: z.string() }),
      z.object({
        kind: z.literal('closedNow'),
        openTime: z.string(),
        closeTime: z.string(),
        reason: z.string().nullable(),
      }),
    ])
    .nullable(),
  featured: z.number().int(),
  /** Whether it delivers in slots (B19): its slots are at `GET /storefront/stores/:storeId/slots`. */
  deliversInSlots: z.boolean(),
  /** Its own minimum order and delivery fee by distance (B19); null: the business's `orderSettings`. */
  deliveryRule: storeDeliveryRuleSchema,
});
export type StorefrontStore = z.infer<typeof storefrontStoreSchema>;

/** `GET /storefront/stores?lat=&lng=`: the stores delivering to the point, nearest first. */
export const storefrontStoreListSchema = z.object({
  items: z.array(storefrontStoreSchema.extend({ distanceKm: z.number() })),
});

export const storefrontCatalogueQuerySchema = z.object({
  /** Part of an item's name, other names or tags, any case; a letter wrong in a name still finds it. */
  q: singleLine(100).optional(),
  categoryId: z.uuid({ error: 'must be the id of a category' }).optional(),
});

/** At most this many items in one catalogue answer; `q` and `categoryId` narrow it. */
export const storefrontCatalogueLimit = 1000;

/** `GET /storefront/stores/:storeId/catalogue`. */
export const storefrontCatalogueSchema = z.object({
  store: storefrontStoreSchema,
  /** The store's categories in its order (by position, then name), as the app lists them. */
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      nameHi: z.string().nullable(),
      nameKn: z.string().nullable(),
    }),
  ),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The name in Hindi and in Kannada where the business gave it (ADR 0085), shown and searched in it. */
      nameHi: z.string().nullable(),
      nameKn: z.string().nullable(),
      /** Words the console gives it (such as veg), which the app's search finds too. */
      tags: z.array(z.string()),
      /** Other names and spellings customers search by ("chawal", "चावल"): searched, never shown. */
      aliases: z.array(z.string()),
      categoryId: z.string().nullable(),
      /** The lowest price of its variants. */
      pricePaise: z.number().int(),
      /**
       * Its pack sizes in order (B17); `left` is how many remain when few do ("only N left"), else
       * null. A loose variant has `stepGrams` and `maxGrams`: its prices are per kilogram, a line's
       * quantity and `left` count steps.
       */
      variants: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          pricePaise: z.number().int(),
          mrpPaise: z.number().int().nullable(),
          stepGrams: z.number().int().nullable(),
          maxGrams: z.number().int().nullable(),
          inStock: z.boolean(),
          left: z.number().int().nullable(),
        }),
      ),
      veg: z.boolean(),
      /** 0 not featured; 1–9 shown first, 1 before 9. */
      featured: z.number().int(),
      imageUrl: z.string().nullable(),
      inStock: z.boolean(),
    }),
  ),
  /** More items matched than one answer holds (`storefrontCatalogueLimit`): narrow by `q` or `categoryId`. */
  truncated: z.boolean(),
});
export type StorefrontCatalogue = z.infer<typeof storefrontCatalogueSchema>;

/** `POST /storefront/quote`: a cart, priced as an order of it would be. */
export const storefrontQuoteInputSchema = storefrontOrderInputSchema.pick({
  storeId: true,
  slotId: true,
  /** A signed-in customer's address, for a store's fee by distance (B19); without it, the nearest band's. */
  addressId: true,
  items: true,
  couponCode: true,
});
export type StorefrontQuoteRequest = z.output<typeof storefrontQuoteInputSchema>;

/** The bill an order of the cart would have now, as the order would carry it. Nothing is stored. */
export const storefrontQuoteSchema = storefrontOrderSchema.pick({
  storeId: true,
  storeName: true,
  items: true,
  itemsTotalPaise: true,
  couponCode: true,
  offer: true,
  discountPaise: true,
  charges: true,
  chargesTotalPaise: true,
  billAmountPaise: true,
});
export type StorefrontQuote = z.infer<typeof storefrontQuoteSchema>;

/** `GET /storefront/stores/:storeId/slots` (B19): the delivery slots the store offers now, earliest first. */
export const storefrontSlotListSchema = z.object({ items: z.array(slotSchema) });
