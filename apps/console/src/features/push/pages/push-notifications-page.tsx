import { PageHeader } from '../../../components/page-header.tsx';

/** /push-notifications (owner only, D13): send a notification to the customers, and the history of sends. */
export function PushNotificationsPage() {
  return <PageHeader title="Push Notifications" />;
}
