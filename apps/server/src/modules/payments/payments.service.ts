/**
 * Online payment through the gateway (B18, ADR 0072).
 *
 * An order paid online is placed awaiting its payment. Its customer's app asks for the checkout
 * (`checkoutFor`: the gateway's order for the bill, made once), opens the gateway's checkout, and
 * sends back what it answered (`verifyCheckout`). The gateway's webhook says the same (`webhook`).
 * Either, once verified (the checkout's signature under the key secret, the webhook's under the
 * webhook secret, both compared in constant time) and once the amount is the order's, pays the
 * order, which then reaches the store; applying a payment locks its order's row and records the
 * payment by the gateway's id, so the two arriving together, or one twice, pay it once.
 *
 * A payment for an order that cannot take it (lapsed, cancelled, paid already, the wrong amount) is
 * refunded in full through the gateway. Refunds are rows first (pending), sent to the gateway once
 * their transaction commits, and again by the sweep until it takes them; the gateway's webhook says
 * when each is processed or failed. The sweep also lapses orders not paid within the business's
 * minutes: cancelled, their stock back.
 */
import { formatRupees } from '@storedesk/shared/money';
import {
  awaitsOnlinePayment,
  onlinePaymentMessages,
  payableOnline,
  payWithinLimits,
  type Checkout,
  type CheckoutAnswer,
} from '@storedesk/shared/payments/online';
import { paymentDuePaise } from '@storedesk/shared/payments/refunds';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import type { CustomerScope } from '#server/lib/scope.ts';
import type { Tip } from '@storedesk/shared/delivery/earnings';
import { tipDeadline } from '@storedesk/shared/delivery/earnings-rules';
import * as earnings from '#server/modules/earnings/earnings.service.ts';
import { GatewayError, type GatewayPayment, type PaymentProvider } from '#server/payments/provider.ts';
import {
  announceOrderChanged,
  lapseUnpaidOrder,
  payDueOnline,
  releasePaidOrder,
} from '#server/modules/orders/orders.service.ts';
import { paymentsThatPaid, queueGatewayRefund } from '#server/modules/orders/refunds.service.ts';
import { businessName } from '#server/modules/storefront/storefront.service.ts';
import * as repo from './payments.repository.ts';

type Log = {
  info: (obj: unknown, msg?: string) => void;
  warn: (obj: unknown, msg?: string) => void;
  error: (obj: unknown, msg?: string) => void;
};

/** Who the timeline and the refunds name for what the gateway did. */
const GATEWAY_ACTOR = 'Online payment';

/** Orders lapsed, and refunds sent, per round of the sweep. */
const SWEEP_BATCH = 100;

export class OnlinePayments {
  constructor(
    private readonly db: Database,
    readonly provider: PaymentProvider,
    private readonly log: Log,
  ) {}

  /** The minutes from now an order placed now waits for its payment. */
  async payByFor(db: Executor, businessId: string, now: Date): Promise<Date> {
    const minutes = (await repo.payWithinMinutes(db, { businessId })) ?? payWithinLimits.default;
    return new Date(now.getTime() + minutes * 60_000);
  }

