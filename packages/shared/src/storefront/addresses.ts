/**
 * Delivery addresses (ADR 0038): a customer's saved ones, and the copy an
 * order keeps of the one it was placed to.
 */
import { z } from 'zod';
import { singleLine } from '../text.ts';

/** At most this many saved addresses per customer. */
export const addressLimit = 20;

export const addressMessages = {
  label: 'Give the address a label, such as Home or Work',
  text: 'Enter the address',
  point: 'Pick the address on the map',
  tooMany: `At most ${addressLimit} saved addresses: delete one first`,
} as const;

export const addressInputSchema = z.object({
  label: singleLine(40).pipe(z.string().min(1, addressMessages.label)),
  text: z
    .string({ error: addressMessages.text })
    .trim()
    .max(500, 'must be at most 500 characters')
    .pipe(z.string().min(1, addressMessages.text)),
  landmark: singleLine(200).optional().default(''),
  lat: z
    .number({ error: addressMessages.point })
    .min(-90, addressMessages.point)
    .max(90, addressMessages.point),
  lng: z
    .number({ error: addressMessages.point })
    .min(-180, addressMessages.point)
    .max(180, addressMessages.point),
});
export type AddressInput = z.output<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.string(),
  label: z.string(),
  text: z.string(),
  landmark: z.string(),
  lat: z.number(),
  lng: z.number(),
  createdAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** The address an order was placed to, as it was then. */
export const orderAddressSchema = z.object({
  label: z.string(),
  text: z.string(),
  landmark: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;
