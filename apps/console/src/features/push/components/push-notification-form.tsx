import { zodResolver } from '@hookform/resolvers/zod';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pushLimits, pushNotificationInputSchema } from '@storedesk/shared/push/schemas';
import type { PushNotificationInput } from '@storedesk/shared/push/schemas';
import { useFormat, useT } from '@storedesk/web/i18n';
import { useForm, useWatch } from 'react-hook-form';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';
import { useSendPushNotification } from '@/features/push/api/send-push-notification.ts';

const empty: PushNotificationInput = { title: '', message: '' };

/** "12/100", or the field's error once there is one. */
function helper(error: string | undefined, length: number, max: number): string {
  return error ?? `${length}/${max}`;
}

type PushNotificationFormProps = {
  /** Subscriptions a send would reach now; undefined until known. */
  subscribers: number | undefined;
};

/** SPEC §5: title and message required; Send, then 'Push notifications sent' or the failure message (§8). */
export function PushNotificationForm({ subscribers }: PushNotificationFormProps) {
  const t = useT();
  const { number } = useFormat();
  const send = useSendPushNotification();
  const notify = useSnackbar();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<PushNotificationInput>({
    resolver: zodResolver(pushNotificationInputSchema),
    mode: 'onTouched',
    defaultValues: empty,
  });
  const [title = '', message = ''] = useWatch({ control, name: ['title', 'message'] });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
    } catch (caught) {
      const error = asApiError(caught);
      if (error.status === 401) return;
      // The server's reasons go on their fields, the first taking the focus; the spec's message says it failed.
      applySaveRefusal(error, { fields: fieldMessages(setError, ['title', 'message']) });
      notify({ severity: 'error', message: t('push.failed') });
      return;
    }
    reset(empty);
    notify(t('push.sent'));
  });

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label={t('push.formLabel')}>
          <Typography variant="h6" component="h2">
            {t('push.formTitle')}
          </Typography>
          {subscribers === 0 ? <Alert severity="info">{t('push.noSubscribers')}</Alert> : null}
          <TextField
            label={t('push.field.title')}
            fullWidth
            required
            error={Boolean(errors.title)}
            helperText={helper(errors.title?.message, title.length, pushLimits.titleMax)}
            slotProps={{ htmlInput: { maxLength: pushLimits.titleMax } }}
            {...register('title')}
          />
          <TextField
            label={t('push.field.message')}
            fullWidth
            required
            multiline
            minRows={3}
            maxRows={10}
            error={Boolean(errors.message)}
            helperText={helper(errors.message?.message, message.length, pushLimits.messageMax)}
            slotProps={{ htmlInput: { maxLength: pushLimits.messageMax } }}
            {...register('message')}
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <Button
              type="submit"
              variant="contained"
              startIcon={<SendOutlined />}
              disabled={send.isPending}
              loading={send.isPending}
              loadingPosition="start"
            >
              {send.isPending ? t('push.sending') : t('push.send')}
            </Button>
            {subscribers !== undefined && subscribers > 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('push.audience', { count: subscribers, shown: number(subscribers) })}
              </Typography>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
