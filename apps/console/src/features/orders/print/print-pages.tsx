import Alert from '@mui/material/Alert';
import { chargeLineLabel } from '@storedesk/shared/stores/delivery-rule';
import { itemsOfLine, lineWeightName, savingText, weightText } from '@storedesk/shared/catalogue/variants';
import { formatDateTime } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';
import { orderStatusLabels, OrderStatus } from '@storedesk/shared/orders';
import type { OrderBill } from '@storedesk/shared/orders/invoice';
import { paymentModeTypeLabels } from '@storedesk/shared/settings/payment-modes';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '@/components/load-error.tsx';
import { CardSkeleton } from '@/components/loading-skeleton.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useTimeZone } from '@/lib/session.ts';
import { formatSlot } from '@storedesk/shared/dates';
import { useOrder } from '@/features/orders/api/get-order.ts';
import { useOrderBill } from '@/features/orders/api/get-order-bill.ts';
import { PrintSheet } from './print-sheet.tsx';
import { LanguageProvider, useFormat, useT } from '@storedesk/web/i18n';
import { useTimeFormat } from '@storedesk/web/times';
import { ifMissingText } from '@/i18n/codes.ts';
import { i18n } from '@/i18n/index.ts';

// A printout opens in a tab of its own, outside the shell: in the language the console shows, from
// its first frame (ADR 0089), as the shell is.
await i18n.start();

/** A printout in the console's language: its toolbar and the staff's sheets (the kitchen ticket). */
function InLanguage({ children }: { children: ReactNode }) {
  return <LanguageProvider i18n={i18n}>{children}</LanguageProvider>;
}

export const KitchenTicketPage = () => (
  <InLanguage>
    <KitchenTicket />
  </InLanguage>
);

export const BillPage = () => (
  <InLanguage>
    <Bill />
  </InLanguage>
);

export const CreditNotePage = () => (
  <InLanguage>
    <CreditNote />
  </InLanguage>
);

/** A printout's words while its record loads or fails to: the screen's, not the document's. */
const loadingWords = {
  order: { loading: 'print.orderLoading', failed: 'print.orderFailed' },
  bill: { loading: 'print.billLoading', failed: 'print.billFailed' },
  creditNote: { loading: 'print.noteLoading', failed: 'print.noteFailed' },
} as const;

function Loading({
  query,
  what,
}: {
  query: { isError: boolean; error: Error | null; refetch: () => unknown; isFetching: boolean };
  what: keyof typeof loadingWords;
}) {
  const t = useT();
  if (isApiError(query.error, 404)) {
    return <Alert severity="warning">{t('orderPage.notFound')}</Alert>;
  }
  return query.isError ? (
    <LoadError
      title={t(loadingWords[what].failed)}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  ) : (
    <CardSkeleton lines={8} label={t(loadingWords[what].loading)} />
  );
}

/** "Deliver: Tue 01/12, 09:00 AM – 10:00 AM", boxed, on a printed order booked for a slot (B19). */
function DeliverySlotLine({ slot, timeZone }: { slot: OrderBill['order']['slot']; timeZone: string }) {
  if (!slot) return null;
  return <p className="slot">Deliver: {formatSlot(slot, timeZone, { year: false })}</p>;
}

/**
 * /orders/:orderId/print/kitchen (B15): the ticket the kitchen or packing counter works from —
 * order number, time, the delivery slot it is booked for (B19), store, items and quantities, the
 * customer's note; no prices. In the language the console shows: the staff's own sheet, where the
 * bill, the tax invoice and the credit note are the customer's and the tax office's, in English.
 */
