import { describe, expect, it } from 'vitest';
import { ListIndex, listSource, type ListEntry, type ListFilter, type ListSnapshot } from './list-index.ts';

type Row = { id: string; name: string };
type Fetched = { version: number; rows: Row[] } | undefined;

/**
 * A list as a database would hold it: rows with a version, read by `load`
 * (the whole list in list order) and `fetch` (rows by id), counting both.
 */
class FakeList {
  version = 1;
  loads = 0;
  fetches = 0;
  /** The ids of every fetch, in the order asked. */
  fetched: string[][] = [];
  visible = true;
  rows: Array<{ id: string; name: string; group: string | null }>;

  constructor(names: string[], group: string | null = null) {
    this.rows = names.map((name) => ({ id: `id-${name}`, name, group }));
  }

  entries(): ListEntry[] {
    return [...this.rows]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))
      .map((row) => ({ id: row.id, name: row.name.toLowerCase(), group: row.group }));
  }

  rename(id: string, name: string) {
    this.rows.find((row) => row.id === id)!.name = name;
    this.version++;
  }

  readonly source = {
    load: async (): Promise<ListSnapshot | undefined> => {
      this.loads++;
      await Promise.resolve();
      if (!this.visible) return undefined;
      return { version: this.version, entries: this.entries() };
    },
    fetch: async (ids: string[]): Promise<Fetched> => {
      this.fetches++;
      this.fetched.push(ids);
      await Promise.resolve();
      if (!this.visible) return undefined;
      const byId = new Map(this.rows.map((row) => [row.id, row]));
      return {
        version: this.version,
        rows: ids.flatMap((id) => {
          const row = byId.get(id);
          return row ? [{ id: row.id, name: row.name }] : [];
        }),
      };
    },
  };
}

const everything = { offset: 0, limit: 100 };

async function names(
  index: ListIndex,
  key: string,
  list: { source: FakeList['source'] },
  filter: ListFilter = {},
  range = everything,
) {
  const page = await index.page(key, filter, range, list.source);
  return page && { names: page.rows.map((row) => row.name), total: page.total };
}

describe('paging', () => {
  it('answers a slice of the list in list order, with the total of the whole list', async () => {
    const list = new FakeList(['Kiwi', 'Apple', 'Mango', 'Banana', 'Cherry', 'Lemon', 'Date']);
    const index = new ListIndex(100);
    expect(await names(index, 'k', list, {}, { offset: 0, limit: 3 })).toEqual({
      names: ['Apple', 'Banana', 'Cherry'],
      total: 7,
    });
    expect(await names(index, 'k', list, {}, { offset: 3, limit: 3 })).toEqual({
      names: ['Date', 'Kiwi', 'Lemon'],
      total: 7,
    });
    expect(await names(index, 'k', list, {}, { offset: 6, limit: 3 })).toEqual({
      names: ['Mango'],
      total: 7,
    });
    expect(await names(index, 'k', list, {}, { offset: 9, limit: 3 })).toEqual({ names: [], total: 7 });
    // Only the page's ids are read, in list order; the list itself was loaded once.
    expect(list.fetched.slice(0, 2)).toEqual([
      ['id-Apple', 'id-Banana', 'id-Cherry'],
      ['id-Date', 'id-Kiwi', 'id-Lemon'],
    ]);
    expect(list.fetched[3]).toEqual([]);
    expect(list.loads).toBe(1);
    expect(index.size).toBe(7);
  });

  it('breaks ties of equal names by id, as loaded', async () => {
    const list = new FakeList([]);
    list.rows = [
      { id: 'b', name: 'Same', group: null },
      { id: 'a', name: 'Same', group: null },
      { id: 'c', name: 'Other', group: null },
    ];
    const page = await new ListIndex(100).page('k', {}, everything, list.source);
    expect(page!.rows.map((row) => row.id)).toEqual(['c', 'a', 'b']);
  });

  it('leaves out rows the fetch did not return, and keeps the rest in list order', async () => {
    const list = new FakeList(['Apple', 'Banana', 'Cherry', 'Date']);
    const index = new ListIndex(100);
    await index.page('k', {}, everything, list.source);
    // Rows come back in any order and one is gone (say, out of the reader's zone).
    const source = {
      load: list.source.load,
      fetch: async (ids: string[]) => {
        const fetched = await list.source.fetch(ids);
        return fetched && { ...fetched, rows: fetched.rows.filter((r) => r.name !== 'Banana').reverse() };
      },
    };
    const page = await index.page('k', {}, { offset: 0, limit: 3 }, source);
    expect(page).toEqual({
      rows: [
        { id: 'id-Apple', name: 'Apple' },
        { id: 'id-Cherry', name: 'Cherry' },
      ],
      total: 4,
    });
  });
});

