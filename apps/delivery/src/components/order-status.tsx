import { OrderStatus } from '@storedesk/shared/orders';
import { useT } from '@storedesk/web/i18n';
import type { MessageId } from '../i18n/index.ts';
import type { StatusChange } from '../lib/queue.ts';

const statuses = new Set<unknown>(Object.values(OrderStatus));

/** An order status's name in the language shown (the catalogue's `status.<code>`), or "Status 7" for one unknown here. */
export function useStatusName(): (status: number) => string {
  const t = useT();
  return (status) =>
    statuses.has(status) ? t(`status.${status}` as MessageId) : t('status.other', { status: String(status) });
}

/** The order's status as a badge; a change waiting on the phone says so beside it. */
export function StatusBadge({ status, waiting }: { status: number; waiting: StatusChange | undefined }) {
  const t = useT();
  const statusName = useStatusName();
  return (
    <span className="badges">
      <span className={`pill status-${status === OrderStatus.PickedUp ? 'picked' : 'confirmed'}`}>
        {statusName(status)}
      </span>
      {waiting ? <span className="pill waiting">{t('status.waiting')}</span> : null}
    </span>
  );
}
