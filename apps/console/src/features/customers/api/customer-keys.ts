/** Query keys of the customers screens; all start with the `customers` topic. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (query: object) => ['customers', 'list', query] as const,
  detail: (customerId: string) => ['customers', 'detail', customerId] as const,
  orders: (customerId: string, query: object) => ['customers', 'orders', customerId, query] as const,
};

export const customerPath = (customerId: string) => `/customers/${encodeURIComponent(customerId)}`;
