import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function ZoneEditPage() {
  return <PlaceholderPage title="Edit zone" description="Being built." />;
}
