import type { Dashboard } from '@storedesk/shared/dashboard/schemas';
import { ChartGrid } from './dashboard-layout.tsx';
import { OrdersByStatusChart } from './orders-by-status-chart.tsx';
import { OrdersOverviewChart } from './orders-overview-chart.tsx';

/**
 * The dashboard's two charts: a module of their own, which the page loads
 * after its cards, so Chart.js is not in the first screen's bytes (ADR 0045).
 */
export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  return (
    <ChartGrid>
      <OrdersOverviewChart days={dashboard.ordersOverview} />
      <OrdersByStatusChart counts={dashboard.ordersByStatus} today={dashboard.today} />
    </ChartGrid>
  );
}
