import type { DeliveryOrder } from '@storedesk/shared/delivery/schemas';
import { orderStatusLabels, type OrderStatus } from '@storedesk/shared/orders';
import { asApiError, type ApiError } from '@storedesk/web/api';

/*
 * Status changes wait in a queue on the phone until the server has them, so one made in a lift
 * or a basement is sent once the phone is back online, with the version it was made on. The
 * queue's rules are here, without React or storage, so that they can be tested on their own.
 */

export type StatusChange = {
  /** Tells this change from another of the same order. */
  id: string;
  orderId: string;
  number: number;
  status: typeof OrderStatus.PickedUp | typeof OrderStatus.Delivered;
  /**
   * The order's version the change was made on. A change made while an earlier one of the same
   * order still waited (Picked Up, then Delivered) gets the version the server answers that one with.
   */
  version: number;
  code?: string;
  cashCollected?: boolean;
  queuedAt: number;
};

/** What became of a change the server did not take: shown on the order until dismissed. */
export type Notice = {
  orderId: string;
  number: number;
  kind: 'conflict' | 'gone' | 'refused';
  /** In English: the server's words for a refusal; the app shows its own for the others, in its language. */
  message: string;
  /** A conflict's order status now, when the server said. */
  status?: number;
  /** The delivery code was wrong or missing: the order page asks for it again. */
  field?: 'code';
};

export const noLongerYours = 'This order is no longer yours';

/** The queue with a new change at its end. */
export function enqueue(queue: StatusChange[], change: StatusChange): StatusChange[] {
  return [...queue, change];
}

/** The last change of an order still waiting to be sent, if any. */
export function pendingFor(queue: StatusChange[], orderId: string): StatusChange | undefined {
  return queue.findLast((change) => change.orderId === orderId);
}

/** The status to show for an order: its waiting change's, or the server's. */
export function shownStatus(order: { id: string; status: number }, queue: StatusChange[]): number {
  return pendingFor(queue, order.id)?.status ?? order.status;
}

/**
 * Whether a refusal may pass by itself, so the change stays queued and is sent again later: no
 * network, a server or proxy failure, a session to sign in again to (the change is sent once the
 * executive is back).
 */
export function isPassing(error: ApiError): boolean {
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status >= 500;
}

const statusLabel = (status: unknown) =>
  orderStatusLabels[status as OrderStatus] ?? (typeof status === 'number' ? `status ${status}` : 'changed');

/** How a refusal of the server reads on the order. */
export function noticeFor(change: StatusChange, error: ApiError): Notice {
  const base = { orderId: change.orderId, number: change.number };
  if (error.status === 409) {
    const current = error.current as Partial<DeliveryOrder> | undefined;
    return {
      ...base,
      kind: 'conflict',
      message: `Changed meanwhile: now ${statusLabel(current?.status)}`,
      ...(typeof current?.status === 'number' ? { status: current.status } : {}),
    };
  }
  if (error.status === 404) return { ...base, kind: 'gone', message: noLongerYours };
  const code = error.fields?.code;
  if (code) return { ...base, kind: 'refused', message: code, field: 'code' };
  return { ...base, kind: 'refused', message: error.message };
}

export type SendOutcome =
  | { ok: true; order: DeliveryOrder }
  | { ok: false; passing: true }
  | { ok: false; passing: false; notice: Notice; current?: DeliveryOrder };

/**
 * What a send came to. A 409 whose order is already where the change took it is a success: the
 * change was taken before, and only its answer was lost on the way back.
 */
export async function sendChange(
  change: StatusChange,
  send: (change: StatusChange) => Promise<DeliveryOrder>,
): Promise<SendOutcome> {
  try {
    return { ok: true, order: await send(change) };
  } catch (failure) {
    const error = asApiError(failure);
    if (isPassing(error)) return { ok: false, passing: true };
    const current =
      error.status === 409 && typeof error.current === 'object' && error.current !== null
        ? (error.current as DeliveryOrder)
        : undefined;
    if (current && current.status === change.status) return { ok: true, order: current };
    return { ok: false, passing: false, notice: noticeFor(change, error), ...(current ? { current } : {}) };
  }
}

/**
 * The queue once its first change is settled: taken (the next change of that order gets the
 * version it was answered with) or refused for good (the order's later changes go with it, as they
 * built on it).
 */
export function settle(queue: StatusChange[], change: StatusChange, outcome: SendOutcome): StatusChange[] {
  const rest = queue.filter((waiting) => waiting.id !== change.id);
  if (outcome.ok) {
    const next = rest.find((waiting) => waiting.orderId === change.orderId);
    return rest.map((waiting) =>
      waiting === next ? { ...waiting, version: outcome.order.version } : waiting,
    );
  }
  return rest.filter((waiting) => waiting.orderId !== change.orderId);
}

export type QueueStore = {
  read: () => StatusChange[];
  write: (queue: StatusChange[]) => void;
};

/**
 * Sends the queued changes one by one, oldest first, until the queue is empty or a send fails for
 * a passing reason (then the rest wait for the next try). The queue is read anew before each send,
 * so a change queued meanwhile is kept. Answers the orders as the server answered them and the
 * notices of refusals.
 */
export async function flushQueue(
  store: QueueStore,
  send: (change: StatusChange) => Promise<DeliveryOrder>,
): Promise<{ answered: DeliveryOrder[]; notices: Notice[]; waiting: number }> {
  const answered: DeliveryOrder[] = [];
  const notices: Notice[] = [];
  for (;;) {
    const change = store.read()[0];
    if (!change) return { answered, notices, waiting: 0 };
    const outcome = await sendChange(change, send);
    if (!outcome.ok && outcome.passing) return { answered, notices, waiting: store.read().length };
    store.write(settle(store.read(), change, outcome));
    if (outcome.ok) answered.push(outcome.order);
    else {
      notices.push(outcome.notice);
      if (outcome.current) answered.push(outcome.current);
    }
  }
}
