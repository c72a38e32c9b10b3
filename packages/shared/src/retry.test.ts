import { describe, expect, it, vi } from 'vitest';
import { backoffMs, retry } from './retry.ts';

describe('backoffMs', () => {
  it('starts at the first wait, doubles, and stops at the most', () => {
    const waits = { firstMs: 100, maxMs: 5000 };
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((attempt) => backoffMs(attempt, waits))).toEqual([
      100, 200, 400, 800, 1600, 3200, 5000, 5000,
    ]);
  });
});

describe('retry', () => {
  it('tries once more per wait, tells each failure with the wait that follows, and rethrows the last', async () => {
    const failures: Array<[string, number, number | null]> = [];
    let tries = 0;
    await expect(
      retry(
        async (tryNumber) => {
          tries++;
          throw new Error(`try ${tryNumber}`);
        },
        {
          waitsMs: [1, 2],
          onFailure: (error, failed, next) => failures.push([(error as Error).message, failed, next]),
        },
      ),
    ).rejects.toThrow('try 3');
    expect(tries).toBe(3);
    expect(failures).toEqual([
      ['try 1', 1, 1],
      ['try 2', 2, 2],
      ['try 3', 3, null],
    ]);
  });

  it('answers the first success, and takes the waits from a function', async () => {
    const asked: number[] = [];
    const result = await retry(
      async (tryNumber) => {
        if (tryNumber < 4) throw new Error('not yet');
        return `after ${tryNumber}`;
      },
      {
        waitsMs: (failed) => {
          asked.push(failed);
          return 0;
        },
      },
    );
    expect(result).toBe('after 4');
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops waiting the moment its signal is aborted, with the signal’s reason', async () => {
    const stop = new AbortController();
    let tries = 0;
    let waiting = false;
    const running = retry(
      async () => {
        tries++;
        throw new Error('down');
      },
      {
        firstWaitMs: 0,
        // Asked for the wait as it begins it: from then on it waits.
        waitsMs: () => {
          waiting = true;
          return 60_000;
        },
        signal: stop.signal,
      },
    );
    await vi.waitFor(() => expect(waiting).toBe(true));
    stop.abort(new Error('stopped'));
    await expect(running).rejects.toThrow('stopped');
    expect(tries).toBe(1);
  });
});
