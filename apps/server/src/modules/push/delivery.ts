import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { PushSender, type VapidKeys } from '#server/web-push/sender.ts';
import { loadVapidKeys } from './vapid.ts';

/**
 * The server's VAPID keys and its push sender, made once per process and shared by what sends
 * pushes: the console's sends to every customer, and each customer's own order news.
 */
export type PushDelivery = {
  vapidKeys: () => Promise<VapidKeys>;
  senderOf: () => Promise<PushSender>;
  /** Push services a subscription may name beyond the well-known ones (PUSH_ENDPOINT_ALLOWLIST). */
  allowlist: ReadonlySet<string>;
  close: () => void;
};

export function createPushDelivery(db: Database, config: Config): PushDelivery {
  // Made at the first start and kept in the database, unless the environment gives them; read on first use,
  // so the app builds (and answers /api/health with 503) while the database is down.
  let keys: Promise<VapidKeys> | undefined;
  const vapidKeys = () => {
    keys ??= loadVapidKeys(db, config.vapidKeys).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  const allowlist = new Set(config.pushEndpointAllowlist);
  let sender: PushSender | undefined;
  const senderOf = async () => {
    const pair = await vapidKeys();
    sender ??= new PushSender({ vapid: { ...pair, subject: config.vapidSubject }, allowlist });
    return sender;
  };
  return { vapidKeys, senderOf, allowlist, close: () => sender?.close() };
}
