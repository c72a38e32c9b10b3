import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function ZoneAddPage() {
  return <PlaceholderPage title="Add zone" description="Being built." />;
}
