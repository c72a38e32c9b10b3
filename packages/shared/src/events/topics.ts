/**
 * Live events (D10). Each names the kind of record that changed so the console
 * can refresh what shows it; `id` is the record's id when there is one.
 */
export const eventTopics = [
  'account',
  'business',
  'zones',
  'stores',
  'catalogue',
  'slides',
  'staff',
  'coupons',
  'orders',
  'dashboard',
  'settings',
  'push',
  'trash',
  /** A delivery executive went on or off duty (ADR 0042). */
  'dispatch',
] as const;
export type EventTopic = (typeof eventTopics)[number];

/** Whether a text is one of the topics (no zod here: the console's first screen loads without it). */
export function isEventTopic(value: unknown): value is EventTopic {
  return typeof value === 'string' && (eventTopics as readonly string[]).includes(value);
}
