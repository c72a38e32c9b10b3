/**
 * Query keys of the dispatch screens. They start with the `dispatch` live-event topic (an executive
 * went on or off duty); the board also follows `orders` and `staff` events (get-dispatch.ts), and
 * the cash follows `orders` (a delivery collects cash), the payouts `orders` too (a delivery earns a
 * fee, a tip is given). A payout or a cash settlement is a `dispatch` event, so it refreshes both.
 */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  board: (zoneId: string | undefined) => ['dispatch', 'board', { zoneId }] as const,
  cash: ['dispatch', 'cash'] as const,
  payouts: ['dispatch', 'payouts'] as const,
};
