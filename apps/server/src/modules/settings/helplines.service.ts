import {
  helplineLimits,
  helplineMessages,
  type Helpline,
  type HelplineInput,
  type HelplineList,
  type HelplineUpdate,
} from '@storedesk/shared/settings/helplines';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { scopeOf, type Scope } from '../../lib/scope.ts';
import { writeVersioned } from '../../lib/versioned.ts';
import { publishEvent } from '../../realtime/publish.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import * as repo from './helplines.repository.ts';

export function toHelpline(row: repo.HelplineRow): Helpline {
  return {
    id: row.id,
    title: row.title,
    phoneNumber: row.phoneNumber,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every open console of the business refreshes its helplines (D10). */
function announce(db: Executor, scope: Scope, action: string) {
  return publishEvent(db, {
    businessId: scope.businessId,
    zoneId: null,
    topic: 'settings',
    action,
    recordId: 'helplines',
  });
}

export async function listHelplines(db: Database, auth: AuthContext): Promise<HelplineList> {
  const rows = await repo.findHelplines(db, scopeOf(auth));
  return { items: rows.map(toHelpline), total: rows.length };
}

/** Adds a helpline, unless the business has its most already (409). */
export async function createHelpline(
  db: Database,
  auth: AuthContext,
  input: HelplineInput,
): Promise<Helpline> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    await repo.lockHelplineAdditions(tx, scope);
    if ((await repo.countHelplines(tx, scope)) >= helplineLimits.perBusiness) {
      throw new AppError('conflict', helplineMessages.tooMany);
    }
    const row = await repo.insertHelpline(tx, scope, input);
    await announce(tx, scope, 'created');
    return toHelpline(row);
  });
}

export async function updateHelpline(
  db: Database,
  auth: AuthContext,
  id: string,
  { version, ...input }: HelplineUpdate,
): Promise<Helpline> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const row = await writeVersioned(
      () => repo.updateHelpline(tx, scope, id, version, input),
      async () => {
        const now = await repo.findHelpline(tx, scope, id);
        return now && toHelpline(now);
      },
    );
    await announce(tx, scope, 'updated');
    return toHelpline(row);
  });
}

export async function deleteHelpline(
  db: Database,
  auth: AuthContext,
  id: string,
  version: number,
): Promise<void> {
  const scope = scopeOf(auth);
  await db.transaction(async (tx) => {
    await writeVersioned(
      () => repo.deleteHelpline(tx, scope, id, version),
      async () => {
        const now = await repo.findHelpline(tx, scope, id);
        return now && toHelpline(now);
      },
    );
    await announce(tx, scope, 'deleted');
  });
}
