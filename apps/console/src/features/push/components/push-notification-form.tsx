import { zodResolver } from '@hookform/resolvers/zod';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@storedesk/shared/messages';
import { pushLimits, pushMessages, pushNotificationInputSchema } from '@storedesk/shared/push/schemas';
import type { PushNotificationInput } from '@storedesk/shared/push/schemas';
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

function audienceLine(subscribers: number): string {
  return subscribers === 1
    ? 'It goes to the 1 customer device that allowed notifications.'
    : `It goes to the ${subscribers.toLocaleString('en-IN')} customer devices that allowed notifications.`;
}

type PushNotificationFormProps = {
  /** Subscriptions a send would reach now; undefined until known. */
  subscribers: number | undefined;
};

/** SPEC §5: title and message required; Send, then 'Push notifications sent' or the failure message (§8). */
export function PushNotificationForm({ subscribers }: PushNotificationFormProps) {
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
      notify({ severity: 'error', message: messages.pushFailed });
      return;
    }
    reset(empty);
    notify(messages.pushSent);
  });

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={onSubmit}
          aria-label="Send a push notification"
        >
          <Typography variant="h6" component="h2">
            Send a notification
          </Typography>
          {subscribers === 0 ? (
            <Alert severity="info">
              {pushMessages.noSubscribers}. You can still send: it will reach nobody until customers allow
              notifications in the customer app.
            </Alert>
          ) : null}
          <TextField
            label="Title"
            fullWidth
            required
            error={Boolean(errors.title)}
            helperText={helper(errors.title?.message, title.length, pushLimits.titleMax)}
            slotProps={{ htmlInput: { maxLength: pushLimits.titleMax } }}
            {...register('title')}
          />
          <TextField
            label="Message"
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
              {send.isPending ? 'Sending…' : 'Send'}
            </Button>
            {subscribers !== undefined && subscribers > 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {audienceLine(subscribers)}
              </Typography>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
