import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lineWeightName, weightText } from '@storedesk/shared/catalogue/variants';
import { formatRupees } from '@storedesk/shared/money';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { chargeText } from '@storedesk/web/bill';
import { useT } from '@storedesk/web/i18n';
import { useTexts } from '@storedesk/web/texts';
import type { ReactNode } from 'react';

const amount = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function SumRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const sx = strong ? { fontWeight: 600 } : {};
  return (
    <TableRow>
      <TableCell colSpan={3} sx={sx}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ ...amount, ...sx }}>
        {value}
      </TableCell>
    </TableRow>
  );
}

/**
 * SPEC §2 order detail: each item with its quantity and amount (quantity ×
 * price), the items total, the coupon when one was applied, each charge, and
 * the bill amount, all in rupees from exact paise (D11).
 */
export function OrderBill({ order, action }: { order: OrderDetail; action?: ReactNode }) {
  const t = useT();
  const { text } = useTexts();
  return (
    <Paper variant="outlined">
      <Stack
        direction="row"
        sx={{ px: 2, pt: 2, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
      >
        <Typography variant="h6" component="h2">
          {t('bill.title')}
        </Typography>
        {action}
      </Stack>
      {/* Narrower cells on a phone, so the four columns fit the card without scrolling sideways. */}
      <Table
        size="small"
        aria-label={t('bill.title')}
        sx={{
          '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
          '& td:first-of-type': { overflowWrap: 'anywhere' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('bill.item')}</TableCell>
            <TableCell align="right">{t('bill.quantity')}</TableCell>
            <TableCell align="right">{t('bill.price')}</TableCell>
            <TableCell align="right">{t('bill.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.items.map((item, index) => (
            <TableRow key={`${item.itemId}-${index}`}>
              <TableCell>{lineWeightName(item)}</TableCell>
              <TableCell align="right" sx={amount}>
                {/* A loose line: its steps, each at the price beside it. */}
                {item.stepGrams ? `${item.itemQuantity} × ${weightText(item.stepGrams)}` : item.itemQuantity}
              </TableCell>
              <TableCell align="right" sx={amount}>
                {formatRupees(item.itemPricePaise)}
              </TableCell>
              <TableCell align="right" sx={amount}>
                {formatRupees(item.itemQuantity * item.itemPricePaise)}
              </TableCell>
            </TableRow>
          ))}
          <SumRow label={t('bill.itemsTotal')} value={formatRupees(order.itemsTotalPaise)} />
          {order.offer ? (
            <SumRow
              // A coupon by its code; the referral programme's offer by its own name (ADR 0041).
              label={order.couponCode ? t('bill.coupon', { code: order.offer.coupon }) : order.offer.coupon}
              value={`−${formatRupees(order.offer.discountPaise)}`}
            />
          ) : null}
          {order.charges.map((charge, index) => (
            <SumRow
              key={`${charge.chargeLabel}-${index}`}
              label={chargeText(charge, text)}
              value={formatRupees(charge.chargeAmountPaise)}
            />
          ))}
          <SumRow label={t('bill.billAmount')} value={formatRupees(order.billAmountPaise)} strong />
        </TableBody>
      </Table>
    </Paper>
  );
}
