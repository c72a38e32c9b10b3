import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderSettings } from '../../db/schema.ts';
import { ofBusiness, type Scope } from '../../lib/scope.ts';

const columns = {
  deliveryChargesEnabled: orderSettings.deliveryChargesEnabled,
  standardDeliveryChargesPaise: orderSettings.standardDeliveryChargesPaise,
  minimumOrderPaise: orderSettings.minimumOrderPaise,
  version: orderSettings.version,
  updatedAt: orderSettings.updatedAt,
};

export type OrderSettingsValues = {
  deliveryChargesEnabled: boolean;
  standardDeliveryChargesPaise: number;
  minimumOrderPaise: number;
};
export type OrderSettingsRow = OrderSettingsValues & { version: number; updatedAt: Date };

/** The business's saved order settings; undefined while it has never saved them. */
export async function findOrderSettings(db: Executor, scope: Scope): Promise<OrderSettingsRow | undefined> {
  const [row] = await db.select(columns).from(orderSettings).where(ofBusiness(orderSettings, scope));
  return row;
}

/** The first save (version 1); undefined when the business has a row already. */
export async function insertOrderSettings(
  db: Executor,
  scope: Scope,
  values: OrderSettingsValues,
): Promise<OrderSettingsRow | undefined> {
  const [row] = await db
    .insert(orderSettings)
    .values({ businessId: scope.businessId, ...values })
    .onConflictDoNothing({ target: orderSettings.businessId })
    .returning(columns);
  return row;
}

/** Rewrites the settings if they are still at `version`; undefined when they are not. */
export async function updateOrderSettings(
  db: Executor,
  scope: Scope,
  version: number,
  values: OrderSettingsValues,
): Promise<OrderSettingsRow | undefined> {
  const [row] = await db
    .update(orderSettings)
    .set({ ...values, version: sql`${orderSettings.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofBusiness(orderSettings, scope), eq(orderSettings.version, version)))
    .returning(columns);
  return row;
}
