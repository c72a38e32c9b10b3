/** User levels (SPEC §3, Decision D1). */
export const Level = { Owner: 1, Admin: 2, DeliveryExecutive: 3 } as const;
export type Level = (typeof Level)[keyof typeof Level];

export const levelNames: Record<Level, string> = {
  [Level.Owner]: 'Owner',
  [Level.Admin]: 'Admin',
  [Level.DeliveryExecutive]: 'Delivery Executive',
};

/** Only owners and admins that have a zone may sign in (SPEC §1, D1). */
export function canSignIn(user: { level: number; zoneId: string | null }): boolean {
  return (user.level === Level.Owner || user.level === Level.Admin) && user.zoneId !== null;
}

export function isOwner(user: { level: number }): boolean {
  return user.level === Level.Owner;
}

/** Only delivery executives that have a zone may sign in to the delivery app (B13). */
export function canUseDeliveryApp(user: { level: number; zoneId: string | null }): boolean {
  return user.level === Level.DeliveryExecutive && user.zoneId !== null;
}

/** Who may hold a session, by where it is used: the console's staff, or the delivery app's executives. */
export type SessionGate = (user: { level: number; zoneId: string | null }) => boolean;
