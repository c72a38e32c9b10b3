import type { RouteObject } from 'react-router';
import { createBrowserRouter, Navigate } from 'react-router';
import { AccountPage } from '../features/account/pages/account-page.tsx';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page.tsx';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page.tsx';
import { SignInPage } from '../features/auth/pages/sign-in-page.tsx';
import { CataloguePage } from '../features/catalogue/pages/catalogue-page.tsx';
import { CategoryAddPage } from '../features/catalogue/pages/category-add-page.tsx';
import { CategoryEditPage } from '../features/catalogue/pages/category-edit-page.tsx';
import { ItemAddPage } from '../features/catalogue/pages/item-add-page.tsx';
import { ItemEditPage } from '../features/catalogue/pages/item-edit-page.tsx';
import { CouponsPage } from '../features/coupons/pages/coupons-page.tsx';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page.tsx';
import { OnboardingPage } from '../features/onboarding/pages/onboarding-page.tsx';
import { CompletedOrdersPage } from '../features/orders/pages/completed-orders-page.tsx';
import { OrderDetailPage } from '../features/orders/pages/order-detail-page.tsx';
import { OrdersPage } from '../features/orders/pages/orders-page.tsx';
import { PushNotificationsPage } from '../features/push/pages/push-notifications-page.tsx';
import { SettingsPage } from '../features/settings/pages/settings-page.tsx';
import { StoreAddPage } from '../features/stores/pages/store-add-page.tsx';
import { StoreEditPage } from '../features/stores/pages/store-edit-page.tsx';
import { StoresPage } from '../features/stores/pages/stores-page.tsx';
import { SlideAddPage } from '../features/slides/pages/slide-add-page.tsx';
import { SlideEditPage } from '../features/slides/pages/slide-edit-page.tsx';
import { SlidesPage } from '../features/slides/pages/slides-page.tsx';
import { StaffAddPage } from '../features/staff/pages/staff-add-page.tsx';
import { StaffEditPage } from '../features/staff/pages/staff-edit-page.tsx';
import { StaffListPage } from '../features/staff/pages/staff-list-page.tsx';
import { TrashPage } from '../features/trash/pages/trash-page.tsx';
import { ZoneAddPage } from '../features/zones/pages/zone-add-page.tsx';
import { ZoneEditPage } from '../features/zones/pages/zone-edit-page.tsx';
import { ZonesPage } from '../features/zones/pages/zones-page.tsx';
import { RequireOwner } from './guards/require-owner.tsx';
import { RequireSession } from './guards/require-session.tsx';
import { RequireSignedOut } from './guards/require-signed-out.tsx';
import { SessionGate } from './guards/session-gate.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { ExpiredPage } from './pages/expired-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { paths } from './paths.ts';
import { AppShell } from './shell/app-shell.tsx';

/** Screens for every signed-in user (SPEC §2; delivery executives for all staff, D3). */
const staffRoutes: RouteObject[] = [
  { path: paths.dashboard.path, element: <DashboardPage /> },
  { path: paths.stores.list.path, element: <StoresPage /> },
  { path: paths.stores.add.path, element: <StoreAddPage /> },
  { path: paths.stores.edit.path, element: <StoreEditPage /> },
  { path: paths.stores.catalog.path, element: <CataloguePage /> },
  { path: paths.stores.categoryAdd.path, element: <CategoryAddPage /> },
  { path: paths.stores.categoryEdit.path, element: <CategoryEditPage /> },
  { path: paths.stores.itemAdd.path, element: <ItemAddPage /> },
  { path: paths.stores.itemEdit.path, element: <ItemEditPage /> },
  { path: paths.orders.list.path, element: <OrdersPage /> },
  { path: paths.orders.completed.path, element: <CompletedOrdersPage /> },
  { path: paths.orders.detail.path, element: <OrderDetailPage /> },
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
  { path: paths.coupons.path, element: <CouponsPage /> },
  { path: paths.settings.path, element: <SettingsPage /> },
  { path: paths.pushNotifications.path, element: <PushNotificationsPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    errorElement: <RouteErrorPage />,
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
        ],
      },
      { path: '*', element: <Navigate to={paths.notFound.getHref()} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
