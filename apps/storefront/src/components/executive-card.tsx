import type { OrderExecutive } from '@storedesk/shared/delivery/eta';
import { OrderStatus } from '@storedesk/shared/orders';
import { useT } from '@storedesk/web/i18n';
import { useFreshWhileShown } from '@storedesk/web/use-fresh';
import { useTimeFormat } from '@storedesk/web/times';

/**
 * How often the page reads the order again while it is on its way (ADR 0079): the estimated
 * arrival is made when the order is read, from where the executive was last.
 */
export const executiveRefreshMs = 30_000;

/** Whether an order shows its executive: Confirmed with one, or Picked Up. */
export const showsExecutive = (order: { status: number; executive: OrderExecutive }) =>
  order.executive !== null &&
  (order.status === OrderStatus.Confirmed || order.status === OrderStatus.PickedUp);

/**
 * The executive of an order on its way (B19, ADR 0079): who brings it, when it should arrive, and
 * a button to call them (through the business's helpline where it has one). While it is shown, the
 * page reads the order again every 30 s in sight (`onRefresh`), for a newer estimate.
 */
export function ExecutiveCard({
  executive,
  status,
  readAt,
  timeZone,
  onRefresh,
}: {
  executive: NonNullable<OrderExecutive>;
  status: number;
  /** When the order holding this estimate was read (ms since the epoch); unknown for a write's answer. */
  readAt: number | undefined;
  timeZone: string;
  onRefresh: () => void;
}) {
  useFreshWhileShown(onRefresh, executiveRefreshMs);
  const t = useT();
  const { clock } = useTimeFormat();
  const name = executive.firstName;
  const eta = executive.etaMinutes;
  // The arrival: "Arrives in about 12 min, by 07:45 PM" on the business's clock, or that it is not known.
  const arrival =
    eta === null
      ? t('executive.etaUnknown')
      : readAt === undefined
        ? t('executive.eta', { minutes: eta })
        : t('executive.etaBy', {
            minutes: eta,
            time: clock(new Date(readAt + eta * 60_000).toISOString(), timeZone),
          });
  return (
    <section className="executive-card" aria-labelledby="executive-title">
      <h2 id="executive-title" className="executive-title">
        {t(status === OrderStatus.PickedUp ? 'executive.delivering' : 'executive.willPickUp', { name })}
      </h2>
      <p className="executive-eta" data-testid="executive-eta">
        {arrival}
      </p>
      <a className="button secondary executive-call" href={`tel:${executive.callNumber}`}>
        <span>{t('executive.call', { name })}</span>
        {executive.viaHelpline ? (
          <>
            {' '}
            <span className="small">{t('executive.viaHelpline')}</span>
          </>
        ) : null}
      </a>
    </section>
  );
}
