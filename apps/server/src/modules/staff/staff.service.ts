import type { ListResponse } from '@storedesk/shared/lists';
import { Level } from '@storedesk/shared/levels';
import { messages } from '@storedesk/shared/messages';
import {
  dexHasOpenOrdersMessage,
  type StaffInput,
  type StaffListQuery,
  type StaffMember,
  type StaffUpdate,
} from '@storedesk/shared/staff/schemas';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, invalid, notFound, stale } from '#server/lib/errors.ts';
import { isUniqueViolation } from '#server/lib/pg-errors.ts';
import { scopeOf, type Scope } from '#server/lib/scope.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import { endSessionsOf } from '#server/modules/auth/auth.service.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { zoneForWrite } from '#server/modules/zones/zones.service.ts';
import * as repo from './staff.repository.ts';

/*
 * Admins and delivery executives (SPEC §3 User, §5 user form, D3). Every
 * function takes the level its endpoint manages (staffKinds): a body never
 * says what level someone is.
 */

export function toStaffMember(row: repo.StaffRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    level: row.level,
    zoneId: row.zoneId,
    zoneName: row.zoneName,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function announce(db: Executor, scope: Scope, member: { id: string; zoneId: string }, action: string) {
  return publishEvent(db, {
    businessId: scope.businessId,
    zoneId: member.zoneId,
    topic: 'staff',
    action,
    recordId: member.id,
  });
}

/** A live sign-in account already has the e-mail (users_email_idx, any case): 409 on the field. */
async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_idx')) {
      throw new AppError('conflict', messages.emailTaken, { fields: { email: messages.emailTaken } });
    }
    throw error;
  }
}

export async function listStaff(
  db: Database,
  auth: AuthContext,
  level: Level,
  query: StaffListQuery,
): Promise<ListResponse<StaffMember>> {
  const { items, total } = await repo.findStaff(db, scopeOf(auth, query.zoneId), level, query);
  return { items: items.map(toStaffMember), total };
}

/** A member the caller may see, or 404: another zone's or business's people do not exist for them. */
export async function getStaffMember(
  db: Executor,
  auth: AuthContext,
  level: Level,
  userId: string,
): Promise<StaffMember> {
  const row = await repo.findStaffMember(db, scopeOf(auth), level, userId);
  if (!row) throw notFound();
  return toStaffMember(row);
}

export async function createStaffMember(
  db: Database,
  auth: AuthContext,
  level: Level,
  input: StaffInput,
): Promise<StaffMember> {
  const scope = scopeOf(auth, input.zoneId); // An admin naming another zone is 403 before the hashing.
  const passwordHash = await hashPassword(input.password);
  return withUniqueEmail(() =>
    db.transaction(async (tx) => {
      const zoneId = await zoneForWrite(tx, auth, input.zoneId);
      if (!zoneId) throw invalid({ zoneId: messages.unknownZone });
      const { id } = await repo.insertStaffMember(tx, scope.businessId, level, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
        zoneId,
      });
      await announce(tx, scope, { id, zoneId }, 'created');
      return getStaffMember(tx, auth, level, id);
    }),
  );
}

/**
 * An edit based on the version read (D9). A move to another zone or a new
 * password ends every session of the member; a blank password leaves it.
 */
export async function updateStaffMember(
  db: Database,
  auth: AuthContext,
  level: Level,
  userId: string,
  input: StaffUpdate,
): Promise<StaffMember> {
  const scope = scopeOf(auth);
  const { version, zoneId: requestedZone, password, ...details } = input;
  scopeOf(auth, requestedZone); // An admin naming another zone is 403 before the hashing.
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  return withUniqueEmail(() =>
    db.transaction(async (tx) => {
      const zoneId = requestedZone === undefined ? undefined : await zoneForWrite(tx, auth, requestedZone);
      const before = await repo.lockStaffMember(tx, scope, level, userId);
      if (!before) throw notFound();
      if (before.version !== version) throw stale(toStaffMember(before));
      await repo.updateStaffMember(tx, scope, level, userId, version, {
        ...details,
        ...(zoneId ? { zoneId } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      });
      const after = (await repo.findStaffMember(tx, scope, level, userId))!;
      const moved = after.zoneId !== before.zoneId;
      if (moved || passwordHash) await endSessionsOf(tx, after);
      await announce(tx, scope, after, 'updated');
      // Someone moved out of a zone is gone from that zone's lists too.
      if (moved) await announce(tx, scope, before, 'updated');
      return toStaffMember(after);
    }),
  );
}

/**
 * Soft delete based on the version read. A delivery executive who holds open
 * orders stays until those are reassigned or closed. Their row is locked
 * before the check: an order change that assigns them holds a key-share lock
 * on it (the orders.dex_id foreign key) until it commits, so the check waits
 * for it and sees the order. The member's sessions end with the delete.
 */
export async function deleteStaffMember(
  db: Database,
  auth: AuthContext,
  level: Level,
  userId: string,
  version: number,
): Promise<void> {
  const scope = scopeOf(auth);
  await db.transaction(async (tx) => {
    const member = await repo.lockStaffMember(tx, scope, level, userId);
    if (!member) throw notFound();
    if (member.version !== version) throw stale(toStaffMember(member));
    if (level === Level.DeliveryExecutive) {
      const open = await repo.findOpenOrderNumbers(tx, scope.businessId, userId);
      if (open.length > 0) throw new AppError('conflict', dexHasOpenOrdersMessage(open));
    }
    await repo.softDeleteStaffMember(tx, scope, level, userId, version);
    await endSessionsOf(tx, member);
    await announce(tx, scope, member, 'deleted');
  });
}
