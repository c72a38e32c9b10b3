import type { StaffKind } from '@storedesk/shared/staff/schemas';
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function StaffEditPage({ kind }: { kind: StaffKind }) {
  return <PlaceholderPage title={kind} description="Being built." />;
}
