import { describe, expect, it } from 'vitest';
import { auditFieldLabel, idsInChanges, isMoment, isRecordId } from './values.ts';
import { auditFields, isAuditField } from './fields.ts';

const ravi = 'e0000000-0000-4000-8000-000000000001';

describe('audit values', () => {
  it('names a field no longer recorded in words made from its name', () => {
    expect(auditFieldLabel('deliveryChargePaise')).toBe('Delivery charge');
    expect(auditFieldLabel('zoneIds')).toBe('Zones');
    expect(auditFieldLabel('parentId')).toBe('Parent');
    expect(auditFieldLabel('openTime')).toBe('Open time');
    expect(auditFieldLabel('status')).toBe('Status');
  });

  it('knows the fields recorded today, and no other', () => {
    expect(isAuditField('pricePaise')).toBe(true);
    expect(isAuditField('deliveryChargePaise')).toBe(false);
    expect(isAuditField('passwordHash')).toBe(false);
    expect(new Set(auditFields).size).toBe(auditFields.length);
  });

  it('tells ids and moments from other text', () => {
    expect(isRecordId(ravi)).toBe(true);
    expect(isRecordId(ravi.toUpperCase())).toBe(true);
    expect(isRecordId('FRESH50')).toBe(false);
    expect(isRecordId(12)).toBe(false);
    expect(isMoment('2026-11-20T19:00:00.000Z')).toBe(true);
    expect(isMoment('2026-11-20')).toBe(false);
    expect(isMoment('09:00')).toBe(false);
  });

  it('finds every id the changes name, once', () => {
    expect(
      idsInChanges({
        dexId: { from: null, to: ravi },
        storeIds: { from: [ravi.toUpperCase()], to: [] },
        name: { from: 'a', to: 'b' },
      }),
    ).toEqual([ravi]);
  });
});
