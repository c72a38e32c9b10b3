import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { Level } from '../levels.ts';
import { limits } from '../limits.ts';
import { listQuerySchema } from '../lists.ts';
import { messages } from '../messages.ts';
import { requiredLine, versionSchema } from '../text.ts';

/** The two kinds of staff the console manages, by their endpoint (docs/architecture.md). */
export const staffKinds = { admins: Level.Admin, 'delivery-executives': Level.DeliveryExecutive } as const;
export type StaffKind = keyof typeof staffKinds;

/** Staff lists are zone-scoped: the owner may name a zone, an admin always gets their own (D3, D4). */
export const staffListQuerySchema = listQuerySchema.extend({ zoneId: z.uuid().optional() });
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

/** An admin or a delivery executive as the lists and forms show them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  level: z.number().int(),
  zoneId: z.string(),
  zoneName: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** The order screens' executive picker reads the same list. */
export const deliveryExecutiveSchema = staffMemberSchema;
export type DeliveryExecutive = StaffMember;

/** Phone as people write it: digits with an optional leading + and spaces or dashes (+91-1234567890). */
export const staffPhoneSchema = requiredLine(limits.phoneMax)
  .pipe(z.string().regex(/^\+?[0-9][0-9 -]*$/, messages.staffPhone))
  // The document says it of the text as sent, before the trim.
  .meta({ pattern: '^\\s*\\+?[0-9][0-9 -]*\\s*$' });

/** Every password is 8 to 128 characters (D18). */
export const passwordSchema = z
  .string()
  .min(8, messages.passwordLength)
  .max(limits.passwordMax, `must be at most ${limits.passwordMax} characters`);

/**
 * SPEC §5 user form: name, email, phone required; password required on add.
 * The owner picks the zone; an admin's executives always go to their own zone.
 */
export const staffInputSchema = z.object({
  name: requiredLine(limits.nameMax),
  email: emailSchema,
  phone: staffPhoneSchema,
  password: passwordSchema,
  zoneId: z.uuid().optional(),
});
export type StaffInput = z.infer<typeof staffInputSchema>;

/** An edit sends what changed; a blank password ('Update Password (Optional)') leaves it as it is. */
export const staffUpdateSchema = staffInputSchema
  .extend({
    password: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value.trim() === '' ? undefined : value))
      .pipe(passwordSchema.optional()),
  })
  .partial()
  .extend({ version: versionSchema });
export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;
export type StaffUpdate = z.output<typeof staffUpdateSchema>;

/** How many open orders the refusal to delete an executive names before summing up the rest. */
const openOrdersNamed = 5;

/**
 * Why a delivery executive cannot be deleted yet: the open orders (Confirmed or
 * Picked Up) they hold, by number. The server refuses the delete with 409 and
 * this text; the console shows it.
 */
export function dexHasOpenOrdersMessage(orderNumbers: readonly number[]): string {
  const named = orderNumbers.slice(0, openOrdersNamed).map((n) => `#${n}`);
  const more = orderNumbers.length - named.length;
  if (more > 0) named.push(`${more} more`);
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
  return orderNumbers.length === 1
    ? `This delivery executive has an open order ${list}. Reassign or close it first.`
    : `This delivery executive has open orders ${list}. Reassign or close them first.`;
}