describe('filters', () => {
  const list = () =>
    new FakeList(['Green Tea', 'GREEN apple', 'Tea Cake', 'Coffee', '50% Off Pack', 'Tea_Bags']);

  it('searches case-insensitively for a substring of the held lower-cased names', async () => {
    const fake = list();
    const index = new ListIndex(100);
    expect(await names(index, 'k', fake, { q: 'TEA' })).toEqual({
      names: ['Green Tea', 'Tea Cake', 'Tea_Bags'],
      total: 3,
    });
    expect(await names(index, 'k', fake, { q: 'een A' })).toEqual({ names: ['GREEN apple'], total: 1 });
    expect(await names(index, 'k', fake, { q: 'ffe' })).toEqual({ names: ['Coffee'], total: 1 });
    // Characters a LIKE pattern or a regular expression would treat specially are plain text.
    expect(await names(index, 'k', fake, { q: '%' })).toEqual({ names: ['50% Off Pack'], total: 1 });
    expect(await names(index, 'k', fake, { q: '_' })).toEqual({ names: ['Tea_Bags'], total: 1 });
    expect(await names(index, 'k', fake, { q: '.' })).toEqual({ names: [], total: 0 });
    expect(await names(index, 'k', fake, { q: 'tea', group: null }, { offset: 1, limit: 1 })).toEqual({
      names: ['Tea Cake'],
      total: 3,
    });
    // An empty search is the whole list.
    expect((await names(index, 'k', fake, { q: '' }))!.total).toBe(6);
    expect(fake.loads).toBe(1);
  });

  it('finds every name containing the search, and only those, wherever in the name it falls', async () => {
    const held = ['', 'a', 'aa', 'aaa', 'ab', 'aba', 'b', 'ba', 'baab', 'bab', 'bb', 'a b', 'b a', 'abab'];
    const index = new ListIndex(100);
    const source = {
      load: async () => ({
        version: 1,
        entries: held.map((name, i) => ({ id: String(i), name, group: null })),
      }),
      fetch: async (ids: string[]) => ({ version: 1, rows: ids.map((id) => ({ id })) }),
    };
    const searches = ['a', 'b', ' ', 'aa', 'ab', 'ba', 'bb', 'a b', 'aab', 'bab', 'abab', 'aaaa', 'c', '\n'];
    for (const search of searches) {
      const page = await index.page('k', { q: search }, everything, source);
      const expected = held.flatMap((name, i) => (name.includes(search) ? [String(i)] : []));
      expect(
        page!.rows.map((row) => row.id),
        JSON.stringify(search),
      ).toEqual(expected);
      expect(page!.total, JSON.stringify(search)).toBe(expected.length);
    }
    // A search never matches across the end of one name and the start of the next.
    expect((await index.page('k', { q: 'a\nb' }, everything, source))!.total).toBe(0);
    expect((await index.page('k', { q: 'aaab' }, everything, source))!.total).toBe(0);
  });

  it('lower-cases a search beyond ASCII, and matches accents as written', async () => {
    const index = new ListIndex(100);
    const source = {
      load: async () => ({
        version: 1,
        entries: [
          { id: 'a', name: 'crème brûlée', group: null },
          { id: 'b', name: 'éclair', group: null },
        ],
      }),
      fetch: async (ids: string[]) => ({ version: 1, rows: ids.map((id) => ({ id })) }),
    };
    expect((await index.page('k', { q: 'CRÈME' }, everything, source))!.rows).toEqual([{ id: 'a' }]);
    expect((await index.page('k', { q: 'ÉCL' }, everything, source))!.rows).toEqual([{ id: 'b' }]);
    expect((await index.page('k', { q: 'brulee' }, everything, source))!.total).toBe(0);
  });

  it('limits a reader to a group, alone or with a search', async () => {
    const fake = new FakeList([]);
    fake.rows = [
      { id: 'n1', name: 'North Tea', group: 'north' },
      { id: 'n2', name: 'North Coffee', group: 'north' },
      { id: 's1', name: 'South Tea', group: 'south' },
      { id: 'x1', name: 'Nowhere Tea', group: null },
    ];
    const index = new ListIndex(100);
    const ids = async (filter: ListFilter) => {
      const page = await index.page('k', filter, everything, fake.source);
      return { ids: page!.rows.map((row) => row.id), total: page!.total };
    };
    expect(await ids({ group: 'north' })).toEqual({ ids: ['n2', 'n1'], total: 2 });
    expect(await ids({ group: 'south' })).toEqual({ ids: ['s1'], total: 1 });
    expect(await ids({ group: 'north', q: 'tea' })).toEqual({ ids: ['n1'], total: 1 });
    expect(await ids({ group: 'east' })).toEqual({ ids: [], total: 0 });
    expect(await ids({ group: null, q: 'tea' })).toEqual({ ids: ['n1', 'x1', 's1'], total: 3 });
    expect(await ids({})).toEqual({ ids: ['n2', 'n1', 'x1', 's1'], total: 4 });
    expect(fake.loads).toBe(1);
  });
});

