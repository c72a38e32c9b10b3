/**
 * Sends run in the background of the process that accepted them (ADR 0017):
 * the audience is read a page at a time and delivered by a fixed number of
 * workers, so memory stays flat whatever its size; counts are written to the
 * send's row (with a live event) about once a second.
 */
import type { PushPayload } from '@storedesk/shared/push/schemas';
import type { Database } from '#server/db/client.ts';
import type { Delivery, PushSender, PushTarget } from '#server/web-push/sender.ts';
import * as repo from './push.repository.ts';

export type SendingOptions = {
  /** Pushes in flight at once. */
  concurrency: number;
  /** Subscriptions read from the database at a time. */
  pageSize: number;
  /** How often the counts are written while they change. */
  progressEveryMs: number;
  /** How often a running send writes even when nothing changed, as a sign of life. */
  heartbeatEveryMs: number;
};

export const defaultSendingOptions: SendingOptions = {
  concurrency: 50,
  pageSize: 500,
  progressEveryMs: 1000,
  heartbeatEveryMs: 60_000,
};

/**
 * A send that has shown no sign of life (start, progress or heartbeat) for
 * this long is taken to have lost its process, and is ended as 'failed'.
 * It is well above the heartbeat and a push's deadline.
 */
export const abandonedAfterSeconds = 5 * 60;

export type SendJob = {
  id: string;
  businessId: string;
  createdAt: Date;
  payload: PushPayload;
};

type Log = { error: (obj: unknown, msg?: string) => void };

export class PushSending {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Database,
    private readonly sender: () => Promise<PushSender>,
    private readonly log: Log,
    private readonly options: SendingOptions = defaultSendingOptions,
  ) {}

  /** Starts delivering a recorded send; returns at once. */
  start(job: SendJob): void {
    const run = this.run(job)
      .catch((error: unknown) => this.log.error({ err: error, sendId: job.id }, 'a push send stopped'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Sends still running. */
  get active(): number {
    return this.running.size;
  }

  /**
   * Stops taking new pushes, lets those in flight finish, and records each
   * unfinished send as 'failed' with the counts it reached.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running]);
  }

  /** The audience, a page at a time, reading the next page while this one is delivered. */
  private async *audience(job: SendJob): AsyncGenerator<repo.SubscriptionRow> {
    const page = (after: string | null) =>
      repo.findSubscriptionPage(this.db, job.businessId, job.createdAt, after, this.options.pageSize);
    let current = await page(null);
    while (current.length > 0) {
      const next = current.length === this.options.pageSize ? page(current.at(-1)!.endpoint) : null;
      // Read ahead, but never leave a rejected read-ahead unhandled if the send stops first.
      next?.catch(() => undefined);
      yield* current;
      current = next ? await next : [];
    }
  }

  private async run(job: SendJob): Promise<void> {
    const counts: repo.Progress = { delivered: 0, failed: 0 };
    let gone: string[] = [];
    let written = { ...counts };
    let lastWrite = Date.now();
    let endedElsewhere = false;
    let exhausted = false;
    let writes: Promise<unknown> = Promise.resolve();

    /** Writes the counts (and removes gone subscriptions); writes are chained so they land in order. */
    const write = (status?: 'sent' | 'failed') => {
      const snapshot = { ...counts };
      const removals = gone;
      gone = [];
      written = snapshot;
      lastWrite = Date.now();
      const done = writes.then(async () => {
        await repo.deleteSubscriptionsById(this.db, job.businessId, removals);
        const still = await repo.recordProgress(this.db, job.businessId, job.id, snapshot, status);
        if (!still) endedElsewhere = true;
      });
      // A failed write is reported by its caller; the next one still runs.
      writes = done.catch(() => undefined);
      return done;
    };

    const ticker = setInterval(() => {
      const changed = counts.delivered !== written.delivered || counts.failed !== written.failed;
      if (changed || Date.now() - lastWrite >= this.options.heartbeatEveryMs) {
        write().catch((error: unknown) =>
          this.log.error({ err: error, sendId: job.id }, 'push progress not written'),
        );
      }
    }, this.options.progressEveryMs);

    const payload = JSON.stringify(job.payload);
    let failure: unknown;
    try {
      const sender = await this.sender();
      const audience = this.audience(job);
      const worker = async () => {
        try {
          while (!this.stopping && !endedElsewhere && failure === undefined) {
            const next = await audience.next();
            if (next.done) {
              exhausted = true;
              return;
            }
            const target: PushTarget = next.value;
            const result: Delivery = await sender.send(target, payload);
            if (result === 'delivered') counts.delivered++;
            else counts.failed++;
            if (result === 'gone') gone.push(next.value.id);
          }
        } catch (error) {
          failure ??= error;
        }
      };
      // Every worker finishes its push in flight before the send ends, so each push is counted.
      await Promise.all(Array.from({ length: this.options.concurrency }, worker));
    } finally {
      clearInterval(ticker);
      // A send that could not finish (stopped, or its audience unreadable) ends as 'failed' with what it reached.
      await writes;
      if (!endedElsewhere) await write(exhausted && failure === undefined ? 'sent' : 'failed');
    }
    if (failure !== undefined) throw failure;
  }
}
