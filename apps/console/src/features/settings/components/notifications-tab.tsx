import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  choiceOf,
  choicePath,
  notificationChoicesSchema,
  notificationSettingsSchema,
  orderUpdateChannels,
  orderUpdates,
} from '@storedesk/shared/settings/notifications';
import type {
  NotificationChoices,
  NotificationSettings,
  OrderUpdate,
  OrderUpdateChannel,
} from '@storedesk/shared/settings/notifications';
import { FormattedMessage, useFormat, useT } from '@storedesk/web/i18n';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { useRecordSave } from '@/components/record-save.ts';
import { paths } from '@/config/paths.ts';
import { fieldMessages } from '@/lib/save-refusal.ts';
import { RecordLoader } from '@/components/record-loader.tsx';
import {
  notificationSettingsQueryKey,
  useNotificationSettings,
  useSaveNotificationSettings,
} from '@/features/settings/api/notification-settings.ts';
import type { Translate } from '@/i18n/index.ts';

type Channel = OrderUpdateChannel;
/** The form's switches: every update of both channels, which a save sends whole. */
type Choices = NotificationChoices;
/** A switch of the table: one channel's one update, as the form and the server's 400 name it. */
type ChoiceField = ReturnType<typeof choicePath>;

const channels = orderUpdateChannels;
/** The channels' names, the same in every language. */
const channelLabels: Record<Channel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };
/** The form's checks are the PUT's own, less the version. */
const choicesSchema = notificationChoicesSchema;

/** What a stale save says changed: "SMS updates and WhatsApp updates changed". */
const changeLabels = (t: Translate): Partial<Record<keyof NotificationSettings, string>> => ({
  sms: t('settings.notifications.smsUpdates'),
  whatsapp: t('settings.notifications.whatsappUpdates'),
  refunded: t('settings.notifications.refundUpdates'),
  itemsChanged: t('settings.notifications.itemChangeUpdates'),
});

const whatsappNoteId = 'notifications-whatsapp-note';

/** An order update's name in the language shown: "Confirmed". */
const updateName = (t: Translate, update: OrderUpdate) => t(`settings.notifications.update.${update}`);

/** "SMS when Confirmed": the switch's name, and how a change to it is told. */
const choiceName = (t: Translate, channel: Channel, update: OrderUpdate) =>
  t('settings.notifications.choice', { channel: channelLabels[channel], update: updateName(t, update) });

const choiceFields: ChoiceField[] = channels.flatMap((channel) =>
  orderUpdates.map((update) => choicePath(channel, update)),
);

function toFormValues({ sms, whatsapp, refunded, itemsChanged }: NotificationSettings): Choices {
  return {
    sms: { ...sms },
    whatsapp: { ...whatsapp },
    refunded: { ...refunded },
    itemsChanged: { ...itemsChanged },
  };
}

type Choice = { channel: Channel; update: OrderUpdate; on: boolean };

/** The switches that `to` has turned, from `from`, in the table's order (channel by channel). */
function changesBetween(from: Choices, to: Choices): Choice[] {
  return channels.flatMap((channel) =>
    orderUpdates
      .filter((update) => choiceOf(from, channel, update) !== choiceOf(to, channel, update))
      .map((update) => ({ channel, update, on: choiceOf(to, channel, update) })),
  );
}

/** "SMS when Confirmed on and WhatsApp when Delivered off", listed as the language lists. */
function told(t: Translate, list: (names: readonly string[]) => string, choices: Choice[]): string {
  return list(
    choices.map(({ channel, update, on }) =>
      t(on ? 'settings.notifications.choiceOn' : 'settings.notifications.choiceOff', {
        choice: choiceName(t, channel, update),
      }),
    ),
  );
}

