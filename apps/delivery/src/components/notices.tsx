import type { Notice } from '../lib/queue.ts';
import { dismissNotice } from '../lib/orders.ts';

/** What became of changes the server refused: shown until the executive dismisses them. */
export function NoticeList({ items, withNumbers }: { items: Notice[]; withNumbers: boolean }) {
  if (items.length === 0) return null;
  return (
    <ul className="notices" aria-label="Changes not made">
      {items.map((notice) => (
        <li key={notice.orderId} className="notice-card" role="alert">
          <p>
            {withNumbers ? <strong>Order #{notice.number}: </strong> : null}
            {notice.message}
          </p>
          <button
            type="button"
            className="button small secondary"
            onClick={() => dismissNotice(notice.orderId)}
          >
            Dismiss
            {withNumbers ? (
              <span className="visually-hidden"> the note on order #{notice.number}</span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
