import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The business's time zone, read by the statement that uses it. Read there and
 * not before, a counter can never use a zone that a change committed since has
 * replaced (ADR 0016); a primary-key lookup, evaluated once per statement.
 */
export function businessTimeZoneOf(businessId: string | SQLWrapper): SQL<string> {
  return sql<string>`(SELECT b.time_zone FROM businesses AS b WHERE b.id = ${businessId})`;
}
