import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { messages } from '@storedesk/shared/messages';
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
  const state = { record: first, session: ownerSession };
  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': () => sessionHandler(state.session)({} as never),
    'GET /api/zones': () => json(200, listOf(zones)),
    'GET /api/settings/business': () => json(200, state.record),
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