  /**
   * What the customer app opens the checkout with, for the customer's order: the gateway's order for
   * its bill while it awaits its payment, or, once paid, for what an item change added to it (ADR
   * 0074); each made on the first ask and kept. 404: not their order; 409: it is not paid online, or
   * has nothing to pay, or less than the gateway takes; 503: the gateway did not make the order.
   */
  async checkoutFor(scope: CustomerScope, orderId: string): Promise<Checkout> {
    const order = await this.db.transaction((tx) => repo.lockCustomerOrder(tx, scope, orderId));
    if (!order) throw notFound();
    if (order.paymentMode !== 'ONLINE') throw new AppError('conflict', onlinePaymentMessages.notOnline);
    const due = paymentDuePaise({ ...order, paid: order.paidAt !== null });
    if (!awaitsOnlinePayment(order) && due === 0) {
      throw new AppError(
        'conflict',
        order.paidAt ? onlinePaymentMessages.nothingDue : onlinePaymentMessages.notAwaiting,
      );
    }
    const business = { businessId: order.businessId };
    const amountPaise = due > 0 ? due : order.billAmountPaise;
    // The gateway makes no order for less: asked, it would refuse every time (a bill this small is
    // not placed to be paid online; what an item change added may be).
    if (!payableOnline(amountPaise))
      throw new AppError('conflict', onlinePaymentMessages.dueBelowLeast(formatRupees(amountPaise)));
    let gatewayOrderId =
      due > 0 ? (order.dueGatewayPaise === due ? order.dueGatewayOrderId : null) : order.gatewayOrderId;
    if (!gatewayOrderId) {
      // Made outside any transaction: no row stays locked while the gateway answers. Two asks at once
      // may make two gateway orders; the first stored is the order's, the other is never paid.
      const made = await this.provider
        .createOrder({
          amountPaise,
          receipt: due > 0 ? `order-${order.number}-more` : `order-${order.number}`,
          notes: { orderId: order.id, businessId: order.businessId },
        })
        .catch((error: unknown) => {
          this.log.warn({ err: error, orderId }, 'the payment gateway did not make the order');
          throw new AppError('unavailable', onlinePaymentMessages.unavailable);
        });
      gatewayOrderId =
        due > 0
          ? await repo.setDueGatewayOrder(this.db, business, order.id, made.id, due)
          : await repo.setGatewayOrder(this.db, business, order.id, made.id);
    }
    return {
      provider: this.provider.name,
      keyId: this.provider.checkout.keyId,
      scriptUrl: this.provider.checkout.scriptUrl,
      gatewayOrderId: gatewayOrderId!,
      amountPaise,
      currency: 'INR',
      payBy: due > 0 ? null : order.payBy!.toISOString(),
      name: await businessName(this.db, order.businessId),
    };
  }

  /**
   * The checkout's answer for the customer's order: verified by its signature, the payment asked of
   * the gateway (captured if only authorized), then applied as the webhook's would be. 400: the
   * signature is not the gateway's, or names another order; 409: the payment did not go through.
   */
  async verifyCheckout(scope: CustomerScope, orderId: string, answer: CheckoutAnswer): Promise<void> {
    const order = await this.db.transaction((tx) => repo.lockCustomerOrder(tx, scope, orderId));
    if (!order) throw notFound();
    // The answer is for the order's bill, or for what an item change added (ADR 0074).
    const ours = [order.gatewayOrderId, order.dueGatewayOrderId].filter((id) => id !== null);
    if (
      !ours.includes(answer.gatewayOrderId) ||
      !this.provider.verifyCheckout(answer.gatewayOrderId, answer.paymentId, answer.signature)
    ) {
      throw new AppError('invalid_input', onlinePaymentMessages.badSignature, {
        fields: { signature: onlinePaymentMessages.badSignature },
      });
    }
    const payment = await this.capturedPayment(answer.paymentId, orderId);
    if (payment.orderId !== answer.gatewayOrderId) {
      throw new AppError('invalid_input', onlinePaymentMessages.badSignature, {
        fields: { paymentId: onlinePaymentMessages.badSignature },
      });
    }
    if (payment.status !== 'captured' && payment.status !== 'refunded') {
      throw new AppError('conflict', onlinePaymentMessages.notCaptured);
    }
    await this.applyPayment(payment, null);
  }

  /**
   * The checkout for a tip of `amountPaise` to the executive who delivered the customer's order
   * (ADR 0073): the tip waits, pending, for its payment; the gateway's order for it is made once per
   * amount. 404: not their order; 409: it cannot take a tip; 503: the gateway did not make the order.
   */
  async tipCheckout(scope: CustomerScope, orderId: string, amountPaise: number): Promise<Checkout> {
    const { order, tip } = await this.db.transaction((tx) =>
      earnings.pendingTipFor(tx, scope, orderId, amountPaise),
    );
    let gatewayOrderId = tip.gatewayOrderId;
    if (!gatewayOrderId) {
      const made = await this.provider
        .createOrder({
          amountPaise: tip.amountPaise,
          receipt: `tip-${order.number}`,
          notes: { tipId: tip.id, businessId: tip.businessId },
        })
        .catch((error: unknown) => {
          this.log.warn({ err: error, orderId }, 'the payment gateway did not make a tip’s order');
          throw new AppError('unavailable', onlinePaymentMessages.unavailable);
        });
      gatewayOrderId = await earnings.setTipGatewayOrder(
        this.db,
        { businessId: tip.businessId },
        tip.id,
        made.id,
      );
    }
    return {
      provider: this.provider.name,
      keyId: this.provider.checkout.keyId,
      scriptUrl: this.provider.checkout.scriptUrl,
      gatewayOrderId: gatewayOrderId!,
      amountPaise: tip.amountPaise,
      currency: 'INR',
      payBy: order.delivered_at === null ? null : tipDeadline(new Date(order.delivered_at)).toISOString(),
      name: await businessName(this.db, tip.businessId),
    };
  }

