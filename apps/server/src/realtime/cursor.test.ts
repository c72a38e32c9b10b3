import { describe, expect, it } from 'vitest';
import { CURSOR_MAX_TX, CursorTracker, parseCursor, parseSnapshot, visibleIn } from './cursor.ts';

describe('a snapshot', () => {
  it('reads the text form of pg_snapshot, and nothing else', () => {
    expect(parseSnapshot('10:20:12,15')).toEqual({ xmin: 10n, xmax: 20n, xip: new Set([12n, 15n]) });
    expect(parseSnapshot('10:10:')).toEqual({ xmin: 10n, xmax: 10n, xip: new Set() });
    for (const bad of [null, undefined, '', '10:20', 'a:b:', '10:20:1,,2'])
      expect(parseSnapshot(bad)).toBeNull();
  });

  it('sees what had ended below xmin, and below xmax but for what was running', () => {
    const snapshot = parseSnapshot('10:20:12,15')!;
    expect([9n, 10n, 11n, 12n, 15n, 19n, 20n, 25n].map((tx) => visibleIn(tx, snapshot))).toEqual([
      true,
      true,
      true,
      false,
      false,
      true,
      false,
      false,
    ]);
  });
});

describe('a cursor as Last-Event-ID', () => {
  it('reads an id alone (as every client before sent it), or an id and transactions', () => {
    expect(parseCursor('1234')).toEqual({ lastId: 1234, seenTx: [] });
    expect(parseCursor('1234.881.884')).toEqual({ lastId: 1234, seenTx: ['881', '884'] });
    expect(parseCursor(undefined)).toEqual({ lastId: 0, seenTx: [] });
  });
});

describe('the cursor of a reader', () => {
  const event = (id: number, tx: string, snapshot: string | null = null) => ({ id, tx, snapshot });

  it('is the highest id when events come in the order of their ids, none running under another', () => {
    const tracker = new CursorTracker();
    expect(tracker.note(event(1, '100', '100:100:'))).toBe('1');
    expect(tracker.note(event(2, '101', '101:101:'))).toBe('2');
  });

  it('names a transaction that was running when the highest was written and reached the reader before it', () => {
    const tracker = new CursorTracker();
    tracker.note(event(1, '100', '100:100:'));
    // Event 2 was written while 100 ran (100 in its snapshot's running set); 100 committed first.
    expect(tracker.note(event(2, '101', '100:101:100'))).toBe('2.100');
  });

  it('names one that reached the reader after the highest, and forgets both when a later one saw them end', () => {
    const tracker = new CursorTracker();
    expect(tracker.note(event(5, '105', '104:105:104'))).toBe('5');
    expect(tracker.note(event(4, '104', '104:104:'))).toBe('5.104');
    expect(tracker.note(event(6, '106', '106:106:'))).toBe('6');
  });

  it('leaves out what it cannot tell, so that it is sent again rather than lost', () => {
    const tracker = new CursorTracker();
    tracker.note(event(1, '100', '100:100:'));
    // No snapshot announced (too long): no transaction named.
    expect(tracker.note(event(2, '101', null))).toBe('2');
    // At most CURSOR_MAX_TX transactions are named.
    const many = new CursorTracker();
    const running = Array.from({ length: 100 }, (_, i) => String(1000 + i));
    running.forEach((tx, i) => many.note(event(i + 1, tx, '1000:1000:')));
    const cursor = many.note(event(200, '2000', `1000:2000:${running.join(',')}`));
    expect(cursor.split('.')).toHaveLength(1 + CURSOR_MAX_TX);
    expect(parseCursor(cursor).lastId).toBe(200);
  });

  it('starts from where a reconnecting reader stood', () => {
    const tracker = new CursorTracker(parseCursor('7.300'));
    expect(tracker.cursor).toBe('7.300');
    expect(tracker.note(event(6, '301'))).toBe('7.300.301');
  });
});
