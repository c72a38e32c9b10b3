import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';

/** The staff member a request acts for, as the audit log names them (ADR 0047). */
export type Actor = { id: string; name: string; ip: string };

const requests = new AsyncLocalStorage<{ actor: Actor | null }>();

/**
 * Runs the rest of a request inside its own context, whose actor the access layer names once the
 * session is known: every transaction the request opens then records its writes under that actor.
 */
export function withRequestContext(next: () => void): void {
  requests.run({ actor: null }, next);
}

/** Names the actor of the current request (called by the access layer). */
export function setRequestActor(actor: Actor): void {
  const context = requests.getStore();
  if (context) context.actor = actor;
}

/** The actor of the current request, or null outside a staff request (customers, jobs, tests' direct writes). */
export function currentActor(): Actor | null {
  return requests.getStore()?.actor ?? null;
}

/**
 * For a write made as one statement outside a transaction (a hot path that saves the round trips
 * of BEGIN and COMMIT): a condition, always true, that names the request's actor for the
 * statement's own transaction, so the audit log's triggers record it as a transaction's would.
 */
export function namesActor(): SQL {
  const actor = currentActor();
  return actor
    ? sql`(SELECT set_config('storedesk.actor', ${JSON.stringify(actor)}, true)) IS NOT NULL`
    : sql`true`;
}
