import { PageHeader } from '../../../components/page-header.tsx';

/** /coupons (owner only, D16): the open coupons, 'Create new coupon', Close. */
export function CouponsPage() {
  return <PageHeader title="Coupons" />;
}
