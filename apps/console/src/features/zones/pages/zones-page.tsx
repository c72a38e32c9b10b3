import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function ZonesPage() {
  return <PlaceholderPage title="Zones" description="Being built." />;
}
