import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '@storedesk/web/i18n';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ListQueryStatus } from '@/components/table-states.tsx';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useSignedInSession } from '@/lib/session.ts';
import { usePushNotifications } from '@/features/push/api/get-push-notifications.ts';
import { PushHistoryTable } from '@/features/push/components/push-history-table.tsx';
import { PushNotificationForm } from '@/features/push/components/push-notification-form.tsx';

/** /push-notifications (owner only, D13): send a notification to the customers, and the history of sends. */
export function PushNotificationsPage() {
  const t = useT();
  const timeZone = useSignedInSession().business.timeZone;
  const [listParams, setListParams] = useListParams();
  const { page, pageSize } = listParams;
  const history = usePushNotifications({ page, pageSize });
  const lastPage = usePageInRange(history, listParams, setListParams);

  return (
    <>
      <PageHeader title={t('push.title')} description={t('push.description')} />
      <Stack spacing={3}>
        <PushNotificationForm subscribers={history.data?.subscribers} />
        <Paper variant="outlined" component="section" aria-labelledby="push-history-title">
          <Typography id="push-history-title" variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
            {t('push.history')}
          </Typography>
          <ListQueryStatus query={history} noun={t('push.historyNoun')} />
          <PushHistoryTable query={history} sends={history.data?.items ?? []} timeZone={timeZone} />
          <ListPagination
            total={history.data?.total ?? 0}
            page={Math.min(page, lastPage)}
            pageSize={pageSize}
            onChange={setListParams}
          />
        </Paper>
      </Stack>
    </>
  );
}
