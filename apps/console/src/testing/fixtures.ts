import type { Account } from '@storedesk/shared/account/schemas';
import type { MeResponse } from '@storedesk/shared/auth/schemas';
import type { Zone } from '@storedesk/shared/zones/schemas';

const business: MeResponse['business'] = {
  id: 'b1',
  name: 'Demo Fresh Mart',
  customerAppUrl: 'https://shop.example.com/',
  theme: { primaryColor: '#3f51b5', accentColor: '#ff4081', textPrimary: '#ffffff' },
  serviceEndsAt: '2999-01-01T00:00:00.000Z',
  serviceEnded: false,
};

export const ownerSession: MeResponse = {
  user: {
    id: 'u-owner',
    name: 'Olivia Owner',
    email: 'owner@example.com',
    phone: '+91-9876543210',
    level: 1,
    zoneId: 'z1',
    businessId: 'b1',
  },
  business,
};

export const adminSession: MeResponse = {
  user: {
    id: 'u-admin',
    name: 'Arjun Admin',
    email: 'admin@example.com',
    phone: '+91-9876500000',
    level: 2,
    zoneId: 'z1',
    businessId: 'b1',
  },
  business,
};

export function withBusiness(session: MeResponse, changes: Partial<MeResponse['business']>): MeResponse {
  return { ...session, business: { ...session.business, ...changes } };
}

export function accountOf(session: MeResponse, version = 3): Account {
  return { ...session.user, businessName: session.business.name, version };
}

export const zones: Zone[] = [
  { id: 'z1', name: 'North', version: 1, updatedAt: '2025-01-01T00:00:00.000Z' },
  { id: 'z2', name: 'South', version: 1, updatedAt: '2025-01-01T00:00:00.000Z' },
];
