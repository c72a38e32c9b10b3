import type { Account, AccountUpdate } from '@storedesk/shared/account/schemas';
import { messages } from '@storedesk/shared/messages';
import type { Database } from '../../db/client.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { writeVersioned } from '../../lib/versioned.ts';
import { publishEvent } from '../../realtime/publish.ts';
import { deleteOtherSessions } from '../auth/auth.repository.ts';
import { announceSessionEnded, type AuthContext } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import * as repo from './account.repository.ts';

export async function getAccount(db: Database, auth: AuthContext): Promise<Account> {
  const account = await repo.findAccount(db, auth.business.id, auth.user.id);
  if (!account) throw notFound();
  return account;
}

/** Saves the signed-in user's details; a new password ends their other sessions. */
export async function updateAccount(db: Database, auth: AuthContext, input: AccountUpdate): Promise<Account> {
  const { business, user, sessionId } = auth;
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await writeVersioned(
        () =>
          repo.updateAccount(tx, business.id, user.id, input.version, {
            name: input.name,
            email: input.email,
            phone: input.phone,
            ...(passwordHash ? { passwordHash } : {}),
          }),
        () => repo.findAccount(tx, business.id, user.id),
      );
      if (passwordHash) {
        for (const ended of await deleteOtherSessions(tx, user.id, sessionId)) {
          await announceSessionEnded(tx, auth, ended);
        }
      }
      for (const topic of ['account', 'staff']) {
        await publishEvent(tx, {
          businessId: business.id,
          zoneId: user.zoneId,
          topic,
          action: 'updated',
          recordId: user.id,
        });
      }
      return (await repo.findAccount(tx, business.id, user.id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_idx')) throw invalid({ email: messages.emailTaken });
    throw error;
  }
}