  /**
   * The checkout's answer for a tip: verified as an order's is, then applied as the webhook's would
   * be. Answers the tip, paid. 400: not the gateway's answer, or for another order; 409: not paid.
   */
  async verifyTip(scope: CustomerScope, orderId: string, answer: CheckoutAnswer): Promise<Tip> {
    const tip = await this.db.transaction(async (tx) => {
      if (!(await earnings.lockOrderForTip(tx, scope, orderId))) throw notFound();
      return earnings.findTipOfOrder(tx, scope, orderId);
    });
    if (
      !tip ||
      !tip.gatewayOrderId ||
      tip.gatewayOrderId !== answer.gatewayOrderId ||
      !this.provider.verifyCheckout(answer.gatewayOrderId, answer.paymentId, answer.signature)
    ) {
      throw new AppError('invalid_input', onlinePaymentMessages.badSignature, {
        fields: { signature: onlinePaymentMessages.badSignature },
      });
    }
    const payment = await this.capturedPayment(answer.paymentId, orderId);
    if (payment.orderId !== tip.gatewayOrderId) {
      throw new AppError('invalid_input', onlinePaymentMessages.badSignature, {
        fields: { paymentId: onlinePaymentMessages.badSignature },
      });
    }
    if (payment.status !== 'captured' && payment.status !== 'refunded') {
      throw new AppError('conflict', onlinePaymentMessages.notCaptured);
    }
    await this.applyTipPayment(payment, null);
    const paid = await earnings.findTipOfOrder(this.db, scope, orderId);
    if (!paid || paid.state !== 'PAID' || !paid.paidAt)
      throw new AppError('conflict', onlinePaymentMessages.notCaptured);
    return {
      amountPaise: paid.amountPaise,
      method: paid.method,
      paidAt: new Date(paid.paidAt).toISOString(),
    };
  }

  /** The payment the checkout answered, asked of the gateway, and captured if only authorized. */
  private async capturedPayment(paymentId: string, orderId: string): Promise<GatewayPayment> {
    const payment = await this.provider.fetchPayment(paymentId).catch((error: unknown) => {
      this.log.warn({ err: error, orderId }, 'the payment gateway did not say what became of a payment');
      throw new AppError('unavailable', onlinePaymentMessages.unavailable);
    });
    if (payment.status !== 'authorized') return payment;
    return this.provider.capture(payment.id, payment.amountPaise).catch((error: unknown) => {
      this.log.warn({ err: error, orderId }, 'the payment gateway did not capture a payment');
      throw new AppError('unavailable', onlinePaymentMessages.unavailable);
    });
  }

  /**
   * Records a captured payment against `order`: APPLIED when it paid it, REFUNDED when it could not
   * (and is given back). Undefined when it was recorded already (by its id at the gateway).
   */
  private recordPayment(
    tx: Executor,
    order: { id: string; businessId: string },
    payment: GatewayPayment,
    state: 'APPLIED' | 'REFUNDED',
  ) {
    return repo.insertGatewayPayment(tx, {
      businessId: order.businessId,
      orderId: order.id,
      provider: this.provider.name,
      paymentRef: payment.id,
      gatewayOrderId: payment.orderId!,
      amountPaise: payment.amountPaise,
      feePaise: payment.feePaise,
      method: payment.method,
      state,
    });
  }