describe('keeping current', () => {
  it('reloads when a fetch reports a newer version, and answers from the new copy', async () => {
    const fake = new FakeList(['Apple', 'Banana', 'Cherry']);
    const index = new ListIndex(100);
    expect(await names(index, 'k', fake, { q: 'an' })).toEqual({ names: ['Banana'], total: 1 });
    expect(await names(index, 'k', fake)).toEqual({ names: ['Apple', 'Banana', 'Cherry'], total: 3 });
    expect(fake.loads).toBe(1);

    // Another writer renames Apple (moving it to the end) and adds an entry.
    fake.rename('id-Apple', 'Zucchini');
    fake.rows.push({ id: 'id-Mandarin', name: 'Mandarin', group: null });
    fake.version++;
    expect(await names(index, 'k', fake, {}, { offset: 0, limit: 2 })).toEqual({
      names: ['Banana', 'Cherry'],
      total: 4,
    });
    expect(fake.loads).toBe(2);
    expect(index.size).toBe(4);
    // A search held from before the change is answered from the new copy too.
    expect(await names(index, 'k', fake, { q: 'an' })).toEqual({ names: ['Banana', 'Mandarin'], total: 2 });
    expect(await names(index, 'k', fake, { q: 'apple' })).toEqual({ names: [], total: 0 });
    expect(await names(index, 'k', fake, { q: 'zucc' })).toEqual({ names: ['Zucchini'], total: 1 });
    // Once current, the copy is read again without loading.
    expect(fake.loads).toBe(2);
  });

  it('notices a change on an empty page too, from the version the fetch answers', async () => {
    const fake = new FakeList(['Apple']);
    const index = new ListIndex(100);
    expect(await names(index, 'k', fake, { q: 'kiwi' })).toEqual({ names: [], total: 0 });
    fake.rows.push({ id: 'id-Kiwi', name: 'Kiwi', group: null });
    fake.version++;
    expect(await names(index, 'k', fake, { q: 'kiwi' })).toEqual({ names: ['Kiwi'], total: 1 });
    expect(fake.loads).toBe(2);
  });

  it('gives up re-reading a list that moves on every fetch, answering the latest page read', async () => {
    const fake = new FakeList(['Banana', 'Cherry', 'Date']);
    const index = new ListIndex(100);
    // Every fetch sees a newer list than the one just loaded: an entry was added
    // in between, and Cherry is deleted by the time its row is read.
    let added = 0;
    const source = {
      load: async () => {
        const snapshot = await fake.source.load();
        fake.rows.push({ id: `id-Apple${++added}`, name: `Apple${added}`, group: null });
        fake.version++;
        return snapshot;
      },
      fetch: async (ids: string[]) => {
        const fetched = await fake.source.fetch(ids);
        return fetched && { ...fetched, rows: fetched.rows.filter((r) => r.name !== 'Cherry').reverse() };
      },
    };
    const page = await index.page('k', {}, { offset: 0, limit: 4 }, source);
    expect(fake.loads).toBeGreaterThan(1);
    expect(fake.loads).toBeLessThanOrEqual(5);
    expect(fake.fetches).toBe(fake.loads);
    // The copy loaded last held every Apple added before it, then the three fruits.
    const last = fake.loads - 1;
    const loadedLast = [
      ...Array.from({ length: last }, (_, i) => `Apple${i + 1}`),
      'Banana',
      'Cherry',
      'Date',
    ];
    const asked = loadedLast.slice(0, 4);
    expect(fake.fetched.at(-1)).toEqual(asked.map((name) => `id-${name}`));
    expect(page).toEqual({
      rows: asked.filter((name) => name !== 'Cherry').map((name) => ({ id: `id-${name}`, name })),
      total: loadedLast.length,
    });
    // Calm again: the next read reloads once and is current.
    const loads = fake.loads;
    expect(await names(index, 'k', fake, {}, { offset: 0, limit: 100 })).toMatchObject({
      total: fake.rows.length,
    });
    expect(fake.loads).toBe(loads + 1);
  });
});

