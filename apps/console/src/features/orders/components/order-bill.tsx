import Paper from '@mui/material/Paper';
import { chargeLineLabel } from '@storedesk/shared/stores/delivery-rule';
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
  return (
    <Paper variant="outlined">
      <Stack
        direction="row"
        sx={{ px: 2, pt: 2, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
      >
        <Typography variant="h6" component="h2">
          Bill
        </Typography>
        {action}
      </Stack>
      {/* Narrower cells on a phone, so the four columns fit the card without scrolling sideways. */}
      <Table
        size="small"
        aria-label="Bill"
        sx={{
          '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
          '& td:first-of-type': { overflowWrap: 'anywhere' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Amount</TableCell>
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
          <SumRow label="Items total" value={formatRupees(order.itemsTotalPaise)} />
          {order.offer ? (
            <SumRow
              // A coupon by its code; the referral programme's offer by its own name (ADR 0041).
              label={order.couponCode ? `Coupon ${order.offer.coupon}` : order.offer.coupon}
              value={`−${formatRupees(order.offer.discountPaise)}`}
            />
          ) : null}
          {order.charges.map((charge, index) => (
            <SumRow
              key={`${charge.chargeLabel}-${index}`}
              label={chargeLineLabel(charge)}
              value={formatRupees(charge.chargeAmountPaise)}
            />
          ))}
          <SumRow label="Bill amount" value={formatRupees(order.billAmountPaise)} strong />
        </TableBody>
      </Table>
    </Paper>
  );
}
