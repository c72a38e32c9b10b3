/**
 * Whether a customer may place an order (B15): not while the owner has them
 * blocked. The server refuses their orders with `messages.customerRefused`,
 * which does not say why.
 */
export function mayOrder(customer: { blockedAt: Date | string | null }): boolean {
  return customer.blockedAt === null;
}
