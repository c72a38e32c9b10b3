import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CustomerDetail } from '@storedesk/shared/customers/schemas';
import { useFormat, useT } from '@storedesk/web/i18n';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { CardSkeleton } from '@/components/loading-skeleton.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useSetCustomerBlocked } from '@/features/customers/api/block-customer.ts';
import { useCustomer } from '@/features/customers/api/get-customer.ts';
import { BlockedChip } from '@/features/customers/components/blocked-chip.tsx';
import { CustomerOrders } from '@/features/customers/components/customer-orders.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
      <Typography variant="body2" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, textAlign: 'right', wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Stack>
  );
}

function BackButton() {
  const t = useT();
  return (
    <Button startIcon={<ArrowBackOutlined />} component={RouterLink} to={paths.customers.list.getHref()}>
      {t('customers.title')}
    </Button>
  );
}

function CustomerNotFound() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('customers.notFound')} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>{t('customers.notFoundText')}</Typography>
        <Link
          component={RouterLink}
          to={paths.customers.list.getHref()}
          sx={{ display: 'inline-block', mt: 2 }}
        >
          {t('customers.backToList')}
        </Link>
      </Paper>
    </>
  );
}

function DetailsCard({ customer }: { customer: CustomerDetail }) {
  const t = useT();
  const { dateTime, money, number } = useFormat();
  const timeZone = useTimeZone();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('customers.details')}
      </Typography>
      <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
        <Field label={t('customers.phone')}>
          <Link
            href={`tel:${customer.phone}`}
            aria-label={t('customers.call', { name: customer.name, phone: customer.phone })}
          >
            {customer.phone}
          </Link>
        </Field>
        <Field label={t('customers.since')}>{dateTime(customer.createdAt, timeZone)}</Field>
        <Field label={t('customers.orders')}>{number(customer.ordersCount)}</Field>
        <Field label={t('customers.totalSpent')}>{money(customer.totalSpentPaise)}</Field>
        <Field label={t('customers.lastOrder')}>
          {customer.lastOrderAt ? dateTime(customer.lastOrderAt, timeZone) : t('customers.never')}
        </Field>
      </Stack>
    </Paper>
  );
}

function AddressesCard({ customer }: { customer: CustomerDetail }) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('customers.addresses')}
      </Typography>
      {customer.addresses.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('customers.noAddresses')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {customer.addresses.map((address) => (
            <li key={address.id}>
              <Typography variant="subtitle2">{address.label}</Typography>
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                {address.text}
              </Typography>
              {address.landmark ? (
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {t('customers.near', { landmark: address.landmark })}
                </Typography>
              ) : null}
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * /customers/:customerId (owner only, B15): the customer's details, saved
 * addresses and orders, and Block or Unblock after a confirmation: a blocked
 * customer's orders are refused.
 */
export function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  const customer = useCustomer(customerId);
  const setBlocked = useSetCustomerBlocked();
  const notify = useSnackbar();
  const t = useT();
  const { dateTime } = useFormat();
  const timeZone = useTimeZone();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (isApiError(customer.error, 404)) return <CustomerNotFound />;

  if (!customer.data) {
    return (
      <>
        <PageHeader title={t('customers.customer')} actions={<BackButton />} />
        {customer.isError ? (
          <LoadError
            title={t('customers.loadFailed')}
            error={customer.error}
            onRetry={() => void customer.refetch()}
            retrying={customer.isFetching}
          />
        ) : (
          <CardSkeleton lines={5} label={t('customers.loading')} />
        )}
      </>
    );
  }

  const current = customer.data;
  const blocked = current.blockedAt !== null;

  const confirm = async () => {
    try {
      const changed = await setBlocked.mutateAsync({ customerId: current.id, blocked: !blocked });
      notify(
        t(changed.blockedAt ? 'customers.blockedDone' : 'customers.unblockedDone', { name: changed.name }),
      );
    } catch (error) {
      const apiError = asApiError(error);
      if (apiError.status !== 401) setRefusal(apiError.message);
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <PageHeader
        title={current.name}
        description={
          <>
            {current.phone}
            <BlockedChip blockedAt={current.blockedAt} />
          </>
        }
        actions={
          <>
            <BackButton />
            {blocked ? (
              <Button variant="outlined" startIcon={<CheckCircleOutlined />} onClick={() => setAsking(true)}>
                {t('customers.unblock')}
              </Button>
            ) : (
              <Button
                variant="outlined"
                color="error"
                startIcon={<BlockOutlined />}
                onClick={() => setAsking(true)}
              >
                {t('customers.block')}
              </Button>
            )}
          </>
        }
      />
      <Stack spacing={3}>
        {current.blockedAt ? (
          <Alert severity="warning">
            {current.blockedByName
              ? t('customers.blockedSinceBy', {
                  when: dateTime(current.blockedAt, timeZone),
                  name: current.blockedByName,
                })
              : t('customers.blockedSince', { when: dateTime(current.blockedAt, timeZone) })}
          </Alert>
        ) : null}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <CustomerOrders customerId={current.id} />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={3}>
              <DetailsCard customer={current} />
              <AddressesCard customer={current} />
            </Stack>
          </Grid>
        </Grid>
      </Stack>
      {/* One dialog per question: Unblock asked while Block's dialog still fades out opens a new one. */}
      <ConfirmDialog
        key={blocked ? 'unblock' : 'block'}
        open={asking}
        title={t(blocked ? 'customers.unblockTitle' : 'customers.blockTitle', { name: current.name })}
        message={t(blocked ? 'customers.unblockText' : 'customers.blockText')}
        confirmLabel={t(blocked ? 'customers.unblock' : 'customers.block')}
        busy={setBlocked.isPending}
        busyLabel={t(blocked ? 'customers.unblocking' : 'customers.blocking')}
        tone={blocked ? 'primary' : 'error'}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
      <ErrorDialog
        title={t(blocked ? 'customers.notUnblocked' : 'customers.notBlocked', { name: current.name })}
        message={refusal}
        onClose={() => setRefusal(null)}
      />
    </>
  );
}
