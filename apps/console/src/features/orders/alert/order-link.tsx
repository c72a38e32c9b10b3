import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';

/** An alert's words naming an order ("Order #512") as the link to its page, for `<link>` in a message. */
export function orderLink(orderId: string): (words: ReactNode) => ReactNode {
  return function OrderLink(words) {
    return (
      <Link
        component={RouterLink}
        to={paths.orders.detail.getHref(orderId)}
        color="inherit"
        underline="always"
        sx={{ fontWeight: 600 }}
      >
        {words}
      </Link>
    );
  };
}
