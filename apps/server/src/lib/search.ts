import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A LIKE pattern that matches `text` anywhere, with its own % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains", in the form the lower(name) trigram indexes serve. */
export function nameMatches(column: AnyColumn, text: string): SQL {
  return sql`lower(${column}) LIKE ${likePattern(text.toLowerCase())}`;
}
