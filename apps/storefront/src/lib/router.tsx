import { createRouter } from '@storedesk/web/router';
import { base } from '../config.ts';

/** The customer app's pages, below the business's address. */
export const { useLocation, href, navigate, Link } = createRouter(base);
