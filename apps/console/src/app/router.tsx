import type { RouteObject } from 'react-router';
import { Navigate, useLocation, useRoutes } from 'react-router';
// The first screen of everyone signed out comes with the console's entry, not after it: one
// request fewer before it shows, and its code shares the entry's chunks (ADR 0028).
import { SignInPage } from '@/features/auth/pages/sign-in-page.tsx';
import { RequireOwner } from '@/app/guards/require-owner.tsx';
import { RequireSession } from '@/app/guards/require-session.tsx';
import { RequireSignedOut } from '@/app/guards/require-signed-out.tsx';
import { SessionGate } from '@/app/guards/session-gate.tsx';
import { PublicLayout } from '@/app/layouts/public-layout.tsx';
import { ExpiredPage } from '@/app/pages/expired-page.tsx';
import { NotFoundPage } from '@/app/pages/not-found-page.tsx';
import { RouteErrorBoundary } from '@/app/pages/route-error-page.tsx';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

/**
 * Every other screen is its own chunk, loaded when first opened: the sign-in page needs none of
 * the signed-in console's code, and the map and Chart.js load with the screens that show them.
 */
const AccountPage = lazyPage(() => import('@/features/account/pages/account-page.tsx'), 'AccountPage');
const ForgotPasswordPage = lazyPage(
  () => import('@/features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('@/features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const CataloguePage = lazyPage(
  () => import('@/features/catalogue/pages/catalogue-page.tsx'),
  'CataloguePage',
);
const CategoryAddPage = lazyPage(
  () => import('@/features/catalogue/pages/category-add-page.tsx'),
  'CategoryAddPage',
);
const CategoryEditPage = lazyPage(
  () => import('@/features/catalogue/pages/category-edit-page.tsx'),
  'CategoryEditPage',
);
const CatalogueImportPage = lazyPage(
  () => import('@/features/catalogue/pages/catalogue-import-page.tsx'),
  'CatalogueImportPage',
);
const ItemAddPage = lazyPage(() => import('@/features/catalogue/pages/item-add-page.tsx'), 'ItemAddPage');
const ItemEditPage = lazyPage(() => import('@/features/catalogue/pages/item-edit-page.tsx'), 'ItemEditPage');
const LowStockPage = lazyPage(() => import('@/features/catalogue/pages/low-stock-page.tsx'), 'LowStockPage');
const CouponsPage = lazyPage(() => import('@/features/coupons/pages/coupons-page.tsx'), 'CouponsPage');
const CustomersPage = lazyPage(
  () => import('@/features/customers/pages/customers-page.tsx'),
  'CustomersPage',
);
const CustomerDetailPage = lazyPage(
  () => import('@/features/customers/pages/customer-detail-page.tsx'),
  'CustomerDetailPage',
);
const DashboardPage = lazyPage(
  () => import('@/features/dashboard/pages/dashboard-page.tsx'),
  'DashboardPage',
);
const ReportsPage = lazyPage(() => import('@/features/reports/pages/reports-page.tsx'), 'ReportsPage');
const DispatchPage = lazyPage(() => import('@/features/dispatch/pages/dispatch-page.tsx'), 'DispatchPage');
const CashPage = lazyPage(() => import('@/features/dispatch/pages/cash-page.tsx'), 'CashPage');
const PayoutsPage = lazyPage(() => import('@/features/dispatch/pages/payouts-page.tsx'), 'PayoutsPage');
const OnboardingPage = lazyPage(
  () => import('@/features/onboarding/pages/onboarding-page.tsx'),
  'OnboardingPage',
);
const CompletedOrdersPage = lazyPage(
  () => import('@/features/orders/pages/completed-orders-page.tsx'),
  'CompletedOrdersPage',
);
const OrderDetailPage = lazyPage(
  () => import('@/features/orders/pages/order-detail-page.tsx'),
  'OrderDetailPage',
);
const KitchenTicketPage = lazyPage(
  () => import('@/features/orders/print/print-pages.tsx'),
  'KitchenTicketPage',
);
const BillPage = lazyPage(() => import('@/features/orders/print/print-pages.tsx'), 'BillPage');
const CreditNotePage = lazyPage(() => import('@/features/orders/print/print-pages.tsx'), 'CreditNotePage');
const SlotBoardPage = lazyPage(() => import('@/features/orders/pages/slot-board-page.tsx'), 'SlotBoardPage');
const OrdersPage = lazyPage(() => import('@/features/orders/pages/orders-page.tsx'), 'OrdersPage');
const PushNotificationsPage = lazyPage(
  () => import('@/features/push/pages/push-notifications-page.tsx'),
  'PushNotificationsPage',
);
const SettingsPage = lazyPage(() => import('@/features/settings/pages/settings-page.tsx'), 'SettingsPage');
const StoreAddPage = lazyPage(() => import('@/features/stores/pages/store-add-page.tsx'), 'StoreAddPage');
const StoreEditPage = lazyPage(() => import('@/features/stores/pages/store-edit-page.tsx'), 'StoreEditPage');
const StoresPage = lazyPage(() => import('@/features/stores/pages/stores-page.tsx'), 'StoresPage');
const SlideAddPage = lazyPage(() => import('@/features/slides/pages/slide-add-page.tsx'), 'SlideAddPage');
const SlideEditPage = lazyPage(() => import('@/features/slides/pages/slide-edit-page.tsx'), 'SlideEditPage');
const SlidesPage = lazyPage(() => import('@/features/slides/pages/slides-page.tsx'), 'SlidesPage');
const StaffAddPage = lazyPage(() => import('@/features/staff/pages/staff-add-page.tsx'), 'StaffAddPage');
const StaffEditPage = lazyPage(() => import('@/features/staff/pages/staff-edit-page.tsx'), 'StaffEditPage');
const StaffListPage = lazyPage(() => import('@/features/staff/pages/staff-list-page.tsx'), 'StaffListPage');
const TrashPage = lazyPage(() => import('@/features/trash/pages/trash-page.tsx'), 'TrashPage');
const AuditLogPage = lazyPage(() => import('@/features/audit/pages/audit-log-page.tsx'), 'AuditLogPage');
const ZoneAddPage = lazyPage(() => import('@/features/zones/pages/zone-add-page.tsx'), 'ZoneAddPage');
const ZoneEditPage = lazyPage(() => import('@/features/zones/pages/zone-edit-page.tsx'), 'ZoneEditPage');
const ZonesPage = lazyPage(() => import('@/features/zones/pages/zones-page.tsx'), 'ZonesPage');
const AppShell = lazyPage(() => import('@/app/shell/app-shell.tsx'), 'AppShell');

/**
 * Screens for every signed-in user (SPEC §2; delivery executives for all staff, D3; dispatch, B14;
 * payouts, B18).
 */
const staffRoutes: RouteObject[] = [
  { path: paths.dashboard.path, element: <DashboardPage /> },
  { path: paths.stores.list.path, element: <StoresPage /> },
  { path: paths.stores.add.path, element: <StoreAddPage /> },
  { path: paths.stores.edit.path, element: <StoreEditPage /> },
  { path: paths.stores.catalog.path, element: <CataloguePage /> },
  { path: paths.stores.catalogueImport.path, element: <CatalogueImportPage /> },
  { path: paths.stores.catalogueImportAll.path, element: <CatalogueImportPage /> },
  { path: paths.stores.categoryAdd.path, element: <CategoryAddPage /> },
  { path: paths.stores.categoryEdit.path, element: <CategoryEditPage /> },
  { path: paths.stores.itemAdd.path, element: <ItemAddPage /> },
  { path: paths.stores.itemEdit.path, element: <ItemEditPage /> },
  { path: paths.lowStock.path, element: <LowStockPage /> },
  { path: paths.orders.list.path, element: <OrdersPage /> },
  { path: paths.orders.completed.path, element: <CompletedOrdersPage /> },
  { path: paths.orders.slots.path, element: <SlotBoardPage /> },
  { path: paths.orders.detail.path, element: <OrderDetailPage /> },
  { path: paths.dispatch.map.path, element: <DispatchPage /> },
  { path: paths.dispatch.cash.path, element: <CashPage /> },
  { path: paths.dispatch.payouts.path, element: <PayoutsPage /> },
  { path: paths.reports.path, element: <ReportsPage /> },
  { path: paths.dexs.list.path, element: <StaffListPage kind="delivery-executives" /> },
  { path: paths.dexs.add.path, element: <StaffAddPage kind="delivery-executives" /> },
  { path: paths.dexs.edit.path, element: <StaffEditPage kind="delivery-executives" /> },
  { path: paths.account.path, element: <AccountPage /> },
];

/** Owner-only screens; an admin who asks for one lands on the dashboard. */
const ownerRoutes: RouteObject[] = [
  { path: paths.slides.list.path, element: <SlidesPage /> },
  { path: paths.slides.add.path, element: <SlideAddPage /> },
  { path: paths.slides.edit.path, element: <SlideEditPage /> },
  { path: paths.admins.list.path, element: <StaffListPage kind="admins" /> },
  { path: paths.admins.add.path, element: <StaffAddPage kind="admins" /> },
  { path: paths.admins.edit.path, element: <StaffEditPage kind="admins" /> },
  { path: paths.zones.list.path, element: <ZonesPage /> },
  { path: paths.zones.add.path, element: <ZoneAddPage /> },
  { path: paths.zones.edit.path, element: <ZoneEditPage /> },
  { path: paths.trash.path, element: <TrashPage /> },
  { path: paths.auditLog.path, element: <AuditLogPage /> },
  { path: paths.coupons.path, element: <CouponsPage /> },
  { path: paths.customers.list.path, element: <CustomersPage /> },
  { path: paths.customers.detail.path, element: <CustomerDetailPage /> },
  { path: paths.settings.path, element: <SettingsPage /> },
  { path: paths.pushNotifications.path, element: <PushNotificationsPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    children: [
      { path: paths.root.path, element: <Navigate to={paths.dashboard.getHref()} replace /> },
      {
        element: <PublicLayout />,
        children: [
          {
            element: <RequireSignedOut />,
            children: [
              { path: paths.signIn.path, element: <SignInPage /> },
              { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
              { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
              { path: paths.onboarding.path, element: <OnboardingPage /> },
            ],
          },
          { path: paths.expired.path, element: <ExpiredPage /> },
          { path: paths.notFound.path, element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppShell />,
            children: [...staffRoutes, { element: <RequireOwner />, children: ownerRoutes }],
          },
          // Printed documents carry none of the console's chrome (B15).
          { path: paths.orders.printKitchen.path, element: <KitchenTicketPage /> },
          { path: paths.orders.printBill.path, element: <BillPage /> },
          { path: paths.orders.printCreditNote.path, element: <CreditNotePage /> },
        ],
      },
      { path: '*', element: <Navigate to={paths.notFound.getHref()} replace /> },
    ],
  },
];

/**
 * The console's screens for the location of the router around it (BrowserRouter in the browser,
 * MemoryRouter in tests). A screen that throws shows the error page until the location changes.
 *
 * Declarative routing, not the data router: the console loads its data with TanStack Query, so
 * loaders and actions would go unused, and they cost the first screen 15 KB (ADR 0028).
 */
export function AppRoutes({ routes: list = routes }: { routes?: RouteObject[] }) {
  const element = useRoutes(list);
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
