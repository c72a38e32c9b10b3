import { and, asc, count, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerListQuery } from '@storedesk/shared/customers/schemas';
import type { Executor } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { likePattern, nameMatches } from '../../lib/search.ts';
import { ofBusiness, type Scope } from '../../lib/scope.ts';

const columns = { id: customers.id, name: customers.name, phone: customers.phone };

/**
 * What a search names: a part of a name, or, when it looks like a phone
 * number, a run of its digits (phones are kept as ten digits, without +91).
 */
function matches(q: string): SQL {
  const byName = nameMatches(customers.name, q);
  const digits = q.replace(/^\+91/, '').replace(/\D/g, '');
  if (digits === '' || !/^[\d\s+\-().]+$/.test(q)) return byName;
  return or(byName, sql`${customers.phone} LIKE ${likePattern(digits)}`)!;
}

/** The business's customers by name. */
export async function findCustomers(db: Executor, scope: Scope, query: CustomerListQuery) {
  const conditions: SQL[] = [ofBusiness(customers, scope)];
  if (query.q) conditions.push(matches(query.q));
  const where = and(...conditions);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(customers)
      .where(where)
      .orderBy(asc(customers.name), asc(customers.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { items, total };
}