  /**
   * Refunds in full, through the gateway, a payment recorded against `order` that could not pay it
   * (a refund row the caller sends once its transaction commits); answers the refund's id.
   */
  private giveBack(
    tx: Executor,
    order: { id: string; businessId: string },
    recorded: { id: string },
    payment: GatewayPayment,
    note: string,
  ): Promise<string> {
    return queueGatewayRefund(
      tx,
      order,
      recorded,
      payment.amountPaise,
      { id: null, name: GATEWAY_ACTOR },
      note,
      false,
    );
  }

  /**
   * Applies a captured payment of a tip's gateway order, once: it pays the pending tip of its amount.
   * A payment the tip cannot take (paid in cash meanwhile, paid already, or for an amount it no longer
   * has) is recorded and refunded in full through the gateway, as a refund row the sweep sends until
   * the gateway takes it. `named`: the tip the gateway order's notes name, when the tip no longer
   * has that gateway order. Null when the gateway's order is no tip's.
   */
  private async applyTipPayment(
    payment: GatewayPayment,
    eventId: string | null,
    named?: { tipId: string; businessId: string },
  ): Promise<'applied' | null> {
    const refundIds: string[] = [];
    const outcome = await this.db.transaction(async (tx) => {
      const tip = named
        ? await earnings.lockTip(tx, { businessId: named.businessId }, named.tipId)
        : await earnings.lockTipOfGatewayOrder(tx, payment.orderId!);
      if (!tip) return null;
      const business = { businessId: tip.businessId };
      if (
        eventId &&
        !(await repo.recordGatewayEvent(tx, { provider: this.provider.name, eventId, ...business }))
      )
        return 'applied' as const;
      if (tip.paymentRef === payment.id) return 'applied' as const;
      const order = await repo.lockOrder(tx, business, tip.orderId);
      if (!order) return 'applied' as const;
      if (
        tip.state === 'PENDING' &&
        tip.gatewayOrderId === payment.orderId &&
        payment.amountPaise === tip.amountPaise &&
        (await earnings.payTip(
          tx,
          tip,
          { paymentRef: payment.id, feePaise: payment.feePaise },
          { zoneId: order.zoneId, customerId: order.customerId },
        ))
      )
        return 'applied' as const;
      const row = await this.recordPayment(tx, order, payment, 'REFUNDED');
      // Recorded already: the checkout's answer and the webhook, or one of them twice.
      if (!row) return 'applied' as const;
      this.log.warn(
        { paymentId: payment.id, tipId: tip.id, amountPaise: payment.amountPaise },
        'a tip was paid that cannot take it: refunding it',
      );
      refundIds.push(await this.giveBack(tx, order, row, payment, onlinePaymentMessages.tipRefunded));
      return 'applied' as const;
    });
    if (refundIds.length > 0) await this.sendRefunds(refundIds);
    return outcome;
  }

  /**
   * A webhook: 400 when its signature is not the webhook secret's (nothing changes); each event id
   * applied once. Answers false when the gateway should send it again later (it could not be asked
   * which order a payment is for).
   */
  async webhook(body: Buffer, signature: string | undefined, eventId: string | undefined): Promise<boolean> {
    if (!this.provider.verifyWebhook(body, signature)) {
      throw new AppError('invalid_input', 'The webhook’s signature is not the gateway’s', {
        fields: { 'x-razorpay-signature': 'is not the HMAC-SHA256 of the body under the webhook secret' },
      });
    }
    const event = this.provider.readWebhook(body, eventId ?? '');
    if (!event || !eventId) return true;
    if (event.kind === 'payment.captured')
      return (await this.applyPayment(event.payment, eventId)) !== 'retry';
    if (event.kind === 'refund.processed' || event.kind === 'refund.failed') {
      return this.db.transaction(async (tx) => {
        const refund = await repo.lockRefundOfGateway(tx, event.refund.id);
        if (!refund) return true;
        if (
          !(await repo.recordGatewayEvent(tx, {
            provider: this.provider.name,
            eventId,
            businessId: refund.businessId,
          }))
        )
          return true;
        const settled = await repo.settleGatewayRefund(
          tx,
          { ...refund, counted: await this.countedRefund(tx, refund) },
          event.kind === 'refund.processed' ? 'PROCESSED' : 'FAILED',
          event.kind === 'refund.failed'
            ? `${onlinePaymentMessages.refundFailed}: ${formatRupees(refund.amountPaise)}`
            : null,
        );
        if (settled) await this.announce(tx, refund);
        return true;
      });
    }
    return true;
  }

