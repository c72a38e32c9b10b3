import {
  defaultOrderSettings,
  type OrderSettings,
  type OrderSettingsUpdate,
} from '@storedesk/shared/settings/order-settings';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { scopeOf } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';

import * as repo from './order-settings.repository.ts';
import { announceSettings } from './settings-events.ts';

function toOrderSettings(row: repo.OrderSettingsRow | undefined): OrderSettings {
  if (!row) return defaultOrderSettings;
  return {
    deliveryChargesEnabled: row.deliveryChargesEnabled,
    standardDeliveryChargesPaise: row.standardDeliveryChargesPaise,
    minimumOrderPaise: row.minimumOrderPaise,
    maxOpenOrdersPerExecutive: row.maxOpenOrdersPerExecutive,
    dispatchWaitMinutes: row.dispatchWaitMinutes,
    printKitchenOnConfirm: row.printKitchenOnConfirm,
    payWithinMinutes: row.payWithinMinutes,
    executiveFeePaise: row.executiveFeePaise,
    executiveFeePerKmPaise: row.executiveFeePerKmPaise,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
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
    await announceSettings(tx, scope, 'order', 'updated');
    return toOrderSettings(row);
  });
}
