import type { StaffKind } from '@storedesk/shared/staff/schemas';

/**
 * Query keys of one kind of staff. They start with the live-event topic, so a
 * 'staff' event refreshes the lists, the edit screens and the order screens'
 * executive picker alike.
 */
export const staffKeys = {
  all: (kind: StaffKind) => ['staff', kind] as const,
  lists: (kind: StaffKind) => ['staff', kind, 'list'] as const,
  member: (kind: StaffKind, userId: string) => ['staff', kind, 'detail', userId] as const,
};

export function staffPath(kind: StaffKind, userId?: string): string {
  return userId === undefined ? `/${kind}` : `/${kind}/${encodeURIComponent(userId)}`;
}
