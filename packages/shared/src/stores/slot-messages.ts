/** What a refusal of a delivery slot says (B19, ADR 0077); without zod, for the customer app's first screens. */
export const slotMessages = {
  full: 'This slot is full: choose another',
  gone: 'This slot can no longer be booked: choose another',
  none: 'This store does not deliver in slots',
  /** The store is closed now and delivers in slots: an order takes a slot. */
  chooseSlot: 'The store is closed now: choose a delivery slot',
  /** Staff move an order to another slot (ADR 0077) until it is picked up. */
  pickedUp: 'An order’s slot can be changed only until it is picked up',
  moved: (slot: string) => `Delivery slot changed to ${slot}`,
} as const;
