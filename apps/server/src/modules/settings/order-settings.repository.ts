import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { orderSettings } from '#server/db/schema.ts';
import { ofBusiness, type Scope } from '#server/lib/scope.ts';

const columns = {
  deliveryChargesEnabled: orderSettings.deliveryChargesEnabled,
  standardDeliveryChargesPaise: orderSettings.standardDeliveryChargesPaise,
  minimumOrderPaise: orderSettings.minimumOrderPaise,
  maxOpenOrdersPerExecutive: orderSettings.maxOpenOrdersPerExecutive,
  dispatchWaitMinutes: orderSettings.dispatchWaitMinutes,
  printKitchenOnConfirm: orderSettings.printKitchenOnConfirm,
  payWithinMinutes: orderSettings.payWithinMinutes,
  executiveFeePaise: orderSettings.executiveFeePaise,
  executiveFeePerKmPaise: orderSettings.executiveFeePerKmPaise,
  version: orderSettings.version,
  updatedAt: orderSettings.updatedAt,
};

export type OrderSettingsValues = {
  deliveryChargesEnabled: boolean;
  standardDeliveryChargesPaise: number;
  minimumOrderPaise: number;
  /** Left out: kept as they are (the column defaults on a first save). */
  maxOpenOrdersPerExecutive?: number | undefined;
  dispatchWaitMinutes?: number | undefined;
  printKitchenOnConfirm?: boolean | undefined;
  payWithinMinutes?: number | undefined;
  executiveFeePaise?: number | undefined;
  executiveFeePerKmPaise?: number | undefined;
};
export type OrderSettingsRow = Required<OrderSettingsValues> & { version: number; updatedAt: Date };

/** The values given: a field left out is not written. */
const defined = (values: OrderSettingsValues) =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as OrderSettingsValues;

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
    .values({ businessId: scope.businessId, ...defined(values) })
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
    .set({ ...defined(values), version: sql`${orderSettings.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofBusiness(orderSettings, scope), eq(orderSettings.version, version)))
    .returning(columns);
  return row;
}
