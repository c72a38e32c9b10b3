/** What the customer asks the store to do when an item of their order is missing (B18). */
export const ifMissingChoices = ['CALL', 'SUBSTITUTE', 'REMOVE'] as const;
export type IfMissing = (typeof ifMissingChoices)[number];
export const ifMissingLabels: Record<IfMissing, string> = {
  CALL: 'Call me',
  SUBSTITUTE: 'Replace it with something similar',
  REMOVE: 'Remove it from my order',
};
