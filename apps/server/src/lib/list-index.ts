/**
 * Long lists (a business's stores, a store's items) held in memory in list order,
 * as id, lower-cased name and group (the store's zone), so that any page of any
 * search is a filter and a slice of an array: no count over tens of thousands of
 * rows and no walk past a deep offset on every request. Only the page's rows are
 * read from the database, by id, and that same statement answers the list's
 * current version: a number a trigger moves in the writer's own transaction
 * whenever an entry is added, renamed, moved, deleted or restored, whichever
 * instance or tool wrote it. A copy whose version is behind is dropped and loaded
 * again, so a list is not answered from a stale copy (ADR 0009) — except one that
 * moves on each of three reads in a row, which gets its latest rows in the order
 * and with the total of the last copy loaded.
 */

export type ListEntry = {
  id: string;
  /**
   * What a search matches, as PostgreSQL's lower() gives it: the name, and for an item also its
   * other names and its variants' SKUs and barcodes, one to a line.
   */
  name: string;
  /** What a scoped reader is limited to (a store's zone), or null. */
  group: string | null;
};

/** A list as loaded: its version and its entries in list order. */
export type ListSnapshot = { version: number; entries: ListEntry[] };

export type ListFilter = { group?: string | null; q?: string };

type Held = ListSnapshot & {
  views: Map<string, ListEntry[]>;
  /** For each three-character sequence, the entries whose names hold it: built for the first search. */
  trigrams?: Map<number, Int32Array>;
};

/** Filters kept per list: paging through a search reuses its matches. */
const viewsPerList = 16;
/** Times a page is read again when its list moved underneath it. */
const attempts = 3;

/**
 * The `load` and `fetch` of `ListIndex.page` from three reads of a list: its
 * version (undefined when the reader may not see it), its entries in list order,
 * and the rows of some ids, each carrying the version (null when the reader may
 * not see the list). An empty page asks for the version alone.
 */
export function listSource<Row extends { id: string; listVersion: number | null }>(reads: {
  version: () => Promise<number | undefined>;
  entries: () => Promise<ListEntry[]>;
  rows: (ids: string[]) => Promise<Row[]>;
}) {
  return {
    load: async (): Promise<ListSnapshot | undefined> => {
      // The version first: a copy may then be newer than its label, never older.
      const version = await reads.version();
      return version === undefined ? undefined : { version, entries: await reads.entries() };
    },
    fetch: async (ids: string[]) => {
      const rows = ids.length > 0 ? await reads.rows(ids) : [];
      const version = rows.length > 0 ? rows[0]!.listVersion : await reads.version();
      return version == null ? undefined : { version, rows };
    },
  };
}

export class ListIndex {
  private readonly held = new Map<string, Held>();
  private readonly loading = new Map<string, Promise<Held | undefined>>();
  private entryCount = 0;

  /**
   * @param maxEntries entries kept across all lists; the least recently read
   *   lists are let go past it (a single longer list is still kept, alone).
   */
  constructor(
    private readonly maxEntries: number,
    /** Whether a search that matches nothing finds near matches (a word with a letter wrong). */
    private readonly nearMatches = false,
  ) {}

  /** Entries held across all lists. */
  get size(): number {
    return this.entryCount;
  }

  /**
   * One page of the list `key`, filtered, as rows read by `fetch`.
   * `load` reads the list's version and then, in a later statement, its entries
   * (so the copy is never labelled newer than it is); `fetch` reads the rows of
   * the given ids and the list's current version. Either answers undefined when the
   * reader may not see the list, and so does this.
   */
  async page<Row extends { id: string }>(
    key: string,
    filter: ListFilter,
    range: { offset: number; limit: number },
    source: {
      load: () => Promise<ListSnapshot | undefined>;
      fetch: (ids: string[]) => Promise<{ version: number; rows: Row[] } | undefined>;
    },
  ): Promise<{ rows: Row[]; total: number } | undefined> {
    let held = this.touch(key);
    for (let attempt = 1; ; attempt++) {
      held ??= await this.load(key, source.load);
      if (!held) return undefined;
      const matches = this.view(held, filter);
      const ids = matches.slice(range.offset, range.offset + range.limit).map((entry) => entry.id);
      const fetched = await source.fetch(ids);
      if (!fetched) return undefined;
      // A list that keeps moving faster than it can be read gets its latest page as read.
      if (fetched.version === held.version || attempt === attempts) {
        const byId = new Map(fetched.rows.map((row) => [row.id, row]));
        const rows = ids.flatMap((id) => byId.get(id) ?? []);
        return { rows, total: matches.length };
      }
      this.drop(key, held);
      held = undefined;
    }
  }

  private touch(key: string): Held | undefined {
    const held = this.held.get(key);
    if (held) {
      this.held.delete(key);
      this.held.set(key, held);
    }
    return held;
  }

