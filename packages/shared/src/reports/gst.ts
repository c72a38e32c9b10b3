import { z } from 'zod';
import type { GstSlab } from '../orders/invoice.ts';
import { periodQuerySchema } from './schemas.ts';

/**
 * The GST report (B18): the tax invoices (given as orders are delivered) and credit notes (given
 * with refunds after that) of a period, days in the business's time zone, both included, and per
 * rate what they add up to, CGST and SGST apart. Invoices less credit notes is the period's net,
 * which is what the business's GST return declares.
 */
export const gstReportQuerySchema = periodQuerySchema;
export type GstReportQuery = z.infer<typeof gstReportQuerySchema>;

const paise = z.number().int();
const slabSchema = z.object({
  rate: z.number().int(),
  valuePaise: paise,
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
});
const figuresSchema = slabSchema.omit({ rate: true });
export type GstFigures = z.infer<typeof figuresSchema>;

export const gstDocumentKinds = ['INVOICE', 'CREDIT_NOTE'] as const;
export type GstDocumentKind = (typeof gstDocumentKinds)[number];
export const gstDocumentKindLabels: Record<GstDocumentKind, string> = {
  INVOICE: 'Tax invoice',
  CREDIT_NOTE: 'Credit note',
};

/** The CSV's lines of invoices less credit notes. */
export const gstNetLabel = 'Net';

export const gstDocumentSchema = z.object({
  kind: z.enum(gstDocumentKinds),
  /** As printed: the invoice's number, or the credit note's "CN/2026-27/7". */
  number: z.string(),
  /** The business day it was given. */
  day: z.string(),
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  /** A credit note's invoice number; null for an invoice. */
  invoiceNumber: z.number().int().nullable(),
  slabs: z.array(slabSchema),
  ...figuresSchema.shape,
});
export type GstDocument = z.infer<typeof gstDocumentSchema>;

export const gstRateRowSchema = z.object({
  rate: z.number().int(),
  invoices: figuresSchema,
  creditNotes: figuresSchema,
  net: figuresSchema,
});
export type GstRateRow = z.infer<typeof gstRateRowSchema>;

export const gstReportSchema = z.object({
  rates: z.array(gstRateRowSchema),
  totals: gstRateRowSchema
    .omit({ rate: true })
    .extend({ invoiceCount: z.number().int(), creditNoteCount: z.number().int() }),
  /** Invoices by number, then credit notes by financial year and number. */
  documents: z.array(gstDocumentSchema),
});
export type GstReport = z.infer<typeof gstReportSchema>;

const zero = (): GstFigures => ({ valuePaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 });
const add = (to: GstFigures, slab: GstFigures) => {
  to.valuePaise += slab.valuePaise;
  to.taxablePaise += slab.taxablePaise;
  to.cgstPaise += slab.cgstPaise;
  to.sgstPaise += slab.sgstPaise;
};
const less = (a: GstFigures, b: GstFigures): GstFigures => ({
  valuePaise: a.valuePaise - b.valuePaise,
  taxablePaise: a.taxablePaise - b.taxablePaise,
  cgstPaise: a.cgstPaise - b.cgstPaise,
  sgstPaise: a.sgstPaise - b.sgstPaise,
});

/** A document's figures: the sums of its slabs. */
export function documentFigures(slabs: readonly GstSlab[]): GstFigures {
  const figures = zero();
  for (const slab of slabs) add(figures, slab);
  return figures;
}

/** The report's rows per rate and totals, summed from its documents' slabs, so each adds up exactly. */
export function gstSummary(
  documents: readonly Pick<GstDocument, 'kind' | 'slabs'>[],
): Omit<GstReport, 'documents'> {
  const byRate = new Map<number, { invoices: GstFigures; creditNotes: GstFigures }>();
  const totals = { invoices: zero(), creditNotes: zero(), invoiceCount: 0, creditNoteCount: 0 };
  for (const document of documents) {
    const invoice = document.kind === 'INVOICE';
    if (invoice) totals.invoiceCount++;
    else totals.creditNoteCount++;
    for (const slab of document.slabs) {
      let row = byRate.get(slab.rate);
      if (!row) byRate.set(slab.rate, (row = { invoices: zero(), creditNotes: zero() }));
      add(invoice ? row.invoices : row.creditNotes, slab);
      add(invoice ? totals.invoices : totals.creditNotes, slab);
    }
  }
  return {
    rates: [...byRate.entries()]
      .sort(([a], [b]) => a - b)
      .map(([rate, row]) => ({ rate, ...row, net: less(row.invoices, row.creditNotes) })),
    totals: { ...totals, net: less(totals.invoices, totals.creditNotes) },
  };
}
