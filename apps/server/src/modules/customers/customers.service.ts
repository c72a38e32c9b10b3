import type {
  CustomerBlock,
  CustomerDetail,
  CustomerListQuery,
  CustomerOrdersQuery,
  CustomerRow,
} from '@storedesk/shared/customers/schemas';
import { mayOrder } from '@storedesk/shared/customers/ordering';
import type { ListResponse } from '@storedesk/shared/lists';
import { messages } from '@storedesk/shared/messages';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { forbidden, notFound } from '#server/lib/errors.ts';
import { scopeOf, type BusinessScope } from '#server/lib/scope.ts';

import { findAddresses } from './customer-accounts.repository.ts';
import { listOrdersOfCustomer } from '#server/modules/orders/orders.service.ts';
import * as repo from './customers.repository.ts';

function toRow(record: repo.CustomerRecord, figures: repo.CustomerFigures): CustomerRow {
  return {
    id: record.id,
    name: record.name,
    phone: record.phone,
    ordersCount: figures.ordersCount,
    totalSpentPaise: figures.totalSpentPaise,
    lastOrderAt: figures.lastOrderAt?.toISOString() ?? null,
    blockedAt: record.blockedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
  };
}

/** The business's customers with their figures, which are read for the page's customers only. */
export async function listCustomers(
  db: Database,
  auth: AuthContext,
  query: CustomerListQuery,
): Promise<ListResponse<CustomerRow>> {
  const scope = scopeOf(auth);
  const { items, total } = await repo.findCustomers(db, scope, query);
  const figures = await repo.findFigures(
    db,
    scope,
    items.map((c) => c.id),
  );
  return { items: items.map((c) => toRow(c, figures.get(c.id)!)), total };
}

async function toDetail(
  db: Executor,
  scope: BusinessScope,
  record: repo.CustomerRecord,
): Promise<CustomerDetail> {
  const [figures, addresses] = await Promise.all([
    repo.findFigures(db, scope, [record.id]),
    findAddresses(db, { businessId: scope.businessId, customerId: record.id }),
  ]);
  return {
    ...toRow(record, figures.get(record.id)!),
    blockedByName: record.blockedByName,
    addresses: addresses.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}

/** One customer with their figures and saved addresses; another business's is 404. */
export async function getCustomer(
  db: Database,
  auth: AuthContext,
  customerId: string,
): Promise<CustomerDetail> {
  const scope = scopeOf(auth);
  const record = await repo.findCustomer(db, scope, customerId);
  if (!record) throw notFound();
  return toDetail(db, scope, record);
}

/** A customer's orders, newest first, as the orders list shows them. */
export async function listCustomerOrders(
  db: Database,
  auth: AuthContext,
  customerId: string,
  query: CustomerOrdersQuery,
): Promise<ListResponse<OrderSummary>> {
  const scope = scopeOf(auth);
  if (!(await repo.findCustomer(db, scope, customerId))) throw notFound();
  return listOrdersOfCustomer(db, scope, customerId, query);
}

/** Blocks (noting who and when) or unblocks a customer; the same change twice is answered the same. */
export async function setCustomerBlocked(
  db: Database,
  auth: AuthContext,
  customerId: string,
  change: CustomerBlock,
): Promise<CustomerDetail> {
  const scope = scopeOf(auth);
  const by = change.blocked ? { id: auth.user.id, name: auth.user.name } : null;
  const record = await repo.setBlocked(db, scope, customerId, by);
  if (!record) throw notFound();
  return toDetail(db, scope, record);
}

/**
 * The one check the customer app's ordering makes (B15), on the customer as the order read them:
 * a blocked customer's order is refused with a message that does not say why.
 */
export function assertMayOrder(customer: { blockedAt: Date | null }): void {
  if (customer && !mayOrder(customer)) throw forbidden(messages.customerRefused);
}
