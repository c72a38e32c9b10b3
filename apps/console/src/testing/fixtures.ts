import type { Account } from '@storedesk/shared/account/schemas';
import type { Dashboard } from '@storedesk/shared/dashboard/schemas';
import type { MeResponse } from '@storedesk/shared/auth/schemas';
import { offsetSpan } from '@storedesk/shared/dates';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import type { Variant } from '@storedesk/shared/catalogue/variants';
import type { Store } from '@storedesk/shared/stores/schemas';
import type { Zone } from '@storedesk/shared/zones/schemas';

const business: MeResponse['business'] = {
  id: 'b1',
  name: 'Demo Fresh Mart',
  customerAppUrl: 'https://shop.example.com/',
  slug: 'demo-fresh-mart',
  shopUrl: 'http://demo-fresh-mart.localhost:3000',
  theme: { primaryColor: '#3f51b5', accentColor: '#ff4081', textPrimary: '#ffffff' },
  timeZone: 'Asia/Kolkata',
  // As the server answers it: the zone's offset around now.
  utcOffset: offsetSpan('Asia/Kolkata', new Date()),
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
    emailVerified: true,
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
    emailVerified: true,
  },
  business,
};

/** The session with its business changed; another time zone comes with its own offset, as the server sends it. */
export function withBusiness(session: MeResponse, changes: Partial<MeResponse['business']>): MeResponse {
  const utcOffset =
    changes.timeZone && !changes.utcOffset ? { utcOffset: offsetSpan(changes.timeZone, new Date()) } : {};
  return { ...session, business: { ...session.business, ...changes, ...utcOffset } };
}

export function accountOf(session: MeResponse, version = 3): Account {
  return { ...session.user, businessName: session.business.name, version, pendingEmail: null };
}

export const zones: Zone[] = [
  { id: 'z1', name: 'North', version: 1, updatedAt: '2025-01-01T00:00:00.000Z' },
  { id: 'z2', name: 'South', version: 1, updatedAt: '2025-01-01T00:00:00.000Z' },
];

/** Zones with real ids, for forms whose schema checks them. */
export const zoneNorth: Zone = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'North',
  version: 1,
  updatedAt: '2025-01-01T00:00:00.000Z',
};
export const zoneSouth: Zone = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'South',
  version: 1,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

export function storeFixture(changes: Partial<Store> = {}): Store {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    name: 'Fresh Mart Indiranagar',
    featured: 2,
    location: '100 Feet Road, Indiranagar, Bengaluru',
    description: 'Fruit, vegetables and daily needs.',
    descriptionHi: null,
    descriptionKn: null,
    phone: '+91-9876543210',
    openTime: '09:00',
    closeTime: '21:30',
    latitude: 12.9716,
    longitude: 77.6412,
    deliveryRadiusKm: 5,
    deliverySlots: null,
    specialDays: [],
    deliveryRule: null,
    geohash: 'tdr1y',
    imageUrl: null,
    status: 1,
    zoneId: zoneNorth.id,
    zoneName: zoneNorth.name,
    version: 4,
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...changes,
  };
}

export function categoryFixture(changes: Partial<Category> = {}): Category {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    storeId: storeFixture().id,
    name: 'Fruits',
    nameHi: null,
    nameKn: null,
    position: 1,
    version: 2,
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...changes,
  };
}

export function variantFixture(changes: Partial<Variant> = {}): Variant {
  return {
    id: 'e0000000-0000-4000-8000-000000000001',
    label: '',
    pricePaise: 12_345_050,
    mrpPaise: null,
    sku: null,
    barcode: null,
    stepGrams: null,
    maxGrams: null,
    stock: null,
    lowStockAt: null,
    ...changes,
  };
}

/** An item; of one variant of its price unless `variants` are given (its price then their lowest). */
export function itemFixture(changes: Partial<Item> = {}): Item {
  const variants = changes.variants ?? [variantFixture({ pricePaise: changes.pricePaise ?? 12_345_050 })];
  return {
    id: 'd0000000-0000-4000-8000-000000000001',
    storeId: storeFixture().id,
    categoryId: categoryFixture().id,
    categoryName: categoryFixture().name,
    name: 'Alphonso mango',
    nameHi: null,
    nameKn: null,
    tags: ['seasonal'],
    aliases: ['aam'],
    inStock: true,
    veg: true,
    featured: 1,
    gstRate: 5,
    hsn: '0804',
    imageUrl: null,
    version: 7,
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...changes,
    variants,
    pricePaise: Math.min(...variants.map((variant) => variant.pricePaise)),
  };
}

export function listOf<T>(items: T[], total = items.length) {
  return { items, total };
}

/** A month of the dashboard: figures up, flat and down, seven days of orders, today's by status. */
export const dashboardFigures: Dashboard = {
  zoneId: 'z1',
  today: '2025-03-10',
  month: '2025-03',
  previousMonth: '2025-02',
  cards: {
    totalUsers: { value: 1234, previous: 1097, changePercent: 12.5 },
    totalOrders: { value: 11, previous: 11, changePercent: 0 },
    cancelledOrders: { value: 2, previous: 3, changePercent: -33.33 },
    earningsPaise: 12_345_678,
  },
  ordersOverview: [
    { day: '2025-03-04', cancelled: 1, delivered: 0, total: 1 },
    { day: '2025-03-05', cancelled: 0, delivered: 0, total: 0 },
    { day: '2025-03-06', cancelled: 0, delivered: 2, total: 2 },
    { day: '2025-03-07', cancelled: 0, delivered: 0, total: 0 },
    { day: '2025-03-08', cancelled: 0, delivered: 1, total: 1 },
    { day: '2025-03-09', cancelled: 3, delivered: 9, total: 14 },
    { day: '2025-03-10', cancelled: 1, delivered: 2, total: 5 },
  ],
  ordersByStatus: { pending: 2, delivered: 2, cancelled: 1 },
};
