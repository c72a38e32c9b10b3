import type { DeliverySession } from '@storedesk/shared/delivery/schemas';
import { persisted } from '@storedesk/web/persisted';

/** The signed-in executive, their business and duty, and the token every call sends; or null. */
export type Session = DeliverySession & { token: string };

export const session = persisted<Session | null>('storedesk:deliver:session', null);

/** The session with what the server said of it since (GET /session, PUT /duty). */
export function updateSession(change: Partial<DeliverySession>) {
  const now = session.get();
  if (now) session.set({ ...now, ...change });
}

/** Who last signed in on this phone: changes they left waiting are not another executive's. */
export const lastExecutive = persisted<string | null>('storedesk:deliver:last-executive', null);
