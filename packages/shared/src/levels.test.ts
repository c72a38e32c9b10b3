import { describe, expect, it } from 'vitest';
import { canSignIn, isOwner, Level } from './levels.ts';

describe('canSignIn (SPEC §1, D1)', () => {
  const zone = '7a1c1d2e-0000-4000-8000-000000000001';

  it('lets an owner or an admin with a zone sign in', () => {
    expect(canSignIn({ level: Level.Owner, zoneId: zone })).toBe(true);
    expect(canSignIn({ level: Level.Admin, zoneId: zone })).toBe(true);
  });

  it('refuses an owner or admin without a zone', () => {
    expect(canSignIn({ level: Level.Owner, zoneId: null })).toBe(false);
    expect(canSignIn({ level: Level.Admin, zoneId: null })).toBe(false);
  });

  it('refuses every other level, the 4 "DEX" reading included', () => {
    for (const level of [Level.DeliveryExecutive, 0, 4, -1, 99]) {
      expect(canSignIn({ level, zoneId: zone }), `level ${level}`).toBe(false);
    }
  });
});

describe('isOwner', () => {
  it('is true for level 1 only', () => {
    expect(isOwner({ level: Level.Owner })).toBe(true);
    expect(isOwner({ level: Level.Admin })).toBe(false);
    expect(isOwner({ level: Level.DeliveryExecutive })).toBe(false);
  });
});
