import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@storedesk/web/i18n';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error.tsx';
import { CardSkeleton, FormSkeleton } from '@/components/loading-skeleton.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { sessionQueryKey } from '@/lib/session.ts';
import { useAccount } from '@/features/account/api/get-account.ts';
import { AccountForm } from '@/features/account/components/account-form.tsx';
import { ProfileCard } from '@/features/account/components/profile-card.tsx';
import { PasskeysCard } from '@/features/account/components/passkeys-card.tsx';
import { TwoFactorCard } from '@/features/account/components/two-factor-card.tsx';

export function AccountPage() {
  const t = useT();
  const account = useAccount();
  const queryClient = useQueryClient();
  // Where a followed verification link lands: the session's e-mail and its verified mark are read again.
  const [searchParams] = useSearchParams();
  const emailVerified = searchParams.get('email-verified') === '1';
  useEffect(() => {
    if (emailVerified) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [emailVerified, queryClient]);

  let content;
  if (account.data) {
    content = (
      <>
        <Grid size={{ xs: 12, md: 4 }}>
          <ProfileCard account={account.data} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            <AccountForm account={account.data} />
            <TwoFactorCard />
            <PasskeysCard />
          </Stack>
        </Grid>
      </>
    );
  } else if (account.isError) {
    content = (
      <Grid size={12}>
        <LoadError
          title={t('account.loadFailed')}
          error={account.error}
          onRetry={() => void account.refetch()}
          retrying={account.isFetching}
        />
      </Grid>
    );
  } else {
    content = (
      <>
        <Grid size={{ xs: 12, md: 4 }}>
          <CardSkeleton label={t('account.loadingProfile')} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <FormSkeleton fields={4} label={t('account.loadingDetails')} />
        </Grid>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('account.title')} description={t('account.description')} />
      {emailVerified && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('account.emailVerified')}
        </Alert>
      )}
      <Grid container spacing={3}>
        {content}
      </Grid>
    </>
  );
}