  /**
   * Loads the list once, however many readers ask for it at the same time. A
   * load answers undefined when its reader may not see the list, which says
   * nothing about the others: a reader who joined such a load loads for itself.
   */
  private async load(key: string, load: () => Promise<ListSnapshot | undefined>): Promise<Held | undefined> {
    const shared = this.loading.get(key);
    if (shared) {
      const held = await shared;
      if (held) return held;
    }
    const own = load()
      .then((snapshot) => snapshot && this.keep(key, { ...snapshot, views: new Map() }))
      .finally(() => {
        if (this.loading.get(key) === own) this.loading.delete(key);
      });
    this.loading.set(key, own);
    return own;
  }

  private keep(key: string, held: Held): Held {
    const before = this.held.get(key);
    if (before) this.drop(key, before);
    this.held.set(key, held);
    this.entryCount += held.entries.length;
    for (const [otherKey, other] of this.held) {
      if (this.entryCount <= this.maxEntries || otherKey === key) break;
      this.drop(otherKey, other);
    }
    return held;
  }

  private drop(key: string, held: Held) {
    if (this.held.get(key) !== held) return;
    this.held.delete(key);
    this.entryCount -= held.entries.length;
  }

  private view(held: Held, filter: ListFilter): ListEntry[] {
    const group = filter.group ?? null;
    const q = filter.q?.toLowerCase() ?? '';
    if (group === null && q === '') return held.entries;
    const viewKey = `${group ?? ''}\n${q}`;
    let view = held.views.get(viewKey);
    if (view) {
      held.views.delete(viewKey);
    } else {
      const found = q === '' ? held.entries : search(held, q, this.nearMatches);
      view = group === null ? found : found.filter((entry) => entry.group === group);
      if (held.views.size >= viewsPerList) held.views.delete(held.views.keys().next().value!);
    }
    held.views.set(viewKey, view);
    return view;
  }
}

/**
 * The entries whose name contains `q`, in list order. A search of three or more
 * characters only tests the entries that hold its rarest three-character
 * sequence (every match holds all of them), so a rare search touches a few
 * entries and a common one a fraction of the list; a search is the one thing
 * done per entry on a request. In a list kept with near matches, a search of
 * five or more characters that matches nothing finds what holds half of its
 * sequences instead, so one wrong or missing letter ("basmti") still finds the name.
 */
function search(held: Held, q: string, nearMatches: boolean): ListEntry[] {
  const { entries } = held;
  if (q.length < 3) return entries.filter((entry) => entry.name.includes(q));
  held.trigrams ??= trigramsOf(entries);
  let rarest: Int32Array | undefined;
  const lists: Int32Array[] = [];
  const seen = new Set<number>();
  for (let at = 0; at + 3 <= q.length; at++) {
    const key = trigram(q, at);
    if (seen.has(key)) continue;
    seen.add(key);
    const holders = held.trigrams.get(key);
    if (!holders) {
      rarest = undefined;
      if (q.length < 5) return [];
      continue;
    }
    lists.push(holders);
    if (lists.length === seen.size && (!rarest || holders.length < rarest.length)) rarest = holders;
  }
  const found: ListEntry[] = [];
  if (rarest && lists.length === seen.size) {
    for (const index of rarest) {
      const entry = entries[index]!;
      if (q.length === 3 || entry.name.includes(q)) found.push(entry);
    }
  }
  if (found.length > 0 || q.length < 5 || !nearMatches) return found;
  return nearly(entries, lists, seen.size);
}

/** The entries holding at least half of a search's `wanted` sequences (and two), in list order. */
function nearly(entries: ListEntry[], lists: Int32Array[], wanted: number): ListEntry[] {
  const needed = Math.max(2, Math.ceil(wanted / 2));
  const counts = new Map<number, number>();
  for (const list of lists) for (const index of list) counts.set(index, (counts.get(index) ?? 0) + 1);
  const indexes: number[] = [];
  for (const [index, count] of counts) if (count >= needed) indexes.push(index);
  return indexes.sort((a, b) => a - b).map((index) => entries[index]!);
}

/** Three UTF-16 code units as one number (below 2^48, so exact). */
function trigram(text: string, at: number): number {
  return (text.charCodeAt(at) * 65536 + text.charCodeAt(at + 1)) * 65536 + text.charCodeAt(at + 2);
}

function trigramsOf(entries: ListEntry[]): Map<number, Int32Array> {
  const holders = new Map<number, number[]>();
  for (let index = 0; index < entries.length; index++) {
    const name = entries[index]!.name;
    for (let at = 0; at + 3 <= name.length; at++) {
      const key = trigram(name, at);
      const list = holders.get(key);
      if (!list) holders.set(key, [index]);
      else if (list[list.length - 1] !== index) list.push(index);
    }
  }
  const compact = new Map<number, Int32Array>();
  for (const [key, list] of holders) compact.set(key, Int32Array.from(list));
  return compact;
}
