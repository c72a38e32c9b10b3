import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DeliveryDiningOutlined from '@mui/icons-material/DeliveryDiningOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import ShareLocationOutlined from '@mui/icons-material/ShareLocationOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType } from 'react';
import { paths } from '@/config/paths.ts';
import type { MessageId } from '@/i18n/index.ts';
import { LowStockNavCount } from '@/features/catalogue/components/low-stock-nav-count.tsx';

export type NavEntry = {
  /** Its name's key in the console's catalogues. */
  label: MessageId;
  path: string;
  icon: SvgIconComponent;
  ownerOnly: boolean;
  /** A count beside the label (nothing when there is none to show). */
  Count?: ComponentType;
};

/**
 * The sidebar (SPEC §2 with D3: Delivery Executives for all staff, Push Notifications for the
 * owner; B14: Dispatch for all staff; B17: Low stock for all staff, with how many are low).
 */
export const navEntries: readonly NavEntry[] = [
  { label: 'nav.dashboard', path: paths.dashboard.path, icon: DashboardOutlined, ownerOnly: false },
  { label: 'nav.stores', path: paths.stores.list.path, icon: StorefrontOutlined, ownerOnly: false },
  {
    label: 'nav.lowStock',
    path: paths.lowStock.path,
    icon: Inventory2Outlined,
    ownerOnly: false,
    Count: LowStockNavCount,
  },
  { label: 'nav.orders', path: paths.orders.list.path, icon: ReceiptLongOutlined, ownerOnly: false },
  { label: 'nav.dispatch', path: paths.dispatch.map.path, icon: ShareLocationOutlined, ownerOnly: false },
  { label: 'nav.reports', path: paths.reports.path, icon: AssessmentOutlined, ownerOnly: false },
  {
    label: 'nav.dexs',
    path: paths.dexs.list.path,
    icon: DeliveryDiningOutlined,
    ownerOnly: false,
  },
  {
    label: 'nav.push',
    path: paths.pushNotifications.path,
    icon: NotificationsActiveOutlined,
    ownerOnly: true,
  },
  { label: 'nav.zones', path: paths.zones.list.path, icon: MapOutlined, ownerOnly: true },
  { label: 'nav.admins', path: paths.admins.list.path, icon: AdminPanelSettingsOutlined, ownerOnly: true },
  { label: 'nav.coupons', path: paths.coupons.path, icon: LocalOfferOutlined, ownerOnly: true },
  { label: 'nav.customers', path: paths.customers.list.path, icon: PeopleOutlined, ownerOnly: true },
  { label: 'nav.slides', path: paths.slides.list.path, icon: ViewCarouselOutlined, ownerOnly: true },
  { label: 'nav.settings', path: paths.settings.path, icon: SettingsOutlined, ownerOnly: true },
  { label: 'nav.trash', path: paths.trash.path, icon: RestoreFromTrashOutlined, ownerOnly: true },
  { label: 'nav.auditLog', path: paths.auditLog.path, icon: HistoryOutlined, ownerOnly: true },
  { label: 'nav.account', path: paths.account.path, icon: AccountCircleOutlined, ownerOnly: false },
];

export function navEntriesFor(owner: boolean): readonly NavEntry[] {
  return owner ? navEntries : navEntries.filter((entry) => !entry.ownerOnly);
}
