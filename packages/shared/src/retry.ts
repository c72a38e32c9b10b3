/**
 * Trying again after a failure, written once: the server's mail, its embedded
 * database and its live-event listener, and the console's live stream, all
 * wait by these rules.
 */

/** The wait before try `attempt` (0 for the first retry): `firstMs`, doubling each time, at most `maxMs`. */
export function backoffMs(attempt: number, { firstMs, maxMs }: { firstMs: number; maxMs: number }): number {
  return Math.min(maxMs, firstMs * 2 ** Math.min(attempt, 30));
}

export type RetryOptions = {
  /** How long to wait before the first try; none by default. */
  firstWaitMs?: number;
  /**
   * How long to wait before each try after the first: one entry per retry, so `waitsMs.length + 1`
   * tries; or the wait after `failedTries` failures, null to give up.
   */
  waitsMs: readonly number[] | ((failedTries: number) => number | null);
  /** Told of each failure: the error, how many tries have failed, and the wait before the next (null: none). */
  onFailure?: (error: unknown, failedTries: number, nextWaitMs: number | null) => void;
  /** Stops the waiting: the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
};

/** Waits `ms`, or rejects with the signal's reason as soon as it is aborted. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, waiting `waitsMs[i]` before try i + 2;
 * rethrows the last failure once every wait has been used.
 */
export async function retry<T>(
  attempt: (tryNumber: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const waitAfter = (failed: number) =>
    typeof options.waitsMs === 'function' ? options.waitsMs(failed) : (options.waitsMs[failed - 1] ?? null);
  if (options.firstWaitMs !== undefined) await wait(options.firstWaitMs, options.signal);
  for (let failed = 0; ; failed++) {
    if (options.signal?.aborted) throw options.signal.reason;
    try {
      return await attempt(failed + 1);
    } catch (error) {
      const next = waitAfter(failed + 1);
      options.onFailure?.(error, failed + 1, next);
      if (next === null) throw error;
      await wait(next, options.signal);
    }
  }
}
