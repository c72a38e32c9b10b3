import { FormattedMessage, useT } from '@storedesk/web/i18n';
import type { Notice } from '../lib/queue.ts';
import { dismissNotice } from '../lib/orders.ts';
import { useStatusName } from './order-status.tsx';

/** What a notice says: the app's words for a change overtaken or an order gone, the server's for a refusal. */
function useNoticeText(): (notice: Notice) => string {
  const t = useT();
  const statusName = useStatusName();
  return (notice) => {
    if (notice.kind === 'gone') return t('notices.gone');
    if (notice.kind === 'conflict')
      return notice.status === undefined
        ? t('notices.changed')
        : t('notices.conflict', { status: statusName(notice.status) });
    return notice.message;
  };
}

/** What became of changes the server refused: shown until the executive dismisses them. */
export function NoticeList({ items, withNumbers }: { items: Notice[]; withNumbers: boolean }) {
  const t = useT();
  const text = useNoticeText();
  if (items.length === 0) return null;
  return (
    <ul className="notices" aria-label={t('notices.label')}>
      {items.map((notice) => (
        <li key={notice.orderId} className="notice-card" role="alert">
          <p>
            {withNumbers ? <strong>{t('notices.order', { number: String(notice.number) })} </strong> : null}
            {text(notice)}
          </p>
          <button
            type="button"
            className="button small secondary"
            onClick={() => dismissNotice(notice.orderId)}
          >
            {withNumbers ? (
              <FormattedMessage
                id="notices.dismissOrder"
                values={{
                  number: String(notice.number),
                  hidden: (words) => <span className="visually-hidden">{words}</span>,
                }}
              />
            ) : (
              t('notices.dismiss')
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
