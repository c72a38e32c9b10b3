import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function SlidesPage() {
  return <PlaceholderPage title="Slides" description="Being built." />;
}
