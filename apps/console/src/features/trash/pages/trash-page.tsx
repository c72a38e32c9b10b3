import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function TrashPage() {
  return <PlaceholderPage title="Trash" description="Being built." />;
}