describe('loading', () => {
  it('loads a list once for page reads that ask for it at the same time', async () => {
    const fake = new FakeList(['Apple', 'Banana', 'Cherry']);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const source = {
      load: async () => {
        await gate;
        return fake.source.load();
      },
      fetch: fake.source.fetch,
    };
    const index = new ListIndex(100);
    const reads = [
      index.page('k', {}, everything, source),
      index.page('k', { q: 'an' }, everything, source),
      index.page('k', {}, { offset: 2, limit: 1 }, source),
      index.page('k', {}, everything, source),
    ];
    await Promise.resolve();
    release();
    const pages = await Promise.all(reads);
    expect(fake.loads).toBe(1);
    expect(pages.map((page) => page!.rows.map((row) => row.name))).toEqual([
      ['Apple', 'Banana', 'Cherry'],
      ['Banana'],
      ['Cherry'],
      ['Apple', 'Banana', 'Cherry'],
    ]);
    expect(index.size).toBe(3);
    // Another key is a list of its own.
    await index.page('other', {}, everything, fake.source);
    expect(fake.loads).toBe(2);
    expect(index.size).toBe(6);
  });

  it('answers undefined and holds nothing when the load finds no list for the reader', async () => {
    const fake = new FakeList(['Apple']);
    fake.visible = false;
    const index = new ListIndex(100);
    expect(await index.page('k', {}, everything, fake.source)).toBeUndefined();
    expect(fake.fetches).toBe(0);
    expect(index.size).toBe(0);
    // Nothing was held, so the next read loads again.
    fake.visible = true;
    expect(await names(index, 'k', fake)).toEqual({ names: ['Apple'], total: 1 });
    expect(fake.loads).toBe(2);
  });

  it('a reader who joined a load that found nothing for its own reader loads for itself', async () => {
    // The load checks its reader's scope: a stranger's empty answer must not become everyone's.
    const fake = new FakeList(['Apple', 'Banana']);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stranger = {
      load: async () => {
        await gate;
        return undefined;
      },
      fetch: async () => undefined,
    };
    const index = new ListIndex(100);
    const strangerRead = index.page('k', {}, everything, stranger);
    const ownerRead = index.page('k', {}, everything, fake.source);
    release();
    expect(await strangerRead).toBeUndefined();
    const page = await ownerRead;
    expect(page?.rows.map((row) => row.name)).toEqual(['Apple', 'Banana']);
    expect(fake.loads).toBe(1);
  });

  it('answers undefined when the fetch finds no list for the reader, even from a held copy', async () => {
    const fake = new FakeList(['Apple', 'Banana']);
    const index = new ListIndex(100);
    expect((await names(index, 'k', fake))!.total).toBe(2);
    const unseen = { load: fake.source.load, fetch: async () => undefined };
    expect(await index.page('k', {}, everything, unseen)).toBeUndefined();
    expect(await index.page('k', { q: 'zzz' }, everything, unseen)).toBeUndefined();
    expect(await index.page('k', {}, { offset: 50, limit: 5 }, unseen)).toBeUndefined();
  });

  it('a failed load rejects the reads waiting on it and is tried again on the next read', async () => {
    const fake = new FakeList(['Apple']);
    const index = new ListIndex(100);
    const failing = {
      load: async () => {
        fake.loads++;
        throw new Error('connection lost');
      },
      fetch: fake.source.fetch,
    };
    await expect(index.page('k', {}, everything, failing)).rejects.toThrow('connection lost');
    expect(index.size).toBe(0);
    expect(await names(index, 'k', fake)).toEqual({ names: ['Apple'], total: 1 });
    expect(fake.loads).toBe(2);
  });
});

