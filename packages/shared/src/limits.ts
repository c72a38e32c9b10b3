/** Limits and constants of SPEC §9. */
export const limits = {
  emailMax: 64,
  passwordMax: 128,
  nameMax: 100,
  phoneMax: 20,
  pageSizes: [5, 10, 25] as const,
  defaultPageSize: 10,
  drawerWidth: 240,
  completedOrdersLimit: 100,
  ordersTableMaxHeight: 440,
  /** Store, item and slide images (D6). */
  imageMaxBytes: 15_360,
  /** Onboarding logo (D6). */
  logoMaxBytes: 102_400,
} as const;