  /** Tells staff and the customer, live, that an order's refund moved on (an order staff see). */
  private async announce(tx: Executor, refund: { businessId: string; orderId: string }) {
    await announceOrderChanged(tx, refund, refund.orderId);
  }

  /** Whether a refund gave back its order's payment (not a payment that never paid it). */
  private async countedRefund(
    tx: Executor,
    refund: { businessId: string; orderId: string; gatewayPaymentId: string | null },
  ) {
    const applied = await paymentsThatPaid(tx, { businessId: refund.businessId }, refund.orderId);
    return applied.some((payment) => payment.id === refund.gatewayPaymentId);
  }

  /**
   * Which of our orders a gateway order is for: the one that has it, or the one its notes name (a
   * payment can be told of before the order has its gateway id stored, and an order asked twice at
   * once may have two). Null: not ours (another system on the same gateway account); 'retry': the
   * gateway could not be asked; a tip's, by its notes, which has the id stored now unless it took another.
   */
  private async orderOfGatewayOrder(
    gatewayOrderId: string,
  ): Promise<
    { businessId: string; orderId: string } | { businessId: string; tipId: string } | null | 'retry'
  > {
    const known = await repo.findOrderOfGatewayOrder(this.db, gatewayOrderId);
    if (known) return known;
    try {
      const { notes } = await this.provider.fetchOrder(gatewayOrderId);
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      // A tip's gateway order, told of before the tip had its id stored: it has it now (unless the
      // tip took another since, for another amount).
      if (notes.tipId && notes.businessId && uuid.test(notes.tipId) && uuid.test(notes.businessId)) {
        await earnings.setTipGatewayOrder(
          this.db,
          { businessId: notes.businessId },
          notes.tipId,
          gatewayOrderId,
        );
        return { businessId: notes.businessId, tipId: notes.tipId };
      }
      return notes.orderId && notes.businessId && uuid.test(notes.orderId) && uuid.test(notes.businessId)
        ? { businessId: notes.businessId, orderId: notes.orderId }
        : null;
    } catch (error) {
      // The gateway knows no such order: not ours.
      if (error instanceof GatewayError && (error.status === 400 || error.status === 404)) return null;
      this.log.warn(
        { err: error, gatewayOrderId },
        'the payment gateway did not say what a paid order is for',
      );
      return 'retry';
    }
  }

  /**
   * Applies a payment the gateway captured, once (by its id, under its order's lock): it pays the
   * order awaiting it when the amount is its bill; any other is recorded and refunded in full.
   * `eventId`, for a webhook's, is recorded too.
   */
  async applyPayment(
    payment: GatewayPayment,
    eventId: string | null,
  ): Promise<'applied' | 'ignored' | 'retry'> {
    if (!payment.orderId) return 'ignored';
    // A tip's payment (ADR 0073): its gateway order is a tip's.
    if ((await this.applyTipPayment(payment, eventId)) !== null) return 'applied';
    const ours = await this.orderOfGatewayOrder(payment.orderId);
    if (ours === 'retry') return 'retry';
    if (ours === null) return 'ignored';
    if ('tipId' in ours) return (await this.applyTipPayment(payment, eventId, ours)) ?? 'ignored';
    const refundIds: string[] = [];
    const outcome = await this.db.transaction(async (tx) => {
      const business = { businessId: ours.businessId };
      const order = await repo.lockOrder(tx, business, ours.orderId);
      if (!order) return 'ignored' as const;
      if (
        eventId &&
        !(await repo.recordGatewayEvent(tx, { provider: this.provider.name, eventId, ...business }))
      )
        return 'applied' as const;
      const paysBill = awaitsOnlinePayment(order) && payment.amountPaise === order.billAmountPaise;
      // What an item change added (ADR 0074): exactly what is due, on a gateway order of its own.
      const due = paymentDuePaise({ ...order, paid: order.paidAt !== null });
      const paysDue =
        !paysBill && due > 0 && payment.amountPaise === due && payment.orderId !== order.gatewayOrderId;
      const pays = paysBill || paysDue;
      const row = await this.recordPayment(tx, order, payment, pays ? 'APPLIED' : 'REFUNDED');
      // Recorded already: the checkout's answer and the webhook, or one of them twice.
      if (!row) return 'applied' as const;
      if (paysDue) {
        const written = await payDueOnline(
          tx,
          business,
          { ...order, paidPaise: order.paidPaise! },
          {
            amountPaise: payment.amountPaise,
            by: GATEWAY_ACTOR,
            note: onlinePaymentMessages.paidDueOnline(formatRupees(payment.amountPaise), payment.id),
          },
        );
        // Decided under the order's lock, so always written; were it not, nothing of this stands and
        // the gateway tells it again, rather than a payment recorded as applied to nothing.
        if (!written) throw new Error(`order ${order.id} changed under its lock while paying what was due`);
        await this.announce(tx, { businessId: order.businessId, orderId: order.id });
        return 'applied' as const;
      }
      if (pays) {
        // Told before its gateway id was stored: it has it now.
        await repo.setGatewayOrder(tx, business, order.id, payment.orderId!);
        await releasePaidOrder(tx, business, order, {
          paidPaise: payment.amountPaise,
          by: GATEWAY_ACTOR,
          note: onlinePaymentMessages.paidOnline(payment.id),
        });
        return 'applied' as const;
      }
      this.log.warn(
        {
          orderId: order.id,
          paymentId: payment.id,
          amountPaise: payment.amountPaise,
          billPaise: order.billAmountPaise,
        },
        'a payment came for an order that cannot take it: refunding it',
      );
      refundIds.push(await this.giveBack(tx, order, row, payment, onlinePaymentMessages.refundedLate));
      return 'applied' as const;
    });
    if (refundIds.length > 0) await this.sendRefunds(refundIds);
    return outcome;
  }

