import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderCounts, OrderSummary } from '@storedesk/shared/orders/schemas';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ListQueryStatus } from '@/components/table-states.tsx';
import { useListParams, useListSelection, usePageInRange } from '@/lib/list-params.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import type { OrdersQuery } from '@/features/orders/api/get-orders.ts';
import { useOrders } from '@/features/orders/api/get-orders.ts';
import { ExportOrdersButton } from '@/features/orders/components/export-orders-button.tsx';
import { BulkStatusDialog } from '@/features/orders/components/bulk-status-dialog.tsx';
import { OrderFiltersBar } from '@/features/orders/components/order-filters.tsx';
import { OrdersTable } from '@/features/orders/components/orders-table.tsx';
import { UpdateOrderDialog } from '@/features/orders/components/update-order-dialog.tsx';
import type { ActiveStatus } from '@/features/orders/order-list-params.ts';
import { useOrderFilters } from '@/features/orders/order-list-params.ts';
import type { MessageId } from '@/i18n/index.ts';

type TabValue = 'all' | `${ActiveStatus}`;

const tabs: { value: TabValue; label: MessageId; count: keyof OrderCounts }[] = [
  { value: 'all', label: 'orders.all', count: 'all' },
  { value: `${OrderStatus.Placed}`, label: 'status.placed', count: 'placed' },
  { value: `${OrderStatus.Confirmed}`, label: 'status.confirmed', count: 'confirmed' },
  { value: `${OrderStatus.PickedUp}`, label: 'status.pickedUp', count: 'pickedUp' },
];

/**
 * /orders (SPEC §2, D8, B2, B4): active orders, newest first, by status tab
 * with live counts, filtered by store, days and search; More opens an order or
 * its Update Order dialog, and checked orders change status together.
 */
export function OrdersPage() {
  const t = useT();
  const { zoneId } = useZoneFilter();
  const [listParams, setListParams] = useListParams();
  const [filters, setFilters] = useOrderFilters();
  const { q, page, pageSize } = listParams;
  const query: OrdersQuery = { view: 'active', ...filters, q, page, pageSize, zoneId };
  const orders = useOrders(query);
  const [toUpdate, setToUpdate] = useState<OrderSummary | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  const [selected, setSelected] = useListSelection(query);

  const items = orders.data?.items ?? [];
  const counts = orders.data?.counts;
  const lastPage = usePageInRange(orders, listParams, setListParams);
  const checked = items.filter((order) => selected.has(order.id));
  // The row as the list shows it now, so a live change reaches an open dialog.
  const updating = toUpdate ? (items.find((order) => order.id === toUpdate.id) ?? toUpdate) : null;

  const tab: TabValue = filters.status === undefined ? 'all' : `${filters.status}`;
  const filtered =
    q !== '' ||
    filters.status !== undefined ||
    filters.storeId !== undefined ||
    filters.from !== undefined ||
    filters.to !== undefined;

  return (
    <>
      <PageHeader
        title={counts ? t('orders.titleCount', { count: String(counts.all) }) : t('orders.title')}
        description={t('orders.description')}
        actions={
          <>
            <ExportOrdersButton query={query} />
            <Button startIcon={<ScheduleOutlined />} component={RouterLink} to={paths.orders.slots.getHref()}>
              {t('orders.bySlot')}
            </Button>
            <Button
              startIcon={<HistoryOutlined />}
              component={RouterLink}
              to={paths.orders.completed.getHref()}
            >
              {t('orders.completedOrders')}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, next: TabValue) =>
            setFilters({ status: next === 'all' ? undefined : (Number(next) as ActiveStatus) })
          }
          aria-label={t('orders.statusTabs')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {tabs.map(({ value, label, count }) => (
            <Tab
              key={value}
              value={value}
              label={
                <span>
                  {t(label)}{' '}
                  <Box
                    component="span"
                    sx={{
                      ml: 0.5,
                      px: 0.75,
                      borderRadius: 1,
                      bgcolor: 'action.selected',
                      fontVariantNumeric: 'tabular-nums',
                    }}
                  >
                    {counts ? counts[count] : '–'}
                  </Box>
                </span>
              }
            />
          ))}
        </Tabs>
        {checked.length > 0 ? (
          <Toolbar sx={{ gap: 1, py: 1, px: { xs: 2 }, bgcolor: 'action.selected', flexWrap: 'wrap' }}>
            <Typography sx={{ flexGrow: 1 }} role="status">
              {t('orders.selected', { count: checked.length })}
            </Typography>
            <Button variant="contained" startIcon={<EditNoteOutlined />} onClick={() => setBulkOpen(true)}>
              {t('orders.changeStatus')}
            </Button>
          </Toolbar>
        ) : (
          <OrderFiltersBar
            filters={filters}
            q={q}
            zoneId={zoneId}
            onFilters={setFilters}
            onSearch={(next) => setListParams({ q: next })}
          />
        )}
        <ListQueryStatus query={orders} noun={t('orders.noun')} />
        <OrdersTable
          view="active"
          query={orders}
          items={items}
          sort={filters.sort}
          onSort={(sort) => setFilters({ sort })}
          selection={{ selected, onChange: setSelected }}
          onUpdate={setToUpdate}
          filtered={filtered}
          onClearFilters={() =>
            setFilters({ status: undefined, storeId: undefined, from: undefined, to: undefined, q: '' })
          }
        />
        <ListPagination
          total={orders.data?.total ?? 0}
          page={Math.min(page, lastPage)}
          pageSize={pageSize}
          onChange={setListParams}
        />
      </Paper>
      {updating ? (
        <UpdateOrderDialog key={updating.id} order={updating} onClose={() => setToUpdate(null)} />
      ) : null}
      {bulkOpen && checked.length > 0 ? (
        <BulkStatusDialog
          orders={checked}
          onClose={() => setBulkOpen(false)}
          onDone={() => setSelected(new Set())}
        />
      ) : null}
    </>
  );
}
