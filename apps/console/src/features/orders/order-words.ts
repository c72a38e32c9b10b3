/** What the order's screens say of an order the reader cannot see: its page and its printouts alike. */
export const orderNotFoundText =
  'There is no such order here. It may be in a zone you do not see, or the link is wrong.';
