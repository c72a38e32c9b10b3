import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  deliversTo,
  distanceKm,
  openAt,
  orderingRefusal,
  serviceabilityMessages,
} from './serviceability.ts';

const koramangala = { lat: 12.9352, lng: 77.6245 };
const indiranagar = { lat: 12.9784, lng: 77.6408 };

describe('distanceKm', () => {
  it('measures known distances to within 0.5 %', () => {
    // Koramangala to Indiranagar, Bengaluru: 5.10 km on the great circle.
    expect(distanceKm(koramangala, indiranagar)).toBeCloseTo(5.1, 1);
    // One degree of latitude is 111.2 km.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.19, 1);
    // Mumbai to Delhi: about 1,148 km.
    const mumbaiDelhi = distanceKm({ lat: 19.076, lng: 72.8777 }, { lat: 28.6139, lng: 77.209 });
    expect(Math.abs(mumbaiDelhi - 1148) / 1148).toBeLessThan(0.005);
  });

  it('is zero from a point to itself and the same both ways', () => {
    expect(distanceKm(koramangala, koramangala)).toBe(0);
    expect(distanceKm(koramangala, indiranagar)).toBe(distanceKm(indiranagar, koramangala));
  });
});

describe('deliversTo', () => {
  it('covers the points within the radius, the edge included', () => {
    const store = { ...koramangala, deliveryRadiusKm: 5 };
    expect(deliversTo(store, { lat: 12.96, lng: 77.63 })).toBe(true);
    expect(deliversTo(store, indiranagar)).toBe(false);
    expect(deliversTo({ ...store, deliveryRadiusKm: 5.2 }, indiranagar)).toBe(true);
  });
});

describe('boundingBox', () => {
  const point = fc.record({
    lat: fc.double({ min: -89, max: 89, noNaN: true }),
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
  });

  it('holds every point within the distance', () => {
    fc.assert(
      fc.property(
        point,
        fc.double({ min: 0.5, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (center, km, share, bearing) => {
          // A point `share` of the way out to the edge, in any direction.
          const d = (km * share) / 6371.0088;
          const lat1 = (center.lat * Math.PI) / 180;
          const lng1 = (center.lng * Math.PI) / 180;
          const lat2 = Math.asin(
            Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing),
          );
          const lng2 =
            lng1 +
            Math.atan2(
              Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
              Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
            );
          const inside = { lat: (lat2 * 180) / Math.PI, lng: (((lng2 * 180) / Math.PI + 540) % 360) - 180 };
          const box = boundingBox(center, km);
          expect(inside.lat).toBeGreaterThanOrEqual(box.minLat - 1e-9);
          expect(inside.lat).toBeLessThanOrEqual(box.maxLat + 1e-9);
          expect(inside.lng).toBeGreaterThanOrEqual(box.minLng - 1e-9);
          expect(inside.lng).toBeLessThanOrEqual(box.maxLng + 1e-9);
        },
      ),
    );
  });

  it('takes every longitude across the antimeridian and near a pole', () => {
    expect(boundingBox({ lat: 10, lng: 179.99 }, 5)).toMatchObject({ minLng: -180, maxLng: 180 });
    expect(boundingBox({ lat: 89.99, lng: 0 }, 5)).toMatchObject({ minLng: -180, maxLng: 180, maxLat: 90 });
  });

  it('is narrow elsewhere', () => {
    const box = boundingBox(koramangala, 5);
    expect(box.maxLat - box.minLat).toBeCloseTo(0.09, 2);
    expect(box.maxLng - box.minLng).toBeLessThan(0.1);
  });
});

describe('orderingRefusal', () => {
  const kolkata = 'Asia/Kolkata';
  // 2026-11-27 09:30 in Kolkata.
  const morning = new Date('2026-11-27T04:00:00Z');
  const open = { status: 1, openTime: '07:00', closeTime: '22:00' };

  it('takes orders while Open and inside its hours, both ends included', () => {
    expect(orderingRefusal(open, morning, kolkata)).toBeNull();
    expect(openAt(open, new Date('2026-11-27T01:30:00Z'), kolkata)).toBe(true); // 07:00
    expect(openAt(open, new Date('2026-11-27T16:30:00Z'), kolkata)).toBe(true); // 22:00
    expect(openAt(open, new Date('2026-11-27T16:31:00Z'), kolkata)).toBe(false); // 22:01
  });

  it('refuses a Closed or Unserviceable store whatever the hour', () => {
    expect(orderingRefusal({ ...open, status: 0 }, morning, kolkata)).toBe(
      serviceabilityMessages.storeNotOpen,
    );
    expect(orderingRefusal({ ...open, status: -1 }, morning, kolkata)).toBe(
      serviceabilityMessages.storeNotOpen,
    );
  });

  it('says the hours when the store is closed for the night', () => {
    expect(orderingRefusal(open, new Date('2026-11-27T20:00:00Z'), kolkata)).toBe(
      'This store is closed now. It takes orders from 07:00 AM to 10:00 PM',
    );
  });

  it('reads the hours on the business clock, and a night across midnight', () => {
    const night = { status: 1, openTime: '20:00', closeTime: '02:00' };
    expect(openAt(night, new Date('2026-11-27T19:00:00Z'), kolkata)).toBe(true); // 00:30 in Kolkata
    expect(openAt(night, new Date('2026-11-27T19:00:00Z'), 'UTC')).toBe(false); // 19:00 in UTC
    expect(openAt(night, morning, kolkata)).toBe(false);
  });
});
