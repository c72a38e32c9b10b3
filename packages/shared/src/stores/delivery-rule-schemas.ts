import { z } from 'zod';
import { amountPaiseSchema } from '../money-schemas.ts';
import { deliveryRuleLimits, type StoreDeliveryRule } from './delivery-rule.ts';

/** What a store's delivery rule refuses (B19, ADR 0081). */
export const deliveryRuleMessages = {
  km: `must be from 0 to ${deliveryRuleLimits.km.max} km, to one decimal`,
  bands: `must have from ${deliveryRuleLimits.bands.min} to ${deliveryRuleLimits.bands.max} bands`,
  firstFromZero: 'the first band must start at 0 km',
  ascending: 'must start further than the band before',
} as const;

const kmSchema = z
  .number({ error: deliveryRuleMessages.km })
  .min(0, deliveryRuleMessages.km)
  .max(deliveryRuleLimits.km.max, deliveryRuleMessages.km)
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, deliveryRuleMessages.km);

/**
 * A store's delivery rule on its POST and PATCH: its minimum order, its fee by distance in bands
 * from 0 km, each starting further than the one before, and the items' total from which delivery
 * is free (null: never). Null for the whole rule: the store follows the business's order settings.
 */
export const deliveryRuleSchema = z
  .object({
    minimumOrderPaise: amountPaiseSchema,
    feeBands: z
      .array(z.object({ fromKm: kmSchema, feePaise: amountPaiseSchema }), {
        error: deliveryRuleMessages.bands,
      })
      .min(deliveryRuleLimits.bands.min, deliveryRuleMessages.bands)
      .max(deliveryRuleLimits.bands.max, deliveryRuleMessages.bands),
    freeFromPaise: amountPaiseSchema.nullable(),
  })
  .superRefine((rule, ctx) => {
    if (rule.feeBands[0] && rule.feeBands[0].fromKm !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['feeBands', 0, 'fromKm'],
        message: deliveryRuleMessages.firstFromZero,
      });
    rule.feeBands.forEach((band, index) => {
      if (index > 0 && band.fromKm <= rule.feeBands[index - 1]!.fromKm)
        ctx.addIssue({
          code: 'custom',
          path: ['feeBands', index, 'fromKm'],
          message: deliveryRuleMessages.ascending,
        });
    });
  }) satisfies z.ZodType<StoreDeliveryRule>;

/** The rule as a store carries it. */
export const storeDeliveryRuleSchema = z
  .object({
    minimumOrderPaise: z.number().int(),
    feeBands: z.array(z.object({ fromKm: z.number(), feePaise: z.number().int() })),
    freeFromPaise: z.number().int().nullable(),
  })
  .nullable();
