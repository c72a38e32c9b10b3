import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { messages } from '@storedesk/shared/messages';
import type { ApiKey } from '@storedesk/shared/settings/api-keys';
import type { BusinessSettings, BusinessSettingsUpdateInput } from '@storedesk/shared/settings/business';
import { listOf, ownerSession, withBusiness, zones } from './fixtures.ts';
import type { Handler } from './mock-api.ts';
import { apiError, json, sessionHandler } from './mock-api.ts';

/** What the tests of Settings > About and Others start from: the business record and a server that keeps it. */
export const businessRecord: BusinessSettings = {
  id: 'b1',
  name: 'Demo Fresh Mart',
  description: 'Fresh groceries, delivered.',
  timeZone: 'Asia/Kolkata',
  gstin: null,
  type: 'multiple',
  mainStoreId: null,
  mainStoreName: null,
  theme: { primaryColor: '#3949ab', accentColor: '#7986cb', textPrimary: '#1a237e' },
  live: true,
  customerAppUrl: 'https://shop.example.com/',
  slug: 'fresh-mart',
  shopDomain: null,
  shopUrl: 'http://fresh-mart.localhost:3000',
  smsDailyLimit: 500,
  storefrontKey: 'pk_live_0123456789abcdef',
  version: 4,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

export const businessChanged: LiveEvent = {
  id: '501',
  topic: 'business',
  action: 'updated',
  recordId: 'b1',
  zoneId: null,
  at: '2025-01-03T00:00:00.000Z',
};

/** The business as the server has it; PATCH applies the changes when the version matches. */
export function businessServer(first: BusinessSettings = businessRecord) {
  const state = { record: first, session: ownerSession, keys: [] as ApiKey[] };
  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': () => sessionHandler(state.session)({} as never),
    'GET /api/zones': () => json(200, listOf(zones)),
    'GET /api/settings/business': () => json(200, state.record),
    'GET /api/settings/api-keys': () => json(200, { items: state.keys }),
    'POST /api/settings/api-keys': (call) => {
      const { name } = call.body as { name: string };
      const secret = `sk_live_${'k'.repeat(39)}${state.keys.length.toString().padStart(4, '0')}`;
      const key: ApiKey = {
        id: `key-${state.keys.length + 1}`,
        name,
        lastFour: secret.slice(-4),
        createdAt: '2025-01-02T04:30:00.000Z',
        createdByName: 'Olivia Owner',
        lastUsedAt: null,
        revokedAt: null,
      };
      state.keys = [key, ...state.keys];
      return json(201, { ...key, secret });
    },
    // The keys a test makes are key-1, key-2, …: the mock matches whole paths.
    ...Object.fromEntries(
      [1, 2, 3].map((n) => [
        `DELETE /api/settings/api-keys/key-${n}`,
        () => {
          const key = state.keys.find((k) => k.id === `key-${n}`);
          if (!key) return apiError(404, 'not_found', messages.notFound);
          const revoked = { ...key, revokedAt: '2025-01-03T06:00:00.000Z' };
          state.keys = state.keys.map((k) => (k.id === key.id ? revoked : k));
          return json(200, revoked);
        },
      ]),
    ),
    'GET /api/settings/sms-usage': () =>
      json(200, { day: '2025-01-01', sent: 12, limit: state.record.smsDailyLimit }),
    'PATCH /api/settings/business': (call) => {
      const { version, ...changes } = call.body as BusinessSettingsUpdateInput;
      if (version !== state.record.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: state.record });
      }
      state.record = { ...state.record, ...changes, version: version + 1 } as BusinessSettings;
      const { name, theme, customerAppUrl, timeZone } = state.record;
      state.session = withBusiness(state.session, { name, theme, customerAppUrl, timeZone });
      return json(200, state.record);
    },
    'POST /api/settings/business/storefront-key': (call) => {
      const { version } = call.body as { version: number };
      if (version !== state.record.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: state.record });
      }
      state.record = { ...state.record, storefrontKey: `pk_live_rotated_${version}`, version: version + 1 };
      return json(200, state.record);
    },
  };
  return { state, handlers };
}
