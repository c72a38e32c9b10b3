import { describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from './events.repository.ts';
import { SessionWatch, type SessionCheck } from './session-watch.ts';

const log = { warn: vi.fn() };

const sessionEnded = (sessionId: string, topic = 'session'): StoredEvent => ({
  id: 1,
  business_id: 'b',
  zone_id: null,
  topic,
  action: 'ended',
  record_id: null,
  session_id: sessionId,
  customer_id: null,
  executive_ids: null,
  data: null,
  created_at: '2026-11-27T00:00:00Z',
  tx: null,
  snapshot: null,
});

describe('the sessions of open streams', () => {
  it('one sweep asks once per kind for every stream open, and closes the streams of sessions that ended', async () => {
    const watch = new SessionWatch(log);
    const asked: string[][] = [];
    const staff: SessionCheck = async (ids) => {
      asked.push(ids);
      return new Set(ids.filter((id) => id !== 's2'));
    };
    const customers: SessionCheck = async (ids) => {
      asked.push(ids);
      return new Set(ids);
    };
    const closed: string[] = [];
    for (const [id, check] of [
      ['s1', staff],
      ['s2', staff],
      ['s3', staff],
      ['c1', customers],
    ] as const) {
      watch.watch({ id, check }, () => closed.push(id));
    }
    // Two streams of one session: both close with it, and it is asked for once.
    watch.watch({ id: 's2', check: staff }, () => closed.push('s2 again'));

    await watch.sweep();
    expect(asked).toEqual([['s1', 's2', 's3'], ['c1']]);
    expect(closed).toEqual(['s2', 's2 again']);
    expect(watch.size).toBe(3);

    await watch.sweep();
    expect(asked.at(-2)).toEqual(['s1', 's3']);
  });

  it('a session-ended event closes its streams at once; other events and sessions are left', () => {
    const watch = new SessionWatch(log);
    const check: SessionCheck = async (ids) => new Set(ids);
    const closed: string[] = [];
    watch.watch({ id: 'a', check }, () => closed.push('a'));
    watch.watch({ id: 'b', check }, () => closed.push('b'));
    watch.noteEvent(sessionEnded('a', 'orders'));
    expect(closed).toEqual([]);
    watch.noteEvent(sessionEnded('a'));
    expect(closed).toEqual(['a']);
    expect(watch.size).toBe(1);
  });

  it('a stream that closes is no longer asked about', async () => {
    const watch = new SessionWatch(log);
    const asked: string[][] = [];
    const check: SessionCheck = async (ids) => {
      asked.push(ids);
      return new Set(ids);
    };
    const unwatch = watch.watch({ id: 'a', check }, () => undefined);
    watch.watch({ id: 'b', check }, () => undefined);
    unwatch();
    await watch.sweep();
    expect(asked).toEqual([['b']]);
  });

  it('a check that fails keeps the streams, and the next sweep asks again', async () => {
    const watch = new SessionWatch(log);
    let down = true;
    const check: SessionCheck = async (ids) => {
      if (down) throw new Error('Connection terminated unexpectedly');
      return new Set<string>(ids.filter(() => false));
    };
    const closed: string[] = [];
    watch.watch({ id: 'a', check }, () => closed.push('a'));
    await watch.sweep();
    expect(closed).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), 'checking the sessions of live streams failed');
    down = false;
    await watch.sweep();
    expect(closed).toEqual(['a']);
  });
});
