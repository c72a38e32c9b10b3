import type pg from 'pg';

/**
 * Statements prepared once per connection when they are used often (ADR 0095), as pgjdbc's
 * `prepareThreshold` does: a parameterised statement whose text a pool has run `threshold` times
 * gets a name, and from then on each connection parses and plans it once and later only binds and
 * runs it (PostgreSQL keeps its plan, or plans it again when the values call for it). The order and
 * status-change statements, built afresh for each write, were parsed and planned each time: a
 * third of PostgreSQL's time for them in the lunch rush (ADR 0053).
 *
 * Bounded: at most `limit` texts are named (each connection keeps a plan per name it has run
 * until it closes), and texts are counted until `tracked` distinct ones have been seen, so
 * statements whose text varies with their values (a list of n ids) cannot grow either.
 */
export class StatementNames {
  private readonly counts = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly threshold = 5,
    private readonly limit = 64,
    private readonly tracked = 2_000,
  ) {}

  /** The name to run `text` under, once it has been run often enough; undefined before, or when the names are used up. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined) return named;
    const seen = this.counts.get(text);
    if (seen === undefined) {
      if (this.counts.size < this.tracked) this.counts.set(text, 1);
      return undefined;
    }
    if (seen + 1 < this.threshold || this.names.size >= this.limit) {
      this.counts.set(text, seen + 1);
      return undefined;
    }
    this.counts.delete(text);
    const name = `auto_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }

  /** How many texts are named: for tests and metrics. */
  get size(): number {
    return this.names.size;
  }
}

type QueryConfig = { text: string; name?: string; values?: unknown[]; queryMode?: string };

/**
 * Runs the client's parameterised statements under their names from `names`. Statements without
 * values stay on the simple protocol (they may hold several statements), as do those that name
 * themselves or ask for it. The prototype's `query` is called each time, so what wraps it there
 * (a test counting statements) still sees every one.
 */
export function prepareOftenUsed(client: pg.ClientBase, names: StatementNames): void {
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = function query(
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) {
    const named = withName(config, values, names);
    return named
      ? proto.query.call(this, named, values, callback)
      : proto.query.call(this, config, values, callback);
  };
}

function withName(config: unknown, values: unknown, names: StatementNames): QueryConfig | undefined {
  let query: QueryConfig;
  if (typeof config === 'string') query = { text: config };
  else if (
    config !== null &&
    typeof config === 'object' &&
    typeof (config as QueryConfig).text === 'string'
  ) {
    // A Query object (it has `submit`) is run as it is.
    if (typeof (config as { submit?: unknown }).submit === 'function') return undefined;
    query = config as QueryConfig;
  } else return undefined;
  if (query.name !== undefined || query.queryMode === 'simple') return undefined;
  const params = Array.isArray(values) ? values : query.values;
  if (!Array.isArray(params) || params.length === 0) return undefined;
  const name = names.nameFor(query.text);
  return name === undefined ? undefined : { ...query, name };
}
