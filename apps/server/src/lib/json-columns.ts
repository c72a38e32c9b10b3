import { Column, is, sql, SQL, type AnyColumn, type SQLWrapper } from 'drizzle-orm';

/** Columns by the keys a select names them, as drizzle's `select` takes them, objects nested. */
export type JsonColumns = { [key: string]: AnyColumn | SQL | JsonColumns };

/**
 * `json_build_object` of the same keys and columns a select takes: one column map serves a row
 * read on its own (`db.select(columns)`) and the same row read as JSON inside a statement that
 * reads several things at once. Nested objects become nested JSON objects. What differs is only
 * what JSON can carry: a timestamp arrives as text, a number as a number.
 */
export function jsonObjectOf(columns: JsonColumns): SQL {
  const pairs = Object.entries(columns).map(([key, value]) => {
    // The keys are the code's own names, written into the statement rather than sent as parameters.
    if (!/^[A-Za-z]\w*$/.test(key)) throw new Error(`a JSON key must be a plain name: ${key}`);
    const column = is(value, Column) || is(value, SQL) ? value : jsonObjectOf(value);
    return sql`${sql.raw(`'${key}'`)}, ${column}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * A JSON array of `columns` over the rows `from` names (`FROM … WHERE …`), in `orderBy`'s order,
 * `[]` for none: a column of another statement, correlated to it through `from`'s condition. The
 * subquery is an SQL of its own inside the parentheses, so its columns keep their table's name:
 * in a select of one table drizzle writes a field's own columns bare, and a bare `"id"` in the
 * subquery's condition would be the subquery's table's, not the outer row's.
 */
export function jsonArrayOf<Row>(columns: JsonColumns, from: SQL, orderBy?: SQLWrapper): SQL<Row[]> {
  const order = orderBy ? sql` ORDER BY ${orderBy}` : sql``;
  const query = sql`SELECT coalesce(json_agg(${jsonObjectOf(columns)}${order}), '[]'::json) ${from}`;
  return sql<Row[]>`(${query})`;
}
