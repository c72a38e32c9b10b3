import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { Coupon } from '@storedesk/shared/coupons/schemas';
import { useFormat, useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { ListQueryStatus, ListRows } from '@/components/table-states.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useCloseCoupon } from '@/features/coupons/api/close-coupon.ts';
import { useCoupons } from '@/features/coupons/api/get-coupons.ts';
import { CouponCreateDialog } from '@/features/coupons/components/coupon-create-dialog.tsx';
import { TableRegion } from '@/components/table-region.tsx';
import { couponTypeText } from '@/features/coupons/coupon-words.ts';

/** A coupon's terms in a few words, in the language shown: what it takes off, when, and how often it was used. */
function useCouponWords() {
  const t = useT();
  const { day, money, number } = useFormat();
  return {
    discount: (coupon: Coupon): string =>
      coupon.type === 'FREE_DELIVERY'
        ? t('coupons.deliveryWaived')
        : t('coupons.discountUpTo', {
            percent: String(coupon.discountPercent),
            max: money(coupon.maxDiscountPaise),
          }),
    validity: (coupon: Coupon) => `${day(coupon.validFrom)} – ${day(coupon.expiresAt)}`,
    window: (coupon: Coupon) => `${coupon.availStartTime} – ${coupon.availEndTime}`,
    uses: (coupon: Coupon) => `${number(coupon.usedCount)} / ${number(coupon.usageLimit)}`,
  };
}

function ExpiredChip({ coupon }: { coupon: Coupon }) {
  const t = useT();
  if (!coupon.expired) return null;
  return <Chip size="small" color="warning" variant="outlined" label={t('coupons.expired')} sx={{ ml: 1 }} />;
}

function CreateCouponButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={onClick}>
      {t('coupons.createNew')}
    </Button>
  );
}

function CloseButton({ coupon, onClose }: { coupon: Coupon; onClose: (coupon: Coupon) => void }) {
  const t = useT();
  return (
    <Button
      size="small"
      color="error"
      aria-label={t('coupons.closeNamed', { code: coupon.code })}
      onClick={() => onClose(coupon)}
    >
      {t('common.close')}
    </Button>
  );
}

