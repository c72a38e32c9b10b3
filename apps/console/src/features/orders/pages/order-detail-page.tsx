import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatRupees } from '@storedesk/shared/money';
import { OrderStatus } from '@storedesk/shared/orders';
import { useT } from '@storedesk/web/i18n';
import { useId, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LoadError } from '@/components/load-error.tsx';
import { CardSkeleton } from '@/components/loading-skeleton.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useOrder } from '@/features/orders/api/get-order.ts';
import { usePrintOnConfirm } from '@/features/orders/api/get-print-on-confirm.ts';
import { useStoreSlotRule } from '@/features/orders/api/get-store-slot-rule.ts';
import { OrderBill } from '@/features/orders/components/order-bill.tsx';
import { EditItemsDialog } from '@/features/orders/components/edit-items-dialog.tsx';
import { ChangeSlotDialog, slotMayChange } from '@/features/orders/components/change-slot-dialog.tsx';
import { itemsMayChange } from '@storedesk/shared/orders/edit';
import { OrderDeliveryCard } from '@/features/orders/components/order-delivery-card.tsx';
import { OrderRatingCard } from '@/features/orders/components/order-rating-card.tsx';
import { OrderSummaryCard } from '@/features/orders/components/order-summary-card.tsx';
import { OrderTimeline } from '@/features/orders/components/order-timeline.tsx';
import { UpdateOrderDialog } from '@/features/orders/components/update-order-dialog.tsx';

function OrderNotFound() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('orderPage.notFoundTitle')} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>{t('orderPage.notFound')}</Typography>
        <Link component={RouterLink} to={paths.orders.list.getHref()} sx={{ display: 'inline-block', mt: 2 }}>
          {t('orderPage.backToOrders')}
        </Link>
      </Paper>
    </>
  );
}

/**
 * /orders/:orderId (SPEC §2, D8, B5): the bill, the order's store, customer,
 * status, delivery executive and age, the customer's rating once given (B19),
 * its timeline with notes, and Update Order while it is open; Change slot (or Book a
 * slot) until it is picked up when its store delivers in slots (B19). Changes by
 * others show up live.
 */
export function OrderDetailPage() {
  const t = useT();
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const [updating, setUpdating] = useState(false);
  const [editingItems, setEditingItems] = useState(false);
  const [changingSlot, setChangingSlot] = useState(false);
  // The store's slot rule, read only for an order whose slot may still change.
  const slotOpen = order.data ? slotMayChange(order.data) : false;
  const slotRule = useStoreSlotRule(order.data?.storeId ?? '', slotOpen);
  const printOnConfirm = usePrintOnConfirm();
  // Each confirmation on this page that prints loads the ticket's frame anew.
  const [printing, setPrinting] = useState(0);
  const closedId = useId();

  if (isApiError(order.error, 404)) return <OrderNotFound />;

  if (!order.data) {
    return (
      <>
        <PageHeader title={t('orderPage.order')} />
        {order.isError ? (
          <LoadError
            title={t('orderPage.loadFailed')}
            error={order.error}
            onRetry={() => void order.refetch()}
            retrying={order.isFetching}
          />
        ) : (
          <CardSkeleton lines={6} label={t('orderPage.loading')} />
        )}
      </>
    );
  }

  const current = order.data;
  const closed = current.state === 0;
  const listHref = closed ? paths.orders.completed.getHref() : paths.orders.list.getHref();

  return (
    <>
      <PageHeader
        title={t('orderPage.title', { number: String(current.number) })}
        description={`${current.storeName} · ${formatRupees(current.billAmountPaise)}`}
        actions={
          <>
            <Button startIcon={<ArrowBackOutlined />} component={RouterLink} to={listHref}>
              {t(closed ? 'orders.completedOrders' : 'orders.title')}
            </Button>
            <Button
              startIcon={<PrintOutlined />}
              component={RouterLink}
              to={`${paths.orders.printKitchen.getHref(current.id)}?print=1`}
              target="_blank"
            >
              {t('orders.printKitchen')}
            </Button>
            <Button
              startIcon={<ReceiptLongOutlined />}
              component={RouterLink}
              to={`${paths.orders.printBill.getHref(current.id)}?print=1`}
              target="_blank"
            >
              {t('orders.printBill')}
            </Button>
            <Button
              variant="contained"
              startIcon={<EditOutlined />}
              disabled={closed}
              aria-describedby={closed ? closedId : undefined}
              onClick={() => setUpdating(true)}
            >
              {t('orders.updateOrder')}
            </Button>
          </>
        }
      />
      <Stack spacing={3}>
        {closed ? (
          <Alert severity="info" id={closedId}>
            {t('orders.closed')}
          </Alert>
        ) : null}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <OrderBill
              order={current}
              action={
                itemsMayChange(current) ? (
                  <Button size="small" variant="outlined" onClick={() => setEditingItems(true)}>
                    {t('orderPage.changeItems')}
                  </Button>
                ) : null
              }
            />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={3}>
              <OrderSummaryCard
                order={current}
                slotAction={
                  slotOpen && slotRule.data?.deliverySlots ? (
                    <Button
                      size="small"
                      variant="outlined"
                      sx={{ mt: 0.5 }}
                      onClick={() => setChangingSlot(true)}
                    >
                      {t(current.slot ? 'orderPage.changeSlot' : 'orderPage.bookSlot')}
                    </Button>
                  ) : null
                }
              />
              <OrderRatingCard order={current} />
              <OrderDeliveryCard order={current} />
              <OrderTimeline order={current} />
            </Stack>
          </Grid>
        </Grid>
      </Stack>
      {editingItems ? <EditItemsDialog order={current} onClose={() => setEditingItems(false)} /> : null}
      {changingSlot ? <ChangeSlotDialog order={current} onClose={() => setChangingSlot(false)} /> : null}
      {updating ? (
        <UpdateOrderDialog
          order={current}
          onClose={() => setUpdating(false)}
          onSaved={(saved) => {
            if (
              printOnConfirm &&
              saved.status === OrderStatus.Confirmed &&
              current.status !== OrderStatus.Confirmed
            ) {
              setPrinting((count) => count + 1);
            }
          }}
        />
      ) : null}
      {printing > 0 ? (
        // Prints the kitchen ticket without leaving the page (no pop-up to block): the frame opens the
        // browser's print dialog for its own document once loaded.
        <iframe
          key={printing}
          title={t('orderPage.printing')}
          src={`${paths.orders.printKitchen.getHref(current.id)}?print=1`}
          aria-hidden="true"
          tabIndex={-1}
          style={{ position: 'fixed', right: 0, bottom: 0, width: 0, height: 0, border: 0 }}
        />
      ) : null}
    </>
  );
}
