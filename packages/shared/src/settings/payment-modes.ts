import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { requiredLine, singleLine, versionSchema, requiredOr } from '../text.ts';

/**
 * Settings > Payment Modes (SPEC §3 Business config paymentModes, §4 Payment
 * mode, §5 Payment mode dialog). One contract for the server's checks and the
 * console's dialog.
 *
 * - A business has at most one mode of each type (one COD, one UPI, one CARD, one ONLINE):
 *   adding a second of a type is 409 with the reason on `type`. The type of a
 *   mode is fixed once added (PATCH does not take it).
 * - The disable reason belongs to a disabled mode only. A reason sent for a
 *   mode that is (or becomes) enabled is refused with 400 on `disableReason`;
 *   enabling a mode clears its reason. A blank reason is stored as none.
 * - A UPI mode always has its UPI details (receiver name and UPI address);
 *   other types have none, and sending them is 400 on `upiInfo`.
 * - ONLINE is payment through the gateway (B18, ADR 0072: UPI, cards, netbanking, wallets): a
 *   business may add it only where the server has one (PAYMENTS_URL), and customers see it only then.
 */

export { paymentModeTypes, paymentModeTypeLabels, type PaymentModeType } from './payment-mode-types.ts';
import { paymentModeTypes, paymentModeTypeLabels, type PaymentModeType } from './payment-mode-types.ts';

export const paymentModeLimits = { titleMax: 60, reasonMax: 200, upiNameMax: limits.nameMax } as const;

/** A UPI address (VPA) as name@handle: the part before @ of 2 to 256 characters, a handle that starts with a letter. */
export const upiIdPattern = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

export const paymentModeMessages = {
  type: 'must be COD, UPI, CARD or ONLINE',
  onlineNeedsGateway: 'Online payment needs a payment gateway: this server has none (PAYMENTS_URL)',
  typeTaken: (type: PaymentModeType) => `This business already has a ${paymentModeTypeLabels[type]} mode`,
  reasonWhileEnabled: 'A reason can be given only while the mode is disabled',
  upiInfoNotUpi: 'Only a UPI mode has UPI details',
  enabled: 'must be true or false',
} as const;

export const upiInfoSchema = z.object(
  {
    name: z
      .string({ error: messages.upiName })
      .pipe(requiredLine(paymentModeLimits.upiNameMax, messages.upiName)),
    upiId: z.string({ error: messages.upiAddress }).trim().regex(upiIdPattern, messages.upiAddress),
  },
  { error: requiredOr('must be the receiver name and UPI address') },
);
export type UpiInfo = z.infer<typeof upiInfoSchema>;

const titleSchema = z
  .string({ error: requiredOr('must be text') })
  .pipe(requiredLine(paymentModeLimits.titleMax));

/** A reason, or none: blank becomes null. */
const disableReasonSchema = z
  .string({ error: 'must be text' })
  .pipe(singleLine(paymentModeLimits.reasonMax))
  .transform((reason) => (reason === '' ? null : reason))
  .nullable();

const enabledSchema = z.boolean({ error: requiredOr(paymentModeMessages.enabled) });

type Shape = { type?: unknown; enabled?: unknown; disableReason?: unknown; upiInfo?: unknown };

/** Whether a reason was given (not missing, null or blank). */
function hasReason(reason: unknown): boolean {
  return typeof reason === 'string' && reason.trim() !== '';
}

/** Run even when a field failed on its own, so every field's reason comes back at once. */
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** The rules between fields that one request can break by itself. */
function reasonOnlyWhileDisabled(value: Shape, ctx: z.RefinementCtx) {
  if (value.enabled === true && hasReason(value.disableReason)) {
    ctx.addIssue({
      code: 'custom',
      path: ['disableReason'],
      message: paymentModeMessages.reasonWhileEnabled,
    });
  }
}

/** POST /api/settings/payment-modes. */
export const paymentModeInputSchema = z
  .object({
    title: titleSchema,
    type: z.enum(paymentModeTypes, { error: requiredOr(paymentModeMessages.type) }),
    enabled: enabledSchema.default(true),
    disableReason: disableReasonSchema.optional(),
    upiInfo: upiInfoSchema.nullable().optional(),
  })
  .superRefine((value: Shape, ctx) => {
    reasonOnlyWhileDisabled({ ...value, enabled: value.enabled ?? true }, ctx);
    if (value.type === 'UPI' && (value.upiInfo === undefined || value.upiInfo === null)) {
      ctx.addIssue({ code: 'custom', path: ['upiInfo', 'name'], message: messages.upiName });
      ctx.addIssue({ code: 'custom', path: ['upiInfo', 'upiId'], message: messages.upiAddress });
    }
    if (value.type !== 'UPI' && paymentModeTypes.includes(value.type as PaymentModeType)) {
      if (value.upiInfo !== undefined && value.upiInfo !== null) {
        ctx.addIssue({ code: 'custom', path: ['upiInfo'], message: paymentModeMessages.upiInfoNotUpi });
      }
    }
  }, always);
export type PaymentModeInput = z.input<typeof paymentModeInputSchema>;
export type PaymentModeCreate = z.output<typeof paymentModeInputSchema>;

/**
 * PATCH /api/settings/payment-modes/:id: any of title, enabled, disableReason
 * and (for a UPI mode) upiInfo, with the `version` it is based on (D9). The
 * server checks the reason against the mode's enabled state after the change,
 * and UPI details against its type.
 */
export const paymentModeUpdateSchema = z
  .object({
    title: titleSchema.optional(),
    enabled: enabledSchema.optional(),
    disableReason: disableReasonSchema.optional(),
    upiInfo: upiInfoSchema.optional(),
    version: versionSchema,
  })
  .superRefine(reasonOnlyWhileDisabled, always);
export type PaymentModeUpdateInput = z.input<typeof paymentModeUpdateSchema>;
export type PaymentModeUpdate = z.output<typeof paymentModeUpdateSchema>;

export const paymentModeSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(paymentModeTypes),
  enabled: z.boolean(),
  /** Why the mode is disabled; always null while it is enabled. */
  disableReason: z.string().nullable(),
  /** A UPI mode's receiver name and address; null for other types. */
  upiInfo: z.object({ name: z.string(), upiId: z.string() }).nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** GET /api/settings/payment-modes: every mode of the business (at most one per type), in the order COD, UPI, CARD, ONLINE. */
export const paymentModeListSchema = z.object({ items: z.array(paymentModeSchema), total: z.number().int() });
export type PaymentModeList = z.infer<typeof paymentModeListSchema>;

/** The types a business can still add, in the order of `paymentModeTypes`. */
export function typesToAdd(modes: ReadonlyArray<{ type: PaymentModeType }>): PaymentModeType[] {
  return paymentModeTypes.filter((type) => !modes.some((mode) => mode.type === type));
}
