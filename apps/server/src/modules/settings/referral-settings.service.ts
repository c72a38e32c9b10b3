import {
  defaultReferralSettings,
  type ReferralSettings,
  type ReferralSettingsUpdate,
} from '@storedesk/shared/settings/referral-settings';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { scopeOf } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';

import * as repo from './referral-settings.repository.ts';
import { announceSettings } from './settings-events.ts';

function toReferralSettings(row: repo.ReferralRow | undefined): ReferralSettings {
  if (!row) return defaultReferralSettings;
  const { updatedAt, ...rest } = row;
  return { ...rest, updatedAt: updatedAt.toISOString() };
}

/** The saved settings, or the defaults (disabled, version 0) of a business that has never saved them. */
export async function getReferralSettings(db: Database, auth: AuthContext): Promise<ReferralSettings> {
  return toReferralSettings(await repo.findReferralSettings(db, scopeOf(auth)));
}

/**
 * Saves the settings based on the version read (D9): version 0 creates the
 * row of a business that has none. Fields left out (allowed while disabled)
 * keep their saved values, or the defaults on the first save.
 */
export async function saveReferralSettings(
  db: Database,
  auth: AuthContext,
  { version, ...input }: ReferralSettingsUpdate,
): Promise<ReferralSettings> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const row = await writeVersioned(
      () => {
        if (version !== 0) return repo.updateReferralSettings(tx, scope, version, input);
        const { version: _v, updatedAt: _u, ...defaults } = defaultReferralSettings;
        const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
        return repo.insertReferralSettings(tx, scope, { ...defaults, ...given });
      },
      async () => toReferralSettings(await repo.findReferralSettings(tx, scope)),
    );
    await announceSettings(tx, scope, 'referral', 'updated');
    return toReferralSettings(row);
  });
}
