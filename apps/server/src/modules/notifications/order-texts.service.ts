/**
 * Order updates to customers by text (B19, ADR 0075). A change of an order's status that its
 * business texts is queued in the statement that changes it (the trigger of routines.sql); this
 * sender claims what is due, texts it through the server's SMS sender (Twilio, or the outbox),
 * within the business's daily ceiling of texts, and records each outcome on the order's timeline. A
 * send that fails is tried again with backoff, up to `MAX_TRIES`; one the ceiling refuses is not.
 * Sending never holds up the status change: it runs beside it, after it commits.
 */
import { orderTextNotes } from '@storedesk/shared/settings/notifications';
import { orderUpdateText, updateNews, type OrderUpdateEvent } from '@storedesk/shared/storefront/order-news';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/errors.ts';
import { reserveText } from '#server/modules/limits/limits.service.ts';
import type { SmsSender } from '#server/sms/sms.ts';
import * as repo from './order-texts.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Order updates to customers by text (ADR 0075); main starts its rounds. */
    orderTexts: OrderTexts;
  }
}

type Log = {
  info: (obj: unknown, msg?: string) => void;
  warn: (obj: unknown, msg?: string) => void;
};

/** Messages claimed per round. */
const BATCH = 50;
/** Messages of a round sent at once. */
const SENDS_AT_ONCE = 8;
/** Sends of one message before it is given up on. */
export const MAX_TRIES = 6;
/** Seconds before the next try of a message that failed `tries` times: 10 s, 30 s, 90 s … */
export const retryDelaySeconds = (tries: number) => 10 * 3 ** (tries - 1);
/** Days a settled message is kept (its timeline row stays). */
const KEEP_DAYS = 35;

/** What a queued message tells, for its words. */
function eventOf(message: repo.DueMessage): OrderUpdateEvent {
  if (message.kind === 'REFUNDED') return { kind: 'REFUNDED', amountPaise: message.amountPaise ?? 0 };
  if (message.kind === 'ITEMS') return { kind: 'ITEMS', billAmountPaise: message.billAmountPaise };
  return { kind: 'STATUS' };
}

export class OrderTexts {
  constructor(
    private readonly db: Database,
    private readonly sms: SmsSender,
    /** Where the business's customer app lives: the link to follow the order (never a request's Host). */
    private readonly shopOrigin: (business: { slug: string; shopDomain: string | null }) => string,
    private readonly log: Log,
  ) {}

  /** Sends what is due now; answers how many messages it claimed. */
  async sendDue(): Promise<number> {
    const due = await repo.claimDue(this.db, BATCH);
    // A few at once: each waits mostly on the provider and the database, not on this process.
    const queue = [...due];
    const sent: Array<{ id: string; note: string }> = [];
    await Promise.all(
      Array.from({ length: Math.min(SENDS_AT_ONCE, queue.length) }, async () => {
        for (let message = queue.shift(); message; message = queue.shift()) {
          try {
            const note = await this.send(message);
            if (note !== null) sent.push({ id: message.id, note });
          } catch (error) {
            // One message's trouble (the database, mid-send) holds up none of the others; its
            // claim passes and it is tried again.
            this.log.warn({ err: error, messageId: message.id }, 'an order update could not be handled');
          }
        }
      }),
    );
    // Recorded together, whatever became of the others: a text sent whose record is lost (the
    // process dies here) is sent again once its claim passes, the rarer harm than one never sent.
    await repo.settleSent(this.db, sent);
    return due.length;
  }

  /** Texts one message; answers its timeline note when sent, null when it failed (and is recorded so). */
  private async send(message: repo.DueMessage): Promise<string | null> {
    const scope = { businessId: message.businessId };
    const order = { number: message.number, status: message.status, storeName: message.storeName };
    let reservation: { release: () => Promise<unknown> };
    try {
      // A server without a WhatsApp sender cannot send one however often it tries.
      if (message.channel === 'WHATSAPP' && !this.sms.whatsapp) {
        await this.db.transaction((tx) =>
          repo.giveUp(tx, scope, message, { error: 'no WhatsApp sender', note: orderTextNotes.noWhatsApp }),
        );
        return null;
      }
      reservation = await reserveText(
        this.db,
        { id: message.businessId, timeZone: message.timeZone },
        orderTextNotes.ceiling(message.channel),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
      await this.db.transaction((tx) =>
        repo.giveUp(tx, scope, message, { error: 'ceiling', note: orderTextNotes.ceiling(message.channel) }),
      );
      return null;
    }
    const link = `${this.shopOrigin(message)}/orders/${message.orderId}`;
    try {
      await this.sms.send({
        to: message.toPhone,
        text: orderUpdateText(order, message.businessName, link, message.language, eventOf(message)),
        channel: message.channel,
      });
    } catch (error) {
      await reservation.release();
      const reason = error instanceof Error ? error.message : String(error);
      if (message.tries >= MAX_TRIES) {
        await this.db.transaction((tx) =>
          repo.giveUp(tx, scope, message, {
            error: reason,
            note: orderTextNotes.gaveUp(message.channel, message.tries, reason),
          }),
        );
        return null;
      }
      this.log.warn(
        { err: error, messageId: message.id },
        'an order update was not texted; it is tried again',
      );
      await repo.retryLater(this.db, scope, message.id, retryDelaySeconds(message.tries), reason);
      return null;
    }
    // The timeline is the staff's: it names the update in English, whatever the customer's language.
    return orderTextNotes.sent(message.channel, updateNews(order, eventOf(message)).title);
  }
}

/** Forgets messages settled long ago (the housekeeping's). */
export const pruneOrderTexts = (db: Database) => repo.deleteSettledBefore(db, KEEP_DAYS);

/**
 * Sends order updates every `everyMs` (250 ms) until stopped, one round at a time, each until nothing
 * more is due; a round that fails is logged.
 */
export function startOrderTexts(texts: OrderTexts, log: Log, everyMs = 250): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    (async () => {
      // A full batch means more may be due: the round goes on until the queue has caught up.
      while ((await texts.sendDue()) === BATCH);
    })()
      .catch((error: unknown) => log.warn({ err: error }, 'order updates were not sent'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
