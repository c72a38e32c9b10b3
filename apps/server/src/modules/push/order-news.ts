import type { PushPayload } from '@storedesk/shared/push/schemas';
import { orderNews } from '@storedesk/shared/storefront/order-news';
import { cashToCollectPaise, deliverPath } from '@storedesk/shared/delivery/rules';
import { formatRupees } from '@storedesk/shared/money';
import type { Database } from '#server/db/client.ts';
import type { PushSender } from '#server/web-push/sender.ts';
import {
  deleteSubscriptionsById,
  findCustomerDevicesOfOrder,
  findExecutiveDevicesOfOrder,
} from './push.repository.ts';

type Log = { error: (obj: unknown, msg?: string) => void };

/** Devices of one customer a change notifies at most (a customer has a phone or two). */
const DEVICES_MAX = 10;

/**
 * A push to the customer's own devices when their order changes status (ADR 0039): what the
 * order's page says of it, opening that page when tapped. Sent after the change is committed, by
 * the process that made it, in the background; a push that fails is not tried again (the app
 * shows the status live, and on its next opening).
 */
export class OrderNews {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly sender: () => Promise<PushSender>,
    private readonly log: Log,
  ) {}

  /** Tells the order's customer of its status as it is now; returns at once. */
  orderChanged(businessId: string, orderId: string): void {
    const run = this.deliver(businessId, orderId)
      .catch((error: unknown) => this.log.error({ err: error, orderId }, 'order news not pushed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Tells a delivery executive that an order was given to them (ADR 0042); returns at once. */
  executiveAssigned(businessId: string, orderId: string, executiveId: string): void {
    const run = this.tellExecutive(businessId, orderId, executiveId)
      .catch((error: unknown) => this.log.error({ err: error, orderId }, 'assignment not pushed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Waits for the pushes in flight. */
  async stop(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async deliver(businessId: string, orderId: string): Promise<void> {
    const rows = await findCustomerDevicesOfOrder(this.db, { businessId }, orderId, DEVICES_MAX);
    const first = rows[0];
    if (!first) return;
    const news = orderNews({ number: first.number, status: first.status, storeName: first.store_name });
    // A path of the shop's own origin, where its worker opens it (ADR 0055).
    await this.push(businessId, rows, { ...news, url: `/orders/${orderId}` });
  }

  private async tellExecutive(businessId: string, orderId: string, executiveId: string): Promise<void> {
    const rows = await findExecutiveDevicesOfOrder(
      this.db,
      { businessId, executiveId },
      orderId,
      DEVICES_MAX,
    );
    const first = rows[0];
    if (!first) return;
    // What the delivery app shows them to collect: nothing for an order already paid.
    const toCollect = cashToCollectPaise({
      paymentMode: first.payment_mode,
      paid: first.paid,
      billAmountPaise: Number(first.bill_amount_paise),
    });
    const cash = toCollect > 0 ? ` Collect ${formatRupees(toCollect)} in cash.` : '';
    await this.push(businessId, rows, {
      title: `New order #${first.number}`,
      body: `Pick it up at ${first.store_name}.${cash}`,
      url: `${deliverPath}/orders/${orderId}`,
    });
  }

  /** Sends one payload to some devices, and forgets those their push service says are gone. */
  private async push(
    businessId: string,
    devices: { id: string; endpoint: string; p256dh: string; auth: string }[],
    payload: PushPayload & { url: string },
  ): Promise<void> {
    const sender = await this.sender();
    const body = JSON.stringify(payload);
    const results = await Promise.all(devices.map((device) => sender.send(device, body)));
    const gone = devices.filter((_, index) => results[index] === 'gone').map((device) => device.id);
    if (gone.length > 0) await deleteSubscriptionsById(this.db, businessId, gone);
  }
}
