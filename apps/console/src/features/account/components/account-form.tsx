import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import {
  accountMessages,
  accountSchema,
  accountUpdateSchema,
  pendingEmailNotice,
} from '@storedesk/shared/account/schemas';
import type { Account } from '@storedesk/shared/account/schemas';
import { useT } from '@storedesk/web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { accountQueryKey } from '@/features/account/api/get-account.ts';
import { useUpdateAccount } from '@/features/account/api/update-account.ts';
import { SaveButton } from '@/components/save-button.tsx';
import { changedFields, useEditBase, useStaleSaveMessage } from '@/lib/edit-base.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';

const formFields = ['name', 'email', 'phone', 'password', 'currentPassword'] as const;

/** The form holds the fields; the version sent is the one its edits started from (D9). */
const accountFormSchema = accountUpdateSchema.omit({ version: true });
type AccountFormValues = z.input<typeof accountFormSchema>;

function toFormValues(account: Account): AccountFormValues {
  return {
    name: account.name,
    email: account.email,
    phone: account.phone,
    password: '',
    currentPassword: '',
  };
}

/** SPEC §2 and §5: name, email and phone required; the password only when one is typed. */
export function AccountForm({ account }: { account: Account }) {
  const t = useT();
  const staleSaveMessage = useStaleSaveMessage();
  const queryClient = useQueryClient();
  const update = useUpdateAccount();
  const notify = useSnackbar();
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm<AccountFormValues, unknown, z.output<typeof accountFormSchema>>({
    resolver: zodResolver(accountFormSchema),
    mode: 'onTouched',
    defaultValues: toFormValues(account),
  });
  const base = useEditBase(account, isDirty);
  // D18: a new password or e-mail needs the current password.
  const typedPassword = useWatch({ control, name: 'password' }) ?? '';
  const typedEmail = useWatch({ control, name: 'email' });
  const needsCurrentPassword =
    typedPassword.trim() !== '' || typedEmail.trim().toLowerCase() !== account.email.toLowerCase();

  // Follow changes made elsewhere until the user starts editing; after that a
  // save based on the old version is refused (409) rather than overwriting them.
  useEffect(() => {
    if (!isDirty) reset(toFormValues(account));
  }, [account, isDirty, reset]);

  const onSubmit = handleSubmit((values) => {
    setStale(null);
    if (needsCurrentPassword && values.currentPassword === undefined) {
      setError(
        'currentPassword',
        { message: accountMessages.currentPasswordRequired },
        { shouldFocus: true },
      );
      return;
    }
    const savedFrom = base;
    update.mutate(
      {
        ...values,
        currentPassword: needsCurrentPassword ? values.currentPassword : undefined,
        version: savedFrom.version,
      },
      {
        onSuccess: (saved) => {
          reset(toFormValues(saved));
          notify(t('account.saved'));
        },
        onError: (error) => {
          if (isApiError(error, 401)) return;
          const current = accountSchema.safeParse(isApiError(error, 409) ? error.current : undefined);
          if (current.success) {
            queryClient.setQueryData(accountQueryKey, current.data);
            reset(toFormValues(current.data));
            // What the stale-save alert names when another save changed the account.
            const changeLabels = {
              name: t('common.name'),
              email: t('account.email'),
              phone: t('account.phone'),
            } satisfies Partial<Record<keyof Account, string>>;
            setStale(
              staleSaveMessage(t('account.noun'), changedFields(savedFrom, current.data, changeLabels)),
            );
            return;
          }
          // A message on a field (a wrong current password, an e-mail in use) is said there alone,
          // the first such field taking the focus; the Error dialog is for the rest.
          const message = applySaveRefusal(asApiError(error), {
            current: accountSchema,
            showCurrent: (record) => reset(toFormValues(record)),
            fields: fieldMessages(setError, formFields),
          });
          if (message) setDialogMessage(message);
        },
      },
    );
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="account-form-title">
      <CardContent>
        <Typography id="account-form-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('account.editDetails')}
        </Typography>
        <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
          <StaleSaveAlert message={stale} onClose={() => setStale(null)} />
          {account.pendingEmail && (
            <Alert severity="info" role="status" sx={{ wordBreak: 'break-word' }}>
              {pendingEmailNotice(account.pendingEmail)}
            </Alert>
          )}
          <TextField
            label={t('common.name')}
            autoComplete="name"
            fullWidth
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={t('account.email')}
            type="email"
            autoComplete="email"
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={t('account.phone')}
            type="tel"
            autoComplete="tel"
            fullWidth
            error={Boolean(errors.phone)}
            helperText={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            label={t('account.updatePassword')}
            type="password"
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? t('account.passwordKeep')}
            {...register('password')}
          />
          {needsCurrentPassword && (
            <TextField
              label={t('account.currentPassword')}
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              error={Boolean(errors.currentPassword)}
              helperText={errors.currentPassword?.message ?? t('account.currentPasswordHelp')}
              {...register('currentPassword')}
            />
          )}
          <div>
            <SaveButton
              saving={update.isPending}
              label={t('account.save')}
              onCancel={() => reset(toFormValues(account))}
              cancelDisabled={!isDirty}
            />
          </div>
        </Stack>
      </CardContent>
      <ErrorDialog title={t('common.error')} message={dialogMessage} onClose={() => setDialogMessage(null)} />
    </Card>
  );
}
