import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../dates.ts';
import { auditFieldLabel, auditValueText, idsInChanges } from './values.ts';

const ravi = 'e0000000-0000-4000-8000-000000000001';
const context = { timeZone: 'Asia/Kolkata', names: { [ravi]: 'Ravi Kumar' } };

describe('audit values', () => {
  it('names fields as the screens do', () => {
    expect(auditFieldLabel('dexId')).toBe('Delivery executive');
    expect(auditFieldLabel('status')).toBe('Status');
    expect(auditFieldLabel('cashCollectedPaise')).toBe('Cash collected');
    expect(auditFieldLabel('deliveryChargePaise')).toBe('Delivery charge');
    expect(auditFieldLabel('openTime')).toBe('Open time');
    expect(auditFieldLabel('zoneIds')).toBe('Zones');
    expect(auditFieldLabel('parentId')).toBe('Parent');
    expect(auditFieldLabel('aliases')).toBe('Other names');
    expect(auditFieldLabel('position')).toBe('Position');
  });

  it('writes statuses by their names, people by theirs, money in rupees, moments in the business’s zone', () => {
    expect(auditValueText('order', 'status', 2, context)).toBe('Picked Up');
    expect(auditValueText('order', 'status', -2, context)).toBe('Delivered');
    expect(auditValueText('store', 'status', 0, context)).toBe('Closed');
    expect(auditValueText('coupon', 'status', 0, context)).toBe('0');
    expect(auditValueText('order', 'dexId', ravi, context)).toBe('Ravi Kumar');
    expect(auditValueText('order', 'dexId', ravi.toUpperCase(), context)).toBe('Ravi Kumar');
    expect(auditValueText('order', 'dexId', 'e0000000-0000-4000-8000-000000000009', context)).toBe(
      'a record since removed',
    );
    expect(auditValueText('order', 'cashCollectedPaise', 274_900, context)).toBe('₹2,749.00');
    expect(auditValueText('item', 'inStock', false, context)).toBe('No');
    expect(auditValueText('order', 'dexId', null, context)).toBe('—');
    expect(auditValueText('coupon', 'storeIds', [ravi], context)).toBe('Ravi Kumar');
    expect(auditValueText('coupon', 'expiresAt', '2026-11-20T19:00:00.000Z', context)).toBe(
      formatDateTime('2026-11-20T19:00:00.000Z', 'Asia/Kolkata'),
    );
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
