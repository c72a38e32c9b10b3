import { businessClock } from '@storedesk/shared/dates';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError } from '#server/lib/errors.ts';
import * as repo from './limits.repository.ts';

/**
 * Limits on guesses at a secret and on sends (ADR 0054). An attempt is counted before anything is
 * judged or sent, in one statement that answers the new counts, and refused when any count is past
 * its limit: however many attempts arrive at once, no more are judged than the limit allows one at
 * a time. An attempt that turns out not to be a failure (the right secret) is taken back.
 */

/** Every count is kept over this window, from its first attempt. */
export const limitWindowMs = 15 * 60 * 1000;

/** A key to count the attempt on, and how many attempts it allows in a window (Infinity: counted only). */
export type Limit = { key: string; max: number };

/** Seconds until a count whose window started at `windowStartedAt` is forgotten. */
export const retryAfterSeconds = (windowStartedAt: Date) =>
  Math.max(1, Math.ceil((windowStartedAt.getTime() + limitWindowMs - Date.now()) / 1000));

/** 429 with the message and the seconds until the count that started at `windowStartedAt` is forgotten. */
export const tooMany = (message: string, windowStartedAt: Date) =>
  new AppError('rate_limited', message, {
    headers: { 'retry-after': String(retryAfterSeconds(windowStartedAt)) },
  });

/** An attempt counted on its keys, allowed by every limit. */
export class Attempt {
  constructor(
    private readonly db: Executor,
    readonly counts: repo.Counted[],
  ) {}

  /** This attempt's count on a key, itself included. */
  countOf(key: string): number {
    return this.counts.find((counted) => counted.key === key)?.count ?? 0;
  }

  /** When the window of a key's count started. */
  windowOf(key: string): Date {
    return this.counts.find((counted) => counted.key === key)?.windowStartedAt ?? new Date();
  }

  /** The secret was right: the attempt no longer counts against these keys (all of its own by default). */
  release(keys: string[] = this.counts.map((counted) => counted.key)): Promise<void> {
    return repo.uncountAttempt(this.db, keys);
  }

  /** The secret was right: takes the attempt back from `release` and forgets `forget`'s counts altogether, in one statement. */
  settle(keys: { release: string[]; forget: string[] }): Promise<void> {
    return repo.settleAttempt(this.db, keys);
  }
}

/**
 * Counts an attempt on every limit's key, then refuses it (429 with `message` and Retry-After)
 * when any count is past its limit. The refused attempt stays counted, as a failure would.
 */
export async function reserveAttempt(db: Executor, limits: Limit[], message: string): Promise<Attempt> {
  const counts = await repo.countAttempt(
    db,
    limits.map((limit) => limit.key),
    new Date(Date.now() - limitWindowMs),
  );
  const over = counts.find(
    (counted) => counted.count > (limits.find((l) => l.key === counted.key)?.max ?? 0),
  );
  if (over) throw tooMany(message, over.windowStartedAt);
  return new Attempt(db, counts);
}

/** Forgets these keys' counts altogether (a right password clears its account's failures). */
export const clearCounts = (db: Executor, keys: string[]) => repo.deleteCounts(db, keys);

/** Deletes counts whose window has passed. */
export const pruneCounts = (db: Database) => repo.deleteStaleCounts(db, new Date(Date.now() - limitWindowMs));

/**
 * Counts a text of the business against its daily ceiling (Settings › Others) before it is sent;
 * 429 with `message` once the day's ceiling is reached, until the business's midnight.
 */
export async function reserveText(db: Executor, business: { id: string; timeZone: string }, message: string) {
  const businessId = business.id;
  if ((await repo.countText(db, businessId)) === null) {
    const untilMidnight = (24 * 60 - businessClock(new Date(), business.timeZone).minute) * 60;
    throw new AppError('rate_limited', message, { headers: { 'retry-after': String(untilMidnight) } });
  }
  return { release: () => repo.uncountText(db, businessId) };
}

/** Days a business's count of texts is kept: today's is the one judged; the month before stays to look back on. */
export const textCountRetentionDays = 35;

/** Deletes the counts of texts of days over `textCountRetentionDays` ago. */
export const pruneTextCounts = (db: Database, now = new Date()) =>
  repo.deleteTextCountsBefore(
    db,
    new Date(now.getTime() - textCountRetentionDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
  );

/** The business's texts today, on its own clock, and its daily ceiling. */
export async function textsToday(db: Executor, businessId: string) {
  const row = await repo.findTextsToday(db, businessId);
  return { day: row?.day ?? '', sent: Number(row?.sent ?? 0), limit: Number(row?.limit ?? 0) };
}