  /**
   * Sends pending gateway refunds the gateway has not taken (these, or the oldest 100), each by one
   * sender at a time (claimRefundSend). The gateway does not make a repeated request the same refund,
   * so a send after the first (the answer to the earlier one was lost, or its sender died) first asks
   * the gateway for a refund of the payment with this refund's id as its receipt, and notes that one
   * if it was made. A refusal is logged and left for the sweep, once the claim has passed.
   */
  async sendRefunds(ids?: readonly string[]): Promise<void> {
    for (const refund of await repo.refundsToSend(this.db, ids)) {
      const tries = await repo.claimRefundSend(this.db, refund, refund.id);
      if (tries === null) continue;
      try {
        const made =
          (tries > 1 ? await this.provider.findRefund(refund.paymentRef, refund.id) : null) ??
          (await this.provider.refund(refund.paymentRef, refund.amountPaise, refund.id));
        await this.db.transaction(async (tx) => {
          await repo.noteGatewayRefund(tx, refund, refund.id, made.id, made.status === 'processed');
          if (made.status === 'processed') await this.announce(tx, refund);
        });
      } catch (error) {
        this.log.warn(
          { err: error, refundId: refund.id, status: error instanceof GatewayError ? error.status : null },
          'the payment gateway did not take a refund; it is sent again later',
        );
      }
    }
  }

  /** Lapses orders not paid in time (cancelled, their stock back); answers how many. */
  async lapseUnpaid(now = new Date()): Promise<number> {
    let lapsed = 0;
    for (const order of await repo.findLapsed(this.db, now, SWEEP_BATCH)) {
      if (!order.customerId) continue;
      if (
        await lapseUnpaidOrder(
          this.db,
          { businessId: order.businessId, customerId: order.customerId },
          order.id,
        )
      )
        lapsed++;
    }
    return lapsed;
  }

  /** One round of the sweep: lapses, then refunds not yet taken. */
  async sweep(now = new Date()): Promise<void> {
    const lapsed = await this.lapseUnpaid(now);
    if (lapsed > 0) this.log.info({ lapsed }, 'orders not paid in time were cancelled');
    await this.sendRefunds();
  }
}

/** Runs the sweep every `everyMs` (30 s) until stopped; a round that fails is logged. */
export function startPaymentsSweep(payments: OnlinePayments, log: Log, everyMs = 30_000): () => void {
  const timer = setInterval(() => {
    payments.sweep().catch((error: unknown) => log.warn({ err: error }, 'the payments sweep failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
