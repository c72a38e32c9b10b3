import { isOwner } from '@storedesk/shared/levels';
import type { AuthContext } from '../modules/auth/auth.service.ts';
import { forbidden } from './errors.ts';

/**
 * What a caller may see: always one business; an admin exactly their zone, the
 * owner every zone or the one their zone switcher names (D4).
 */
export type Scope = { businessId: string; zoneId: string | null };

export function scopeOf(auth: AuthContext, requestedZoneId?: string | null): Scope {
  const businessId = auth.business.id;
  if (isOwner(auth.user)) return { businessId, zoneId: requestedZoneId ?? null };
  // A UUID's letters may come in either case: the same zone is not another one.
  if (requestedZoneId && requestedZoneId.toLowerCase() !== auth.user.zoneId?.toLowerCase()) throw forbidden();
  return { businessId, zoneId: auth.user.zoneId };
}
