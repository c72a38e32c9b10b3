import { OrderStatus, orderStatusLabels } from '@storedesk/shared/orders';
import type { StatusChange } from '../lib/queue.ts';

/** The order's status as a badge; a change waiting on the phone says so beside it. */
export function StatusBadge({ status, waiting }: { status: number; waiting: StatusChange | undefined }) {
  return (
    <span className="badges">
      <span className={`pill status-${status === OrderStatus.PickedUp ? 'picked' : 'confirmed'}`}>
        {orderStatusLabels[status as OrderStatus] ?? `Status ${status}`}
      </span>
      {waiting ? <span className="pill waiting">Waiting for connection</span> : null}
    </span>
  );
}
