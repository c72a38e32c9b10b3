/**
 * Every route of the console (SPEC §2), written once: `path` is the pattern the
 * router matches, `getHref` builds a link to it.
 */
const segment = encodeURIComponent;

function fixed<P extends string>(path: P) {
  return { path, getHref: (): P => path };
}

export const paths = {
  root: fixed('/'),

  signIn: fixed('/sign-in'),
  onboarding: fixed('/onboarding'),
  forgotPassword: fixed('/forgot-password'),
  resetPassword: fixed('/reset-password'),
  expired: fixed('/expired'),
  notFound: fixed('/not-found'),

  dashboard: fixed('/dashboard'),
  reports: fixed('/reports'),
  account: fixed('/account'),

  stores: {
    list: fixed('/stores'),
    add: fixed('/stores/add'),
    edit: {
      path: '/stores/:storeId/edit',
      getHref: (storeId: string) => `/stores/${segment(storeId)}/edit`,
    },
    catalog: {
      path: '/stores/:storeId/catalog',
      getHref: (storeId: string) => `/stores/${segment(storeId)}/catalog`,
    },
    /** Several stores' catalogues from one spreadsheet with a store column (B17). */
    catalogueImportAll: fixed('/stores/import'),
    /** The store's catalogue from a spreadsheet: preview, then apply (B17). */
    catalogueImport: {
      path: '/stores/:storeId/catalog/import',
      getHref: (storeId: string) => `/stores/${segment(storeId)}/catalog/import`,
    },
    categoryAdd: {
      path: '/stores/:storeId/categories/add',
      getHref: (storeId: string) => `/stores/${segment(storeId)}/categories/add`,
    },
    categoryEdit: {
      path: '/stores/:storeId/categories/:categoryId/edit',
      getHref: (storeId: string, categoryId: string) =>
        `/stores/${segment(storeId)}/categories/${segment(categoryId)}/edit`,
    },
    itemAdd: {
      path: '/stores/:storeId/items/add',
      getHref: (storeId: string) => `/stores/${segment(storeId)}/items/add`,
    },
    itemEdit: {
      path: '/stores/:storeId/items/:itemId/edit',
      getHref: (storeId: string, itemId: string) =>
        `/stores/${segment(storeId)}/items/${segment(itemId)}/edit`,
    },
  },

  /** Counted variants at or below their low-stock mark, in the stores the user sees (B17). */
  lowStock: fixed('/low-stock'),

  orders: {
    list: fixed('/orders'),
    completed: fixed('/orders/completed'),
    /** The orders booked for delivery slots, by slot, a day at a time (B19). */
    slots: fixed('/orders/slots'),
    detail: { path: '/orders/:orderId', getHref: (orderId: string) => `/orders/${segment(orderId)}` },
    /** The printable documents (B15): outside the console's chrome. */
    printKitchen: {
      path: '/orders/:orderId/print/kitchen',
      getHref: (orderId: string) => `/orders/${segment(orderId)}/print/kitchen`,
    },
    printBill: {
      path: '/orders/:orderId/print/bill',
      getHref: (orderId: string) => `/orders/${segment(orderId)}/print/bill`,
    },
    /** A refund's credit note (B18), against the order's tax invoice. */
    printCreditNote: {
      path: '/orders/:orderId/print/credit-notes/:refundId',
      getHref: (orderId: string, refundId: string) =>
        `/orders/${segment(orderId)}/print/credit-notes/${segment(refundId)}`,
    },
  },

  dispatch: {
    map: fixed('/dispatch'),
    cash: fixed('/dispatch/cash'),
    /** What each delivery executive earned in a period, and Mark paid (B18). */
    payouts: fixed('/dispatch/payouts'),
  },

  dexs: {
    list: fixed('/dexs'),
    add: fixed('/dexs/add'),
    edit: { path: '/dexs/:dexId/edit', getHref: (dexId: string) => `/dexs/${segment(dexId)}/edit` },
  },

  // Owner only.
  slides: {
    list: fixed('/slides'),
    add: fixed('/slides/add'),
    edit: { path: '/slides/:slideId/edit', getHref: (slideId: string) => `/slides/${segment(slideId)}/edit` },
  },
  admins: {
    list: fixed('/admins'),
    add: fixed('/admins/add'),
    edit: { path: '/admins/:adminId/edit', getHref: (adminId: string) => `/admins/${segment(adminId)}/edit` },
  },
  zones: {
    list: fixed('/zones'),
    add: fixed('/zones/add'),
    edit: { path: '/zones/:zoneId/edit', getHref: (zoneId: string) => `/zones/${segment(zoneId)}/edit` },
  },
  trash: fixed('/trash'),
  auditLog: fixed('/audit-log'),
  coupons: fixed('/coupons'),
  customers: {
    list: fixed('/customers'),
    detail: {
      path: '/customers/:customerId',
      getHref: (customerId: string) => `/customers/${segment(customerId)}`,
    },
  },
  settings: fixed('/settings'),
  pushNotifications: fixed('/push-notifications'),
} as const;
