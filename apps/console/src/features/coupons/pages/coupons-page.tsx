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
import { couponMessages, couponTypeLabels } from '@storedesk/shared/coupons/schemas';
import type { Coupon } from '@storedesk/shared/coupons/schemas';
import { formatDay } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';
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

/** What the coupon takes off, in a few words. */
function discountText(coupon: Coupon): string {
  if (coupon.type === 'FREE_DELIVERY') return 'Delivery charges waived';
  return `${coupon.discountPercent}% up to ${formatRupees(coupon.maxDiscountPaise)}`;
}

const validityText = (coupon: Coupon) => `${formatDay(coupon.validFrom)} – ${formatDay(coupon.expiresAt)}`;
const windowText = (coupon: Coupon) => `${coupon.availStartTime} – ${coupon.availEndTime}`;
const usesText = (coupon: Coupon) =>
  `${coupon.usedCount.toLocaleString('en-IN')} / ${coupon.usageLimit.toLocaleString('en-IN')}`;

function ExpiredChip({ coupon }: { coupon: Coupon }) {
  if (!coupon.expired) return null;
  return <Chip size="small" color="warning" variant="outlined" label="Expired" sx={{ ml: 1 }} />;
}

function CreateCouponButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={onClick}>
      Create new coupon
    </Button>
  );
}

function CloseButton({ coupon, onClose }: { coupon: Coupon; onClose: (coupon: Coupon) => void }) {
  return (
    <Button
      size="small"
      color="error"
      aria-label={`Close coupon ${coupon.code}`}
      onClick={() => onClose(coupon)}
    >
      Close
    </Button>
  );
}

/** /coupons (owner only, D16): the open coupons, 'Create new coupon', and Close with a confirmation. */
export function CouponsPage() {
  // On a phone each coupon is one row: its code and name with its terms on lines beneath (B9).
  const compact = useCompact('md');
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
      notify(`Coupon ${code} closed`);
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
              {couponTypeLabels[coupon.type]} · {discountText(coupon)}
            </Typography>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {validityText(coupon)} · {windowText(coupon)}
            </Typography>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              Used {usesText(coupon)}
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
        <TableCell>{couponTypeLabels[coupon.type]}</TableCell>
        <TableCell>
          {discountText(coupon)}
          {coupon.minOrderValuePaise > 0 ? (
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              Min order {formatRupees(coupon.minOrderValuePaise)}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{validityText(coupon)}</span>
            <ExpiredChip coupon={coupon} />
          </Stack>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            Daily {windowText(coupon)}
          </Typography>
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {usesText(coupon)}
        </TableCell>
        {action}
      </TableRow>
    );
  });

  return (
    <>
      <PageHeader
        title="Coupons"
        description="The open coupons customers can use at checkout; a closed coupon leaves this list."
        actions={<CreateCouponButton onClick={openCreate} />}
      />
      <Paper variant="outlined">
        <Toolbar sx={{ py: 1, px: { xs: 2 } }}>
          <SearchField label="Search coupons" value={q} onSearch={(next) => setListParams({ q: next })} />
        </Toolbar>
        <ListQueryStatus query={coupons} noun="coupons" />
        <TableRegion name="Coupons" maxHeight={640}>
          <Table stickyHeader size="small" aria-label="Coupons">
            <TableHead>
              {compact ? (
                <TableRow>
                  <TableCell>Coupon</TableCell>
                  <TableCell align="right">Action</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell>Code</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Discount</TableCell>
                  <TableCell>Validity</TableCell>
                  <TableCell align="right">Uses</TableCell>
                  <TableCell align="right">Action</TableCell>
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
                noun="coupons"
                empty={{
                  action: <CreateCouponButton onClick={openCreate} />,
                  hint: 'Create a coupon to give customers a discount or free delivery at checkout.',
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
        title="Close coupon"
        message={closing.coupon ? couponMessages.closeQuestion(closing.coupon.code) : ''}
        confirmLabel="Close coupon"
        busy={closeCoupon.isPending}
        busyLabel="Closing…"
        onConfirm={() => void confirmClose()}
        onClose={() => setClosing((now) => ({ ...now, open: false }))}
      />
      <ErrorDialog
        title={`Coupon ${refusal?.code ?? ''} was not closed`}
        message={refusal?.message ?? null}
        onClose={() => setRefusal(null)}
      />
    </>
  );
}
