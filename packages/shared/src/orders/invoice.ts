import { z } from 'zod';
import { orderDetailSchema } from './schemas.ts';

/**
 * GST on the bill (B15, ADR 0048): an Indian business registered for GST gives a tax invoice.
 * Prices in the catalogue include the tax; the invoice shows, per rate, the taxable value and
 * the CGST and SGST in it, exact to the paisa.
 */

/** The GST rates an item may carry, in percent. */
export const gstRates = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof gstRates)[number];
export const gstRateSchema = z.literal(gstRates, { error: 'must be 0, 5, 12, 18 or 28' });

/** The rate of delivery and other charges on the bill: delivery is a service taxed at 18% (ADR 0048). */
export const chargesGstRate: GstRate = 18;

/** An HSN code: 4, 6 or 8 digits. */
export const hsnPattern = /^(?:\d{4}|\d{6}|\d{8})$/;
export const hsnSchema = z.string().trim().regex(hsnPattern, 'must be 4, 6 or 8 digits');

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Two digits of a state, a PAN (five letters, four digits, a letter), the entity's number, Z, a check character. */
export const gstinPattern = /^(?:0[1-9]|[1-3]\d)[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (the GSTN's modulo-36 scheme). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_CHARACTERS.indexOf(first14[i]!) * ((i % 2) + 1);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** Whether a text is a well-formed GSTIN whose check character is right. */
export function isValidGstin(value: string): boolean {
  return gstinPattern.test(value) && gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

export const gstinMessages = {
  format: 'must be a 15-character GSTIN, e.g. 27AAPFU0939F1ZV',
  check: 'is not a valid GSTIN: its last character does not match',
} as const;

/** A GSTIN: 15 capitals and digits, checked by format and check character. */
export const gstinSchema = z
  .string({ error: gstinMessages.format })
  .regex(gstinPattern, gstinMessages.format)
  // Only a well-formed GSTIN is told its check character is wrong.
  .refine((value) => !gstinPattern.test(value) || isValidGstin(value), gstinMessages.check);

/** Settings › About's GSTIN: one, or none ('' or null, stored as null). */
export const optionalGstinSchema = z
  .string({ error: gstinMessages.format })
  .regex(new RegExp(`^$|${gstinPattern.source}`), gstinMessages.format)
  .refine((value) => !gstinPattern.test(value) || isValidGstin(value), gstinMessages.check)
  .nullable()
  .transform((value) => (value === '' ? null : value));

/** The line of the bill and what it carries for the invoice. */
export type InvoiceLine = { amountPaise: number; gstRate: number };

export type GstSlab = {
  rate: number;
  /** What the customer pays at this rate, tax included, after the discount's share. */
  valuePaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
};

/**
 * Shares a whole amount out over weights in proportion, exact to the unit: each share is
 * rounded down, and the units left go to the largest remainders (earliest first on a tie).
 */
export function shareOut(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map((share) => Math.floor(share));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The GST in a bill whose prices include it: the discount is shared over the items by their
 * amounts, charges are taxed at `chargesGstRate`, and per rate the taxable value is the value
 * without its tax, rounded to the paisa; the tax is the rest, halved into CGST and SGST (CGST
 * takes an odd paisa). The slabs' values add up to the bill amount exactly.
 */
export function gstSlabs(items: InvoiceLine[], discountPaise: number, chargesPaise: number): GstSlab[] {
  const discounts = shareOut(
    Math.min(
      discountPaise,
      items.reduce((sum, line) => sum + line.amountPaise, 0),
    ),
    items.map((line) => line.amountPaise),
  );
  const byRate = new Map<number, number>();
  items.forEach((line, index) => {
    byRate.set(line.gstRate, (byRate.get(line.gstRate) ?? 0) + line.amountPaise - discounts[index]!);
  });
  if (chargesPaise > 0) byRate.set(chargesGstRate, (byRate.get(chargesGstRate) ?? 0) + chargesPaise);
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, valuePaise]) => slabOf(rate, valuePaise));
}

/** A value at a rate, tax included: its taxable value rounded to the paisa, the tax the rest, CGST taking an odd paisa. */
function slabOf(rate: number, valuePaise: number): GstSlab {
  const taxablePaise = Math.round((valuePaise * 100) / (100 + rate));
  const tax = valuePaise - taxablePaise;
  const cgstPaise = Math.ceil(tax / 2);
  return { rate, valuePaise, taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise };
}

/**
 * The GST a credit note gives back (B18): its amount shared over the invoice's rates by their
 * values (exact to the paisa, as the discount is), each share taxed as the invoice's slab is. The
 * slabs' values add up to the amount; a rate the invoice did not have gets nothing.
 */
export function creditNoteSlabs(invoice: GstSlab[], amountPaise: number): GstSlab[] {
  const shares = shareOut(
    Math.min(
      amountPaise,
      invoice.reduce((sum, slab) => sum + slab.valuePaise, 0),
    ),
    invoice.map((slab) => slab.valuePaise),
  );
  return invoice
    .map((slab, index) => slabOf(slab.rate, shares[index]!))
    .filter((slab) => slab.valuePaise > 0);
}

/** The order's lines and amounts the invoice is made of. */
export type InvoicedOrder = {
  items: ReadonlyArray<{ itemQuantity: number; itemPricePaise: number; gstRate?: number }>;
  discountPaise: number;
  chargesTotalPaise: number;
};

/** An order's invoice slabs: its lines at their rates (0 for lines of before rates were kept). */
export function invoiceSlabs(order: InvoicedOrder): GstSlab[] {
  return gstSlabs(
    order.items.map((line) => ({
      amountPaise: line.itemQuantity * line.itemPricePaise,
      gstRate: line.gstRate ?? 0,
    })),
    order.discountPaise,
    order.chargesTotalPaise,
  );
}

/** `POST /api/orders/:orderId/bill`: what the printed bill shows (ADR 0048). */
export const orderBillSchema = z.object({
  business: z.object({
    name: z.string(),
    logoUrl: z.string().nullable(),
    gstin: z.string().nullable(),
    timeZone: z.string(),
  }),
  store: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  order: orderDetailSchema.omit({ timeline: true }).extend({
    items: z.array(
      orderDetailSchema.shape.items.element.extend({
        gstRate: z.number().int(),
        hsn: z.string().nullable(),
      }),
    ),
  }),
  /** The tax invoice: its number and GST per rate; null when the business has no GSTIN, or the order was cancelled before one was given. */
  invoice: z
    .object({
      number: z.number().int(),
      slabs: z.array(
        z.object({
          rate: z.number().int(),
          valuePaise: z.number().int(),
          taxablePaise: z.number().int(),
          cgstPaise: z.number().int(),
          sgstPaise: z.number().int(),
        }),
      ),
    })
    .nullable(),
  /** The credit notes given against the invoice (B18): one per refund after it, with the GST it gives back. */
  creditNotes: z.array(
    z.object({
      refundId: z.string(),
      /** As printed: "CN/2026-27/7". */
      number: z.string(),
      createdAt: z.string(),
      amountPaise: z.number().int(),
      note: z.string().nullable(),
      slabs: z.array(
        z.object({
          rate: z.number().int(),
          valuePaise: z.number().int(),
          taxablePaise: z.number().int(),
          cgstPaise: z.number().int(),
          sgstPaise: z.number().int(),
        }),
      ),
    }),
  ),
});
export type OrderBill = z.infer<typeof orderBillSchema>;
