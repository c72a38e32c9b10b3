import type { Database } from './client.ts';

/**
 * One of something per database, built on first use: prepared queries (built
 * once and prepared under a fixed name, so PostgreSQL parses and plans them once
 * per connection rather than on every call; each distinct statement needs its
 * own name) and the in-memory list indexes (lib/list-index.ts).
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
