import { and, eq, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { isOwner } from '@storedesk/shared/levels';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { forbidden } from './errors.ts';

/**
 * What a caller may see and change: always one business (D2). The customer
 * app's key gives exactly that; staff have a zone besides (D4), below.
 */
export type BusinessScope = { businessId: string };

/** Staff's: an admin exactly their zone, the owner every zone (null) or the one their zone switcher names (D4). */
export type Scope = BusinessScope & { zoneId: string | null };

export function scopeOf(auth: AuthContext, requestedZoneId?: string | null): Scope {
  const businessId = auth.business.id;
  if (isOwner(auth.user)) return { businessId, zoneId: requestedZoneId ?? null };
  // A UUID's letters may come in either case: the same zone is not another one.
  if (requestedZoneId && requestedZoneId.toLowerCase() !== auth.user.zoneId?.toLowerCase()) throw forbidden();
  return { businessId, zoneId: auth.user.zoneId };
}

/** A table whose every row belongs to one business. */
type OfBusiness = { businessId: AnyColumn };
/** A table whose every row belongs to one business and one of its zones. */
type OfZone = OfBusiness & { zoneId: AnyColumn };

/**
 * The one condition every repository reads and writes a business's rows
 * under: the rows of the scope's business. A prepared statement passes the
 * business as a placeholder.
 */
export function ofBusiness(table: OfBusiness, scope: { businessId: string | Placeholder }): SQL {
  return eq(table.businessId, scope.businessId);
}

/** The business's own row (its name, its settings): the one row of `businesses` a scope may touch. */
export function theBusiness(table: { id: AnyColumn }, scope: { businessId: string | Placeholder }): SQL {
  return eq(table.id, scope.businessId);
}

/**
 * The rows of a zoned table (stores, orders, staff) a staff scope sees: its
 * business's, and of those its zone's when it names one. A prepared statement
 * passes placeholders.
 */
export function inScope(
  table: OfZone,
  scope: { businessId: string | Placeholder; zoneId: string | Placeholder | null },
): SQL {
  return scope.zoneId === null
    ? ofBusiness(table, scope)
    : and(ofBusiness(table, scope), eq(table.zoneId, scope.zoneId))!;
}

/** A signed-in customer's: their business, and of its rows only their own (ADR 0038). */
export type CustomerScope = BusinessScope & { customerId: string };

/** A table whose rows each belong to one customer of one business (addresses, orders, sessions). */
type OfCustomer = OfBusiness & { customerId: AnyColumn };

/** The rows of a customer table a customer sees: their business's, and of those their own. */
export function ofCustomer(table: OfCustomer, scope: CustomerScope): SQL {
  return and(ofBusiness(table, scope), eq(table.customerId, scope.customerId))!;
}
