import { and, eq, inArray, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { isOwner } from '@storedesk/shared/levels';
import type { AuthContext } from './callers.ts';
import { forbidden } from './errors.ts';

/*
 * The one scope layer (ADR 0034). Whoever calls, a request reads and writes a business's rows
 * under one scope, and every repository narrows its rows to it with the conditions below, in the
 * query builder (`ofBusiness`, `inScope`, `ofExecutive`, `ofCustomer`, `theBusiness`) or in SQL
 * written by hand (`sqlOfBusiness`, `sqlInScope`, `sqlOfExecutive`, `sqlOfCustomer`). No other
 * file writes a condition on business_id, zone_id, dex_id, executive_id or customer_id of its own
 * (eslint-rules/server-scope.js), and the few statements that deliberately work across businesses
 * say so with `acrossBusinesses` and their reason. The live streams' filters are here too.
 *
 * Five kinds of caller, four scopes:
 * - the owner and an admin: `Scope`, the business and a zone (null: every zone), from `scopeOf`;
 * - a delivery executive: `ExecutiveScope`, the business and themselves, from `executiveScopeOf`;
 * - a signed-in customer: `CustomerScope`, the business and themselves (the access plugin's);
 * - the business's own systems (a secret API key, ADR 0056) and the customer app's key:
 *   `BusinessScope`, the business alone.
 */

/**
 * A value a condition compares with: a request's own, a placeholder of a prepared statement, or
 * the column of the business a statement has already narrowed to (a correlated subquery's).
 */
type Bound = string | Placeholder | AnyColumn;

/**
 * What a caller may see and change: always one business (D2). The business's own systems (its
 * secret API keys) and the customer app's publishable key give exactly that.
 */
export type BusinessScope = { businessId: string };

/** Staff's: an admin exactly their zone, the owner every zone (null) or the one their zone switcher names (D4). */
export type Scope = BusinessScope & { zoneId: string | null };

/** A signed-in customer's: their business, and of its rows only their own (ADR 0038). */
export type CustomerScope = BusinessScope & { customerId: string };

/** A signed-in delivery executive's: their business, and of its orders only those given to them (ADR 0042). */
export type ExecutiveScope = BusinessScope & { executiveId: string };

export function scopeOf(auth: AuthContext, requestedZoneId?: string | null): Scope {
  const businessId = auth.business.id;
  if (isOwner(auth.user)) return { businessId, zoneId: requestedZoneId ?? null };
  // A UUID's letters may come in either case: the same zone is not another one.
  if (requestedZoneId && requestedZoneId.toLowerCase() !== auth.user.zoneId?.toLowerCase()) throw forbidden();
  return { businessId, zoneId: auth.user.zoneId };
}

/** The scope of the delivery executive signed in to the delivery app. */
export function executiveScopeOf(auth: AuthContext): ExecutiveScope {
  return { businessId: auth.business.id, executiveId: auth.user.id };
}

/** A table whose every row belongs to one business. */
type OfBusiness = { businessId: AnyColumn };
/** A table whose every row belongs to one business and one of its zones. */
type OfZone = OfBusiness & { zoneId: AnyColumn };
/** A table whose rows each belong to one customer of one business (addresses, orders, sessions). */
type OfCustomer = OfBusiness & { customerId: AnyColumn };
/**
 * A table whose rows each belong to one delivery executive of one business: an order given to
 * them (`dexId`), their devices, trail and cash (`executiveId`), or their presence (`userId`).
 */
type OfExecutive = OfBusiness & ({ dexId: AnyColumn } | { executiveId: AnyColumn } | { userId: AnyColumn });

/**
 * The one condition every repository reads and writes a business's rows
 * under: the rows of the scope's business. A prepared statement passes the
 * business as a placeholder.
 */
export function ofBusiness(table: OfBusiness, scope: { businessId: Bound }): SQL {
  return eq(table.businessId, scope.businessId);
}

/** The business's own row (its name, its settings): the one row of `businesses` a scope may touch. */
export function theBusiness(table: { id: AnyColumn }, scope: { businessId: Bound }): SQL {
  return eq(table.id, scope.businessId);
}

/**
 * The rows of a zoned table (stores, orders, staff) a staff scope sees: its
 * business's, and of those its zone's when it names one. A prepared statement
 * passes placeholders.
 */
export function inScope(table: OfZone, scope: { businessId: Bound; zoneId: Bound | null }): SQL {
  return scope.zoneId === null
    ? ofBusiness(table, scope)
    : and(ofBusiness(table, scope), eq(table.zoneId, scope.zoneId))!;
}

/** The rows of a customer table a customer sees: their business's, and of those their own. */
export function ofCustomer(table: OfCustomer, scope: { businessId: Bound; customerId: Bound }): SQL {
  return and(ofBusiness(table, scope), eq(table.customerId, scope.customerId))!;
}

/** The rows of a customer table of some of the business's customers, as staff read them a page of customers at a time. */
export function ofCustomers(
  table: OfCustomer,
  scope: { businessId: Bound },
  customerIds: readonly string[],
): SQL {
  return and(ofBusiness(table, scope), inArray(table.customerId, customerIds))!;
}

/**
 * The rows of an executive's table an executive sees: their business's, and of those their own
 * (an order's `dexId`, else `executiveId`, else a presence row's `userId`).
 */
export function ofExecutive(table: OfExecutive, scope: { businessId: Bound; executiveId: Bound }): SQL {
  const column = 'dexId' in table ? table.dexId : 'executiveId' in table ? table.executiveId : table.userId;
  return and(ofBusiness(table, scope), eq(column, scope.executiveId))!;
}

/*
 * The same conditions for SQL written by hand. `alias` is the name the statement gives the table
 * (`FROM orders o`: 'o'), or null for a statement of one table it names without one. Each value is
 * a parameter, cast to uuid as the columns are; a prepared statement passes placeholders.
 */

/** `alias.column`, or the bare column when the statement names no alias. */
function columnOf(alias: string | null, column: string): SQL {
  return alias === null
    ? sql`${sql.identifier(column)}`
    : sql`${sql.identifier(alias)}.${sql.identifier(column)}`;
}

/** `alias.business_id = $business`: the rows of the scope's business (`ofBusiness`). */
export function sqlOfBusiness(alias: string | null, scope: { businessId: Bound }): SQL {
  return sql`${columnOf(alias, 'business_id')} = ${scope.businessId}::uuid`;
}

/**
 * `alias.business_id = $business AND alias.zone_id = $zone`, the zone only when the scope names
 * one: the rows of a zoned table a staff scope sees (`inScope`).
 */
export function sqlInScope(alias: string | null, scope: { businessId: Bound; zoneId: Bound | null }): SQL {
  return scope.zoneId === null
    ? sqlOfBusiness(alias, scope)
    : sql`${sqlOfBusiness(alias, scope)} AND ${columnOf(alias, 'zone_id')} = ${scope.zoneId}::uuid`;
}

/** `alias.business_id = $business AND alias.customer_id = $customer`: a customer's own rows (`ofCustomer`). */
export function sqlOfCustomer(alias: string | null, scope: { businessId: Bound; customerId: Bound }): SQL {
  return sql`${sqlOfBusiness(alias, scope)} AND ${columnOf(alias, 'customer_id')} = ${scope.customerId}::uuid`;
}

/**
 * `alias.business_id = $business AND alias.dex_id = $executive`: an executive's own rows
 * (`ofExecutive`). `column` names the table's executive: `dex_id` of an order, `executive_id` of
 * their devices, trail and cash, `user_id` of their presence.
 */
export function sqlOfExecutive(
  alias: string | null,
  scope: { businessId: Bound; executiveId: Bound },
  column: 'dex_id' | 'executive_id' | 'user_id' = 'dex_id',
): SQL {
  return sql`${sqlOfBusiness(alias, scope)} AND ${columnOf(alias, column)} = ${scope.executiveId}::uuid`;
}

/**
 * The marker of a statement that deliberately works under no business's scope, and why: a
 * server-wide table (the server's settings, the sign-in throttle, onboarding before there is a
 * business), a look-up by a secret before the business is known (a session's token hash), rows
 * keyed by a user alone, or housekeeping that prunes every business's expired rows. It answers
 * `condition` as it is (or `true`), and tells the lint rule the statement is an exception on
 * purpose; `reason` is what makes it safe.
 */
export function acrossBusinesses(reason: string, condition?: SQL): SQL {
  void reason;
  return condition ?? sql`true`;
}

/*
 * The live streams' filters: which event a reader may receive. The hub already hands a stream only
 * its own business's events; each filter says it again, and narrows them to the reader's scope.
 */

/** What an event row says of whom it concerns (the events table, as the hub hands it out). */
export type AddressedEvent = {
  business_id: string;
  zone_id: string | null;
  topic: string;
  /** The customer whose order it is (orders' events only). */
  customer_id: string | null;
  /** The delivery executives an order's change concerns (orders' events only). */
  executive_ids: readonly string[] | null;
};

/** Staff's stream: their business's events of every zone (zone null), or of the scope's zone when it names one. */
export function staffReceives(scope: Scope, event: AddressedEvent): boolean {
  return (
    event.business_id === scope.businessId &&
    (event.zone_id === null || scope.zoneId === null || event.zone_id === scope.zoneId)
  );
}

/** An executive's stream: the changes of the orders given to them (or taken from them). */
export function executiveReceives(scope: ExecutiveScope, event: AddressedEvent): boolean {
  return (
    event.business_id === scope.businessId &&
    event.topic === 'orders' &&
    event.executive_ids !== null &&
    event.executive_ids.includes(scope.executiveId)
  );
}

/**
 * Dispatch's stream of positions: an executive's position of `zoneId`, which the hub batches per
 * business, is the staff scope's when it names no zone or that zone.
 */
export function staffSeesPosition(scope: { zoneId: string | null }, zoneId: string | null): boolean {
  return scope.zoneId === null || zoneId === scope.zoneId;
}

/** A customer's stream: the changes of their own orders. */
export function customerReceives(scope: CustomerScope, event: AddressedEvent): boolean {
  return (
    event.business_id === scope.businessId &&
    (event.topic === 'orders' || event.topic === CHECKOUT_TOPIC) &&
    event.customer_id === scope.customerId
  );
}

/**
 * The topic of the events of an order paid online while it awaits its payment, and when it lapses
 * unpaid (ADR 0072): its customer's stream carries them (as `orders`), staff's and executives' never.
 */
export const CHECKOUT_TOPIC = 'checkout';
