import { createRouter } from '@storedesk/web/router';
import { base } from '../config.ts';

/** The app's pages, below /deliver. */
export const { useLocation, href, navigate, Link } = createRouter(base);
