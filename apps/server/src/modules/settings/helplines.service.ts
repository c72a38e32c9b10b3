import {
  helplineLimits,
  helplineMessages,
  type Helpline,
  type HelplineInput,
  type HelplineList,
  type HelplineUpdate,
} from '@storedesk/shared/settings/helplines';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/errors.ts';
import { scopeOf } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';

import * as repo from './helplines.repository.ts';
import { announceSettings } from './settings-events.ts';

export function toHelpline(row: repo.HelplineRow): Helpline {
  return {
    id: row.id,
    title: row.title,
    phoneNumber: row.phoneNumber,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
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
    await announceSettings(tx, scope, 'helplines', 'created');
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
    await announceSettings(tx, scope, 'helplines', 'updated');
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
    await announceSettings(tx, scope, 'helplines', 'deleted');
  });
}