function NotificationsForm({ record }: { record: NotificationSettings }) {
  const t = useT();
  const { list } = useFormat();
  const saveSettings = useSaveNotificationSettings();
  const live = useMemo(() => toFormValues(record), [record]);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    setFocus,
    getValues,
    formState: { errors, isDirty },
  } = useForm<Choices>({
    resolver: zodResolver(choicesSchema),
    mode: 'onTouched',
    defaultValues: live,
  });
  /** The owner's changes a colleague's newer save turned away (409), kept in view until made again. */
  const [turnedAway, setTurnedAway] = useState<Choice[]>([]);

  // Untouched, the form follows a colleague's saves; once edited it keeps the edits.
  useEffect(() => {
    if (!isDirty) reset(live);
  }, [live, isDirty, reset]);

  const saving = useRecordSave(record, isDirty, {
    schema: notificationSettingsSchema,
    queryKey: notificationSettingsQueryKey,
    mutation: saveSettings,
    recordName: t('settings.notifications.noun'),
    labels: changeLabels(t),
    showCurrent: (current) => {
      // What the owner changed from the settings their edits started from, before the form shows theirs.
      setTurnedAway(changesBetween(toFormValues(saving.base), getValues()));
      reset(toFormValues(current));
    },
    fields: fieldMessages<ChoiceField | Channel>(setError, {
      ...Object.fromEntries(choiceFields.map((field) => [field, field])),
      sms: 'sms',
      whatsapp: 'whatsapp',
      // A later update refused whole is told at its SMS switch, the first of its row.
      refunded: choicePath('sms', 'refunded'),
      itemsChanged: choicePath('sms', 'itemsChanged'),
    }),
    savedMessage: t('settings.notifications.saved'),
  });

  const onSubmit = handleSubmit(async (values) => {
    setTurnedAway([]);
    const saved = await saving.save(values);
    if (saved) reset(toFormValues(saved));
  });

  // Only what the settings shown now do not already say.
  const stillToMake = saving.conflictMessage
    ? turnedAway.filter(({ channel, update, on }) => choiceOf(live, channel, update) !== on)
    : [];
  const makeAgain = () => {
    for (const { channel, update, on } of stillToMake) {
      setValue(choicePath(channel, update), on, { shouldDirty: true });
    }
    const first = stillToMake[0];
    if (first) setFocus(choicePath(first.channel, first.update));
    setTurnedAway([]);
    saving.dismissConflict();
  };

  const choiceSwitch = (channel: Channel, update: OrderUpdate) => (
    <Controller
      control={control}
      name={choicePath(channel, update)}
      render={({ field, fieldState }) => {
        const errorId = `notifications-${channel}-${update}-error`;
        const describedBy = [
          fieldState.error ? errorId : null,
          channel === 'whatsapp' ? whatsappNoteId : null,
        ].filter(Boolean);
        return (
          <>
            <Switch
              name={field.name}
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              slotProps={{
                input: {
                  ref: field.ref,
                  'aria-label': choiceName(t, channel, update),
                  'aria-invalid': fieldState.error ? true : undefined,
                  'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
                },
              }}
            />
            {fieldState.error ? (
              <FormHelperText id={errorId} error sx={{ mx: 0 }}>
                {fieldState.error.message}
              </FormHelperText>
            ) : null}
          </>
        );
      }}
    />
  );

  const channelError = (channel: Channel) =>
    errors[channel]?.message ? (
      <FormHelperText error sx={{ mx: 0 }}>
        {errors[channel].message}
      </FormHelperText>
    ) : null;

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
      <StaleSaveAlert message={saving.conflictMessage} onClose={saving.dismissConflict} />
      {stillToMake.length > 0 ? (
        <Alert severity="info" role="status">
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <span>{t('settings.notifications.notSaved', { changes: told(t, list, stillToMake) })}</span>
            <Button size="small" variant="outlined" color="inherit" onClick={makeAgain}>
              {t('settings.notifications.makeAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <FormattedMessage
          id="settings.notifications.intro"
          values={{
            link: (words: ReactNode[]) => (
              <Link component={RouterLink} to={`${paths.settings.getHref()}?tab=others`}>
                {words}
              </Link>
            ),
          }}
        />
      </Typography>
      <Table
        size="small"
        aria-label={t('settings.notifications.table')}
        sx={{
          tableLayout: 'fixed',
          '& th, & td': { px: { xs: 1, sm: 2 } },
          '& thead th': { verticalAlign: 'bottom' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('settings.notifications.orderUpdate')}
            </TableCell>
            <TableCell component="th" scope="col">
              SMS
              {channelError('sms')}
            </TableCell>
            <TableCell component="th" scope="col">
              WhatsApp
              <Typography
                id={whatsappNoteId}
                variant="caption"
                sx={{ display: 'block', color: 'text.secondary', fontWeight: 'normal' }}
              >
                {t('settings.notifications.whatsappNote')}
              </Typography>
              {channelError('whatsapp')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orderUpdates.map((update) => (
            <TableRow key={update}>
              <TableCell component="th" scope="row">
                {updateName(t, update)}
              </TableCell>
              <TableCell>{choiceSwitch('sms', update)}</TableCell>
              <TableCell>{choiceSwitch('whatsapp', update)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1}>
        {/* Nothing to save until a switch is turned; disabled, Enter cannot send it either. */}
        <Button
          type="submit"
          variant="contained"
          disabled={saving.saving || !isDirty}
          loading={saving.saving}
          loadingPosition="start"
        >
          {saving.saving ? t('common.saving') : t('common.save')}
        </Button>
        <Button onClick={() => reset(live)} disabled={saving.saving || !isDirty}>
          {t('common.cancel')}
        </Button>
      </Stack>
      <ErrorDialog message={saving.dialogMessage} onClose={saving.closeDialog} />
    </Stack>
  );
}

/**
 * Settings > Notifications (B19, ADR 0075): which changes of an order's status tell its
 * customer, by SMS and by WhatsApp. SMS updates are texted as they happen; WhatsApp choices are
 * kept until customers can opt in to it.
 */
export function NotificationsTab() {
  const t = useT();
  return (
    <RecordLoader
      query={useNotificationSettings()}
      failed={t('settings.notifications.loadFailed')}
      loading={t('settings.notifications.loading')}
      fields={4}
    >
      {(record) => <NotificationsForm record={record} />}
    </RecordLoader>
  );
}
