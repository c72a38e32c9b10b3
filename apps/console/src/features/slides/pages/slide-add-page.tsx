import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function SlideAddPage() {
  return <PlaceholderPage title="Add slide" description="Being built." />;
}
