import type { MeResponse } from '@storedesk/shared/auth/schemas';
import { messages } from '@storedesk/shared/messages';
import type { StaffInput, StaffKind, StaffMember } from '@storedesk/shared/staff/schemas';
import { listOf, ownerSession, zoneNorth, zoneSouth } from './fixtures.ts';
import type { Handler } from './mock-api.ts';
import { apiError, json, sessionHandler, noContent } from './mock-api.ts';

/*
 * Admins and delivery executives for the staff screens' tests, and a small
 * server that lists, adds, changes and deletes them the way the API does.
 */

const zones = [zoneNorth, zoneSouth];

export function staffFixture(changes: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 'e0000000-0000-4000-8000-000000000001',
    name: 'Ravi Kumar',
    email: 'ravi@example.test',
    phone: '+91-9000000001',
    level: 3,
    zoneId: zoneNorth.id,
    zoneName: zoneNorth.name,
    version: 3,
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...changes,
  };
}

export const ravi = staffFixture();
export const meena = staffFixture({
  id: 'e0000000-0000-4000-8000-000000000002',
  name: 'Meena Das',
  email: 'meena@example.test',
  phone: '+91-9000000002',
});
export const suresh = staffFixture({
  id: 'e0000000-0000-4000-8000-000000000003',
  name: 'Suresh Rao',
  email: 'suresh@example.test',
  phone: '+91-9000000003',
  zoneId: zoneSouth.id,
  zoneName: zoneSouth.name,
});
export const anita = staffFixture({
  id: 'f0000000-0000-4000-8000-000000000001',
  name: 'Anita Sharma',
  email: 'anita@example.test',
  phone: '+91-9100000001',
  level: 2,
});

/** The people of one kind the server holds; `people` is read at each call, so a test may change it. */
export function staffServer(
  kind: StaffKind,
  options: { session?: MeResponse; people: () => StaffMember[]; save: (people: StaffMember[]) => void },
): Record<string, Handler> {
  const session = options.session ?? ownerSession;
  const level = kind === 'admins' ? 2 : 3;
  const visible = (zoneId: string | null) =>
    options.people().filter((member) => zoneId === null || member.zoneId === zoneId);
  const ownZone = session.user.level === 1 ? null : zoneNorth.id;
  const find = (id: string) => visible(ownZone).find((member) => member.id === id);
  const zoneName = (zoneId: string) => zones.find((zone) => zone.id === zoneId)?.name ?? 'Unknown';
  const emailTaken = (email: string, except?: string) =>
    options.people().some((member) => member.email === email && member.id !== except);
  const taken = () =>
    apiError(409, 'conflict', messages.emailTaken, { fields: { email: messages.emailTaken } });

  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/zones': (call) => {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      return json(200, listOf(zones.filter((zone) => zone.name.toLowerCase().includes(q))));
    },
    [`GET /api/zones/${zoneNorth.id}`]: () => json(200, zoneNorth),
    [`GET /api/zones/${zoneSouth.id}`]: () => json(200, zoneSouth),
    [`GET /api/${kind}`]: (call) => {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      const page = Number(call.query.get('page') ?? 0);
      const pageSize = Number(call.query.get('pageSize') ?? 10);
      const found = visible(ownZone ?? call.query.get('zoneId')).filter((member) =>
        member.name.toLowerCase().includes(q),
      );
      return json(200, listOf(found.slice(page * pageSize, (page + 1) * pageSize), found.length));
    },
    [`POST /api/${kind}`]: (call) => {
      const input = call.body as StaffInput;
      if (emailTaken(input.email)) return taken();
      const zoneId = ownZone ?? input.zoneId!;
      const added = staffFixture({
        id: 'e0000000-0000-4000-8000-000000000099',
        name: input.name,
        email: input.email,
        phone: input.phone,
        level,
        zoneId,
        zoneName: zoneName(zoneId),
        version: 1,
      });
      options.save([...options.people(), added]);
      return json(201, added);
    },
  };

  for (const member of options.people()) {
    const path = `/api/${kind}/${member.id}`;
    handlers[`GET ${path}`] = () => {
      const found = find(member.id);
      return found ? json(200, found) : apiError(404, 'not_found', messages.notFound);
    };
    handlers[`PATCH ${path}`] = (call) => {
      const found = find(member.id);
      if (!found) return apiError(404, 'not_found', messages.notFound);
      const {
        version,
        password: _password,
        ...changes
      } = call.body as Partial<StaffInput> & { version: number };
      if (version !== found.version)
        return apiError(409, 'conflict', messages.staleRecord, { current: found });
      if (changes.email && emailTaken(changes.email, found.id)) return taken();
      const saved = {
        ...found,
        ...changes,
        zoneName: zoneName(changes.zoneId ?? found.zoneId),
        version: found.version + 1,
      };
      options.save(options.people().map((each) => (each.id === found.id ? saved : each)));
      return json(200, saved);
    };
    handlers[`DELETE ${path}`] = (call) => {
      const found = find(member.id);
      if (!found) return apiError(404, 'not_found', messages.notFound);
      if (Number(call.query.get('version')) !== found.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: found });
      }
      options.save(options.people().filter((each) => each.id !== found.id));
      return noContent();
    };
  }
  return handlers;
}
