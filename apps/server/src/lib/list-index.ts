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
  /** The name as PostgreSQL's lower() gives it, which is what a search matches. */
  name: string;
  /** What a scoped reader is limited to (a store's zone), or null. */
  group: string | null;
};

/** A list as loaded: its version and its entries in list order. */
export type ListSnapshot = { version: number; entries: ListEntry[] };

export type ListFilter = { group?: string | null; q?: string };

type Held = ListSnapshot & {
  views: Map<string, ListEntry[]>;
  /** The names joined by newlines, and where each ends in it: built for the first search. */
  text?: { names: string; ends: Int32Array };
};

/** Filters kept per list: paging through a search reuses its matches. */
const viewsPerList = 16;
/** Times a page is read again when its list moved underneath it. */
const attempts = 3;

export class ListIndex {
  private readonly held = new Map<string, Held>();
  private readonly loading = new Map<string, Promise<Held | undefined>>();
  private entryCount = 0;

  /**
   * @param maxEntries entries kept across all lists; the least recently read
   *   lists are let go past it (a single longer list is still kept, alone).
   */
  constructor(private readonly maxEntries: number) {}

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
      const found = q === '' ? held.entries : search(held, q);
      view = group === null ? found : found.filter((entry) => entry.group === group);
      if (held.views.size >= viewsPerList) held.views.delete(held.views.keys().next().value!);
    }
    held.views.set(viewKey, view);
    return view;
  }
}

/**
 * The entries whose name contains `q`, in list order. One indexOf over all the
 * names joined (which skips ahead rather than testing each name) is several
 * times faster than testing each name, and a search is the one thing done per
 * entry on a request.
 */
function search(held: Held, q: string): ListEntry[] {
  const { entries } = held;
  if (!held.text) {
    const ends = new Int32Array(entries.length);
    let offset = 0;
    for (let i = 0; i < entries.length; i++) {
      offset += entries[i]!.name.length;
      ends[i] = offset;
      offset += 1;
    }
    held.text = { names: entries.map((entry) => entry.name).join('\n'), ends };
  }
  const { names, ends } = held.text;
  const found: ListEntry[] = [];
  let i = 0;
  let at = names.indexOf(q);
  while (at !== -1) {
    // The first entry that ends at or after the end of the match holds it, if it starts at or before it.
    while (ends[i]! < at + q.length) if (++i === entries.length) return found;
    if (at >= ends[i]! - entries[i]!.name.length) {
      found.push(entries[i]!);
      at = names.indexOf(q, ends[i]! + 1);
      i++;
    } else {
      at = names.indexOf(q, at + 1);
    }
  }
  return found;
}
