import { createHash, randomBytes } from 'node:crypto';
import {
  apiKeyLimits,
  apiKeyMessages,
  apiKeyPrefix,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyList,
} from '@storedesk/shared/settings/api-keys';
import type { ApiKeyCaller, AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import type { BusinessScope } from '#server/lib/scope.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';

import * as repo from './api-keys.repository.ts';

/** The business's own system an order came from with a secret key. */

const hashOf = (secret: string) => createHash('sha256').update(secret).digest();

/** A new secret key: `sk_live_` and 256 random bits. */
const newSecret = () => `${apiKeyPrefix}live_${randomBytes(32).toString('base64url')}`;

/** Whether a bearer token is a secret key (never a customer's token, which has no prefix). */

function toApiKey(row: repo.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    lastFour: row.lastFour,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const scopeOf = (auth: AuthContext): BusinessScope => ({ businessId: auth.business.id });

/** The list in Settings › Others follows a colleague's changes live. */
const announce = (db: Executor, scope: BusinessScope, action: string, keyId: string) =>
  publishEvent(db, {
    businessId: scope.businessId,
    zoneId: null,
    topic: 'settings',
    action: `api-key-${action}`,
    recordId: keyId,
  });

export async function listKeys(db: Executor, auth: AuthContext): Promise<ApiKeyList> {
  return { items: (await repo.findKeys(db, scopeOf(auth))).map(toApiKey) };
}

/** Makes a key and answers it with its secret, this once; 409 past `liveMax` live keys. */
export async function createKey(
  db: Database,
  auth: AuthContext,
  input: ApiKeyCreate,
): Promise<ApiKeyCreated> {
  const scope = scopeOf(auth);
  const secret = newSecret();
  return db.transaction(async (tx) => {
    await repo.lockBusiness(tx, scope);
    if ((await repo.countLiveKeys(tx, scope)) >= apiKeyLimits.liveMax)
      throw new AppError('conflict', apiKeyMessages.tooMany);
    const row = await repo.insertKey(tx, scope, {
      name: input.name,
      tokenHash: hashOf(secret),
      lastFour: secret.slice(-4),
      createdById: auth.user.id,
      createdByName: auth.user.name,
    });
    await announce(tx, scope, 'created', row.id);
    return { ...toApiKey(row), secret };
  });
}

/** Revokes a key: orders that carry it are refused (401) from the moment this commits. */
export async function revokeKey(db: Database, auth: AuthContext, keyId: string): Promise<ApiKey> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const revoked = await repo.revokeKey(tx, scope, keyId);
    if (!revoked) {
      if (await repo.findKey(tx, scope, keyId)) throw new AppError('conflict', apiKeyMessages.alreadyRevoked);
      throw notFound();
    }
    await announce(tx, scope, 'revoked', keyId);
    return toApiKey(revoked);
  });
}

/** The business's live key a request presents, or null. */
export async function resolveKey(
  db: Executor,
  scope: BusinessScope,
  secret: string,
): Promise<ApiKeyCaller | null> {
  if (secret.length > 200) return null;
  return (await repo.useLiveKey(db, scope, hashOf(secret))) ?? null;
}
