import { describe, expect, it } from 'vitest';
import type { AuthContext } from '#server/lib/callers.ts';
import { toMe } from './auth.service.ts';

/** A session of a business in `timeZone` (only its business matters here). */
function sessionIn(timeZone: string): AuthContext {
  return {
    sessionId: 's1',
    user: {
      id: 'u1',
      name: 'Olivia Owner',
      email: 'owner@example.com',
      phone: '+91-9876543210',
      level: 1,
      zoneId: null,
      businessId: 'b1',
      emailVerified: true,
    },
    business: {
      id: 'b1',
      name: 'Corner Shop',
      customerAppUrl: null,
      slug: 'corner-shop',
      shopDomain: null,
      theme: { primaryColor: '#3f51b5', accentColor: '#ff4081', textPrimary: '#ffffff' },
      timeZone,
      serviceEndsAt: null,
      serviceEnded: false,
    },
  };
}
const shopUrlOf = () => 'http://corner-shop.localhost:3000';
const offsetAt = (timeZone: string, at: string) =>
  toMe(sessionIn(timeZone), shopUrlOf, new Date(at)).business.utcOffset;

describe("the session's offset span, kept an hour per zone (ADR 0097)", () => {
  it('is never answered past its end: the first answer after a change of offset has the new one', () => {
    // London goes to summer time at 01:00 UTC on 29 March 2026.
    const winter = offsetAt('Europe/London', '2026-03-29T00:30:00.000Z');
    expect(winter).toEqual({
      minutes: 0,
      from: '2026-03-01T00:30:00.000Z',
      until: '2026-03-29T01:00:00.000Z',
    });
    // Within the hour and the span: the same answer, kept.
    expect(offsetAt('Europe/London', '2026-03-29T00:59:59.999Z')).toBe(winter);
    // Past the span's end, within the hour: found again.
    expect(offsetAt('Europe/London', '2026-03-29T01:00:00.000Z')).toEqual({
      minutes: 60,
      from: '2026-03-29T01:00:00.000Z',
      until: '2026-04-26T01:01:00.000Z',
    });
  });

  it('is found again after an hour, and for each zone apart', () => {
    const first = offsetAt('Asia/Kolkata', '2026-06-01T00:00:00.000Z');
    expect(offsetAt('Asia/Kolkata', '2026-06-01T00:59:00.000Z')).toBe(first);
    const later = offsetAt('Asia/Kolkata', '2026-06-01T01:00:00.000Z');
    expect(later).not.toBe(first);
    expect(later).toEqual({
      minutes: 330,
      from: '2026-05-04T01:00:00.000Z',
      until: '2026-06-29T01:01:00.000Z',
    });
    expect(offsetAt('Asia/Kathmandu', '2026-06-01T01:00:00.000Z').minutes).toBe(345);
  });
});