describe('memory', () => {
  const fruits = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it('lets go of the least recently read lists past maxEntries', async () => {
    const index = new ListIndex(10);
    const a = new FakeList(fruits('a', 4));
    const b = new FakeList(fruits('b', 4));
    const c = new FakeList(fruits('c', 4));
    await index.page('a', {}, everything, a.source);
    await index.page('b', {}, everything, b.source);
    expect(index.size).toBe(8);
    // Reading a makes b the least recently read.
    await index.page('a', {}, everything, a.source);
    await index.page('c', {}, everything, c.source);
    expect(index.size).toBe(8);
    expect([a.loads, b.loads, c.loads]).toEqual([1, 1, 1]);

    await index.page('a', {}, everything, a.source);
    await index.page('c', {}, everything, c.source);
    expect([a.loads, c.loads]).toEqual([1, 1]);
    // b was let go: it loads again, and a (now least recently read) goes.
    expect((await index.page('b', {}, everything, b.source))!.total).toBe(4);
    expect(b.loads).toBe(2);
    expect(index.size).toBe(8);
    await index.page('c', {}, everything, c.source);
    expect(c.loads).toBe(1);
    await index.page('a', {}, everything, a.source);
    expect(a.loads).toBe(2);
  });

  it('lets go of as many lists as it takes to fit', async () => {
    const index = new ListIndex(10);
    const small = ['a', 'b', 'c', 'd', 'e'].map((key) => [key, new FakeList(fruits(key, 2))] as const);
    for (const [key, list] of small) await index.page(key, {}, everything, list.source);
    expect(index.size).toBe(10);
    const big = new FakeList(fruits('big', 7));
    await index.page('big', {}, everything, big.source);
    // 10 + 7 entries: the four least recently read lists go, the last one read stays.
    expect(index.size).toBe(9);
    const [, e] = small[4]!;
    await index.page('e', {}, everything, e.source);
    expect(e.loads).toBe(1);
    const [, a] = small[0]!;
    await index.page('a', {}, everything, a.source);
    expect(a.loads).toBe(2);
  });

  it('still holds a single list longer than the limit, alone', async () => {
    const index = new ListIndex(10);
    const small = new FakeList(fruits('s', 3));
    const long = new FakeList(fruits('l', 15));
    await index.page('small', {}, everything, small.source);
    expect(await index.page('long', {}, { offset: 10, limit: 10 }, long.source)).toMatchObject({ total: 15 });
    expect(index.size).toBe(15);
    await index.page('long', {}, { offset: 0, limit: 5 }, long.source);
    await index.page('long', { q: 'l1' }, everything, long.source);
    expect(long.loads).toBe(1);
    // The small list was let go for it, and coming back lets go of the long one.
    await index.page('small', {}, everything, small.source);
    expect(small.loads).toBe(2);
    expect(index.size).toBe(3);
  });

  it('counts a reloaded list once, at its new length', async () => {
    const index = new ListIndex(100);
    const fake = new FakeList(fruits('f', 5));
    await index.page('k', {}, everything, fake.source);
    fake.rows.splice(0, 2);
    fake.version++;
    await index.page('k', {}, everything, fake.source);
    expect(index.size).toBe(3);
    expect(fake.loads).toBe(2);
  });
});

describe('listSource', () => {
  function reads(version: number | undefined, listVersion: number | null) {
    const calls: string[] = [];
    return {
      calls,
      source: listSource({
        version: async () => {
          calls.push('version');
          return version;
        },
        entries: async () => {
          calls.push('entries');
          return [{ id: 'a', name: 'apple', group: null }];
        },
        rows: async (ids) => {
          calls.push(`rows ${ids.join(',')}`);
          return ids.map((id) => ({ id, listVersion }));
        },
      }),
    };
  }

  it('loads the version before the entries, and no entries for a reader who may not see the list', async () => {
    const seen = reads(7, 7);
    expect(await seen.source.load()).toEqual({
      version: 7,
      entries: [{ id: 'a', name: 'apple', group: null }],
    });
    expect(seen.calls).toEqual(['version', 'entries']);
    const unseen = reads(undefined, null);
    expect(await unseen.source.load()).toBeUndefined();
    expect(unseen.calls).toEqual(['version']);
  });

  it('takes the version from the rows, asks for it alone on an empty page, and refuses a null one', async () => {
    const seen = reads(8, 9);
    expect(await seen.source.fetch(['a', 'b'])).toEqual({
      version: 9,
      rows: [
        { id: 'a', listVersion: 9 },
        { id: 'b', listVersion: 9 },
      ],
    });
    expect(await seen.source.fetch([])).toEqual({ version: 8, rows: [] });
    expect(seen.calls).toEqual(['rows a,b', 'version']);
    expect(await reads(8, null).source.fetch(['a'])).toBeUndefined();
    expect(await reads(undefined, null).source.fetch([])).toBeUndefined();
  });
});
