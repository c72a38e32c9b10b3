import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function SlideEditPage() {
  return <PlaceholderPage title="Edit slide" description="Being built." />;
}