function KitchenTicket() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const timeZone = useTimeZone();
  const t = useT();
  const { dateTime } = useFormat();
  const format = useTimeFormat();
  const current = order.data;
  return (
    <PrintSheet
      title={current ? t('kitchen.titleNumber', { number: String(current.number) }) : t('kitchen.title')}
      orderId={orderId}
      ready={Boolean(current)}
    >
      {current ? (
        <article aria-label={t('kitchen.title')}>
          <h1>{t('kitchen.title')}</h1>
          <p className="centre big">#{current.number}</p>
          <p className="centre">{dateTime(current.placedAt, timeZone)}</p>
          {current.slot ? (
            <p className="slot">
              {t('kitchen.deliver', { slot: format.slot(current.slot, timeZone, { year: false }) })}
            </p>
          ) : null}
          <p className="centre">{current.storeName}</p>
          {current.status === OrderStatus.Cancelled ? (
            <p className="centre big">{t('kitchen.cancelled')}</p>
          ) : null}
          <hr className="rule" />
          <table>
            <thead>
              <tr>
                <th className="qty" scope="col">
                  {t('kitchen.qty')}
                </th>
                <th scope="col">{t('kitchen.item')}</th>
              </tr>
            </thead>
            <tbody>
              {current.items.map((line, index) => (
                <tr key={`${line.itemId}-${index}`}>
                  {/* A loose line is weighed out: its weight in all is in its name, "Onions · 750 g". */}
                  <td className="qty big">
                    {line.stepGrams ? '' : t('kitchen.quantity', { quantity: String(line.itemQuantity) })}
                  </td>
                  <td className="big">{lineWeightName(line)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <hr className="rule" />
          <p>
            {t('kitchen.summary', {
              count: current.items.reduce(
                (sum, line) => sum + itemsOfLine({ quantity: line.itemQuantity, stepGrams: line.stepGrams }),
                0,
              ),
              customer: current.customerName,
            })}
          </p>
          <p>{t('kitchen.ifMissing', { choice: t(ifMissingText[current.ifMissing]) })}</p>
          {current.note ? (
            <>
              <h2>{t('kitchen.note')}</h2>
              <p>{current.note}</p>
            </>
          ) : null}
        </article>
      ) : (
        <Loading query={order} what="order" />
      )}
    </PrintSheet>
  );
}

function percent(rate: number) {
  return `${rate}%`;
}

/** Under a line sold below its MRP: the MRP and the saving, as the customer app showed them (B17). */
function LineSaving({ line }: { line: { itemPricePaise: number; mrpPaise?: number | null } }) {
  const mrpPaise = line.mrpPaise ?? null;
  const saving = savingText({ pricePaise: line.itemPricePaise, mrpPaise });
  if (mrpPaise === null || saving === null) return null;
  return (
    <span className="muted">
      {' '}
      · MRP {formatRupees(mrpPaise)} · {saving}
    </span>
  );
}

/** The head of a printed document: the business, its store and how to reach it, its GSTIN. */
function Letterhead({ bill: { business, store } }: { bill: Pick<OrderBill, 'business' | 'store'> }) {
  return (
    <>
      {business.logoUrl ? <img className="logo" src={business.logoUrl} alt="" /> : null}
      <h1>{business.name}</h1>
      <p className="centre">{store.name}</p>
      {store.address ? <p className="centre">{store.address}</p> : null}
      {store.phone ? <p className="centre">Phone {store.phone}</p> : null}
      {business.gstin ? <p className="centre">GSTIN {business.gstin}</p> : null}
      <hr className="rule" />
    </>
  );
}

/** What the bill is: a tax invoice once numbered; before delivery a business with a GSTIN prints a pro-forma bill (B18). */
export function billKind(bill: Pick<OrderBill, 'business' | 'invoice'>): string {
  if (bill.invoice) return 'Tax invoice';
  return bill.business.gstin ? 'Pro-forma bill' : 'Bill';
}

/** The bill's body: a GST tax invoice when the business has a GSTIN and the order a number. */
export function BillDocument({ bill, timeZone }: { bill: OrderBill; timeZone: string }) {
  const { business, order, invoice } = bill;
  const address = order.deliveryAddress;
  const kind = billKind(bill);
  return (
    <article aria-label={kind}>
      <Letterhead bill={bill} />
      <p className="centre big">{kind.toUpperCase()}</p>
      {invoice ? <p>Invoice no. {invoice.number}</p> : null}
      {!invoice && business.gstin && order.status !== OrderStatus.Cancelled ? (
        <p className="centre">Not a tax invoice: the invoice is issued on delivery</p>
      ) : null}
      <p>Order #{order.number}</p>
      <p>{formatDateTime(order.placedAt, timeZone)}</p>
      <DeliverySlotLine slot={order.slot} timeZone={timeZone} />
      {order.status === OrderStatus.Cancelled ? <p className="big">CANCELLED</p> : null}
      <hr className="rule" />
      <p>
        {order.customerName} · {order.customerPhone}
      </p>
      {address ? (
        <p>
          {address.text}
          {address.landmark ? ` (${address.landmark})` : ''}
        </p>
      ) : null}
      <hr className="rule" />
      <table>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th className="num" scope="col">
              Qty
            </th>
            <th className="num" scope="col">
              Price
            </th>
            <th className="num" scope="col">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line, index) => (
            <tr key={`${line.itemId}-${index}`}>
              <td>
                {lineWeightName(line)}
                <LineSaving line={line} />
                {invoice ? (
                  <span className="muted">
                    {' '}
                    · GST {percent(line.gstRate)}
                    {line.hsn ? ` · HSN ${line.hsn}` : ''}
                  </span>
                ) : null}
              </td>
              <td className="num">
                {line.stepGrams ? `${line.itemQuantity} × ${weightText(line.stepGrams)}` : line.itemQuantity}
              </td>
              <td className="num">{formatRupees(line.itemPricePaise)}</td>
              <td className="num">{formatRupees(line.itemQuantity * line.itemPricePaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr className="rule" />
      <table>
        <tbody>
          <tr>
            <td>Items total</td>
            <td className="num">{formatRupees(order.itemsTotalPaise)}</td>
          </tr>
          {order.discountPaise > 0 ? (
            <tr>
              <td>Discount{order.offer ? ` (${order.offer.coupon})` : ''}</td>
              <td className="num">−{formatRupees(order.discountPaise)}</td>
            </tr>
          ) : null}
          {order.charges.map((charge) => (
            <tr key={charge.chargeLabel}>
              <td>{chargeLineLabel(charge)}</td>
              <td className="num">{formatRupees(charge.chargeAmountPaise)}</td>
            </tr>
          ))}
          <tr className="total">
            <td>Bill amount</td>
            <td className="num">{formatRupees(order.billAmountPaise)}</td>
          </tr>
        </tbody>
      </table>
      <p>
        Payment: {order.paymentMode ? paymentModeTypeLabels[order.paymentMode] : 'Not given'}
        {order.paidAt ? ' · paid' : ''}
      </p>
      {invoice ? (
        <>
          <h2>GST (included in the prices)</h2>
          <SlabTable slabs={invoice.slabs} />
          {order.charges.length > 0 ? <p className="muted">Charges are taxed at 18%.</p> : null}
        </>
      ) : null}
      <hr className="rule" />
      <p className="centre">Thank you · {orderStatusLabels[order.status]}</p>
    </article>
  );
}

/**
 * /orders/:orderId/print/bill (B15): the bill that goes in the bag — a GST tax invoice once the
 * order of a business with a GSTIN is delivered, a pro-forma bill before that (B18).
 */
function Bill() {
  const { orderId = '' } = useParams();
  const bill = useOrderBill(orderId);
  const timeZone = useTimeZone();
  const current = bill.data;
  return (
    <PrintSheet
      title={current ? `${billKind(current)} #${current.order.number}` : 'Bill'}
      orderId={orderId}
      ready={Boolean(current)}
    >
      {current ? <BillDocument bill={current} timeZone={timeZone} /> : <Loading query={bill} what="bill" />}
    </PrintSheet>
  );
}

/** GST per rate: an invoice's, or what a credit note gives back. */
function SlabTable({ slabs }: { slabs: OrderBill['creditNotes'][number]['slabs'] }) {
  const sum = (key: 'taxablePaise' | 'cgstPaise' | 'sgstPaise') =>
    slabs.reduce((total, slab) => total + slab[key], 0);
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Rate</th>
          <th className="num" scope="col">
            Taxable
          </th>
          <th className="num" scope="col">
            CGST
          </th>
          <th className="num" scope="col">
            SGST
          </th>
        </tr>
      </thead>
      <tbody>
        {slabs.map((slab) => (
          <tr key={slab.rate}>
            <td>{percent(slab.rate)}</td>
            <td className="num">{formatRupees(slab.taxablePaise)}</td>
            <td className="num">{formatRupees(slab.cgstPaise)}</td>
            <td className="num">{formatRupees(slab.sgstPaise)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td>Total</td>
          <td className="num">{formatRupees(sum('taxablePaise'))}</td>
          <td className="num">{formatRupees(sum('cgstPaise'))}</td>
          <td className="num">{formatRupees(sum('sgstPaise'))}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** A credit note (B18): the money a refund gave back after the tax invoice, and the GST in it per rate. */
export function CreditNoteDocument({
  bill,
  note,
  timeZone,
}: {
  bill: OrderBill;
  note: OrderBill['creditNotes'][number];
  timeZone: string;
}) {
  const { order, invoice } = bill;
  return (
    <article aria-label="Credit note">
      <Letterhead bill={bill} />
      <p className="centre big">CREDIT NOTE</p>
      <p>Credit note no. {note.number}</p>
      <p>{formatDateTime(note.createdAt, timeZone)}</p>
      <p>
        Against tax invoice no. {invoice?.number} · Order #{order.number}
      </p>
      <hr className="rule" />
      <p>
        {order.customerName} · {order.customerPhone}
      </p>
      {note.note ? <p>{note.note}</p> : null}
      <hr className="rule" />
      <table>
        <tbody>
          <tr className="total">
            <td>Refunded</td>
            <td className="num">{formatRupees(note.amountPaise)}</td>
          </tr>
        </tbody>
      </table>
      <h2>GST given back (included in the amount)</h2>
      <SlabTable slabs={note.slabs} />
    </article>
  );
}

/** /orders/:orderId/print/credit-notes/:refundId (B18): a refund's credit note, printed as the bill is. */
function CreditNote() {
  const { orderId = '', refundId = '' } = useParams();
  const bill = useOrderBill(orderId);
  const timeZone = useTimeZone();
  const t = useT();
  const note = bill.data?.creditNotes.find((candidate) => candidate.refundId === refundId);
  return (
    <PrintSheet
      title={note ? `Credit note ${note.number}` : 'Credit note'}
      orderId={orderId}
      ready={Boolean(note)}
    >
      {bill.data && note ? (
        <CreditNoteDocument bill={bill.data} note={note} timeZone={timeZone} />
      ) : bill.data ? (
        <Alert severity="warning">{t('print.noCreditNote')}</Alert>
      ) : (
        <Loading query={bill} what="creditNote" />
      )}
    </PrintSheet>
  );
}
