import type { Dashboard } from '@storedesk/shared/dashboard/schemas';
import { ChartGrid } from './dashboard-layout.tsx';
import { OrdersByStatusChart } from './orders-by-status-chart.tsx';
import { OrdersOverviewChart } from './orders-overview-chart.tsx';

/** The dashboard's two charts, drawn in SVG with the page (ADR 0093). */
export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  return (
    <ChartGrid>
      <OrdersOverviewChart days={dashboard.ordersOverview} />
      <OrdersByStatusChart counts={dashboard.ordersByStatus} today={dashboard.today} />
    </ChartGrid>
  );
}
