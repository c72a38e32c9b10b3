import {
  defaultOrderSettings,
  type OrderSettings,
  type OrderSettingsUpdate,
} from '@storedesk/shared/settings/order-settings';
import type { Database, Executor } from '../../db/client.ts';
import { scopeOf, type Scope } from '../../lib/scope.ts';
import { writeVersioned } from '../../lib/versioned.ts';
import { publishEvent } from '../../realtime/publish.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import * as repo from './order-settings.repository.ts';

function toOrderSettings(row: repo.OrderSettingsRow | undefined): OrderSettings {
  if (!row) return defaultOrderSettings;
  return {
    deliveryChargesEnabled: row.deliveryChargesEnabled,
    standardDeliveryChargesPaise: row.standardDeliveryChargesPaise,
    minimumOrderPaise: row.minimumOrderPaise,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every open console of the business refreshes its order settings (D10). */
function announce(db: Executor, scope: Scope) {
  return publishEvent(db, {
    businessId: scope.businessId,
    zoneId: null,
    topic: 'settings',
    action: 'updated',
    recordId: 'order',
  });
}

/** The saved settings, or the defaults (version 0) of a business that has never saved them. */
export async function getOrderSettings(db: Database, auth: AuthContext): Promise<OrderSettings> {
  return toOrderSettings(await repo.findOrderSettings(db, scopeOf(auth)));
}

/**
 * Saves the settings based on the version read (D9): version 0 creates the
 * row of a business that has none; anything else must match the saved row.
 * The storefront reads the row for each order, so the next order follows.
 */
export async function saveOrderSettings(
  db: Database,
  auth: AuthContext,
  { version, ...values }: OrderSettingsUpdate,
): Promise<OrderSettings> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const row = await writeVersioned(
      () =>
        version === 0
          ? repo.insertOrderSettings(tx, scope, values)
          : repo.updateOrderSettings(tx, scope, version, values),
      async () => toOrderSettings(await repo.findOrderSettings(tx, scope)),
    );
    await announce(tx, scope);
    return toOrderSettings(row);
  });
}
