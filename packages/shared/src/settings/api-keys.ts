import { z } from 'zod';
import { requiredLine } from '../text.ts';

/**
 * The business's secret API keys (Settings › Others, B16, ADR 0056): its own systems (a till, a
 * phone-order desk) place orders with one, `Authorization: Bearer sk_…`. A key is shown once, when
 * it is made; the server keeps only its hash.
 */

/** What every secret key starts with, so a client and the server tell it from a customer's token. */
export const apiKeyPrefix = 'sk_';

export const apiKeyLimits = {
  nameMax: 60,
  /** Keys not revoked a business may hold at once. */
  liveMax: 20,
} as const;

export const apiKeyMessages = {
  name: 'Name the key after what uses it, such as Counter till',
  tooMany: `A business may hold at most ${apiKeyLimits.liveMax} keys: revoke one it no longer uses first`,
  alreadyRevoked: 'This key was revoked already',
  unknown: 'This secret API key is not one of the business’s, or it was revoked',
} as const;

/** POST /api/settings/api-keys. */
export const apiKeyCreateSchema = z.object({ name: requiredLine(apiKeyLimits.nameMax, apiKeyMessages.name) });
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** A key as the owner sees it: never the key itself, only its last four characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  lastFour: z.string(),
  createdAt: z.string(),
  createdByName: z.string(),
  /** When a request last came with it (to the minute); null when none has. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to making a key: the key itself, this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