/** /coupons (owner only, D16): the open coupons, 'Create new coupon', and Close with a confirmation. */
export function CouponsPage() {
  // On a phone each coupon is one row: its code and name with its terms on lines beneath (B9).
  const compact = useCompact('md');
  const t = useT();
  const words = useCouponWords();
  const { money } = useFormat();
  const notify = useSnackbar();
  const [listParams, setListParams] = useListParams();
  const { q, page, pageSize } = listParams;
  const coupons = useCoupons({ q, page, pageSize });
  const closeCoupon = useCloseCoupon();
  const [creating, setCreating] = useState<{ open: boolean; key: number }>({ open: false, key: 0 });
  // The coupon asked about stays named while the dialog closes.
  const [closing, setClosing] = useState<{ coupon: Coupon | null; open: boolean }>({
    coupon: null,
    open: false,
  });
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);

  const items = coupons.data?.items ?? [];
  const total = coupons.data?.total ?? 0;
  const lastPage = usePageInRange(coupons, listParams, setListParams);
  const openCreate = () => setCreating((now) => ({ open: true, key: now.key + 1 }));

  const confirmClose = async () => {
    if (!closing.coupon) return;
    // The version the row showed: a coupon changed or closed since is refused (D9).
    const { code, version } = closing.coupon;
    try {
      await closeCoupon.mutateAsync({ code, version });
      notify(t('coupons.closed', { code }));
    } catch (error) {
      const apiError = asApiError(error);
      if (apiError.status !== 401) setRefusal({ code, message: apiError.message });
    } finally {
      setClosing((now) => ({ ...now, open: false }));
    }
  };

  const columns = compact ? 2 : 7;

  const rows = items.map((coupon) => {
    const action = (
      <TableCell align="right">
        <CloseButton coupon={coupon} onClose={(chosen) => setClosing({ coupon: chosen, open: true })} />
      </TableCell>
    );
    if (compact) {
      return (
        <TableRow key={coupon.code} hover>
          <TableCell>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
              {coupon.code}
              <ExpiredChip coupon={coupon} />
            </Typography>
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              {coupon.name}
            </Typography>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {t(couponTypeText[coupon.type])} · {words.discount(coupon)}
            </Typography>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {words.validity(coupon)} · {words.window(coupon)}
            </Typography>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {t('coupons.used', { uses: words.uses(coupon) })}
            </Typography>
          </TableCell>
          {action}
        </TableRow>
      );
    }
    return (
      <TableRow key={coupon.code} hover>
        <TableCell sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{coupon.code}</TableCell>
        <TableCell sx={{ wordBreak: 'break-word' }}>{coupon.name}</TableCell>
        <TableCell>{t(couponTypeText[coupon.type])}</TableCell>
        <TableCell>
          {words.discount(coupon)}
          {coupon.minOrderValuePaise > 0 ? (
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {t('coupons.minOrder', { amount: money(coupon.minOrderValuePaise) })}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{words.validity(coupon)}</span>
            <ExpiredChip coupon={coupon} />
          </Stack>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {t('coupons.daily', { window: words.window(coupon) })}
          </Typography>
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {words.uses(coupon)}
        </TableCell>
        {action}
      </TableRow>
    );
  });

  return (
    <>
      <PageHeader
        title={t('coupons.title')}
        description={t('coupons.description')}
        actions={<CreateCouponButton onClick={openCreate} />}
      />
      <Paper variant="outlined">
        <Toolbar sx={{ py: 1, px: { xs: 2 } }}>
          <SearchField
            label={t('coupons.search')}
            value={q}
            onSearch={(next) => setListParams({ q: next })}
          />
        </Toolbar>
        <ListQueryStatus query={coupons} noun={t('coupons.noun')} />
        <TableRegion name={t('coupons.title')} maxHeight={640}>
          <Table stickyHeader size="small" aria-label={t('coupons.title')}>
            <TableHead>
              {compact ? (
                <TableRow>
                  <TableCell>{t('coupons.coupon')}</TableCell>
                  <TableCell align="right">{t('common.action')}</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell>{t('coupons.code')}</TableCell>
                  <TableCell>{t('common.name')}</TableCell>
                  <TableCell>{t('coupons.type')}</TableCell>
                  <TableCell>{t('coupons.discount')}</TableCell>
                  <TableCell>{t('coupons.validity')}</TableCell>
                  <TableCell align="right">{t('coupons.uses')}</TableCell>
                  <TableCell align="right">{t('common.action')}</TableCell>
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              <ListRows
                query={coupons}
                count={items.length}
                columns={columns}
                q={q}
                onClearSearch={() => setListParams({ q: '' })}
                noun={t('coupons.noun')}
                empty={{
                  action: <CreateCouponButton onClick={openCreate} />,
                  hint: t('coupons.emptyHint'),
                }}
              >
                {rows}
              </ListRows>
            </TableBody>
          </Table>
        </TableRegion>
        <ListPagination
          total={total}
          page={Math.min(page, lastPage)}
          pageSize={pageSize}
          onChange={setListParams}
        />
      </Paper>
      <CouponCreateDialog
        key={creating.key}
        open={creating.open}
        onClose={() => setCreating((now) => ({ ...now, open: false }))}
      />
      <ConfirmDialog
        open={closing.open}
        title={t('coupons.closeTitle')}
        message={closing.coupon ? t('coupons.closeQuestion', { code: closing.coupon.code }) : ''}
        confirmLabel={t('coupons.closeTitle')}
        busy={closeCoupon.isPending}
        busyLabel={t('coupons.closing')}
        onConfirm={() => void confirmClose()}
        onClose={() => setClosing((now) => ({ ...now, open: false }))}
      />
      <ErrorDialog
        title={t('coupons.notClosed', { code: refusal?.code ?? '' })}
        message={refusal?.message ?? null}
        onClose={() => setRefusal(null)}
      />
    </>
  );
}
