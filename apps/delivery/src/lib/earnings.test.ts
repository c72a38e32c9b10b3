import { describe, expect, it } from 'vitest';
import type { DeliveryEarning } from '@storedesk/shared/delivery/earnings';
import { canRecordTip } from './earnings.ts';

const delivered: DeliveryEarning = {
  orderId: 'o1',
  number: 421,
  storeName: 'Near Mart',
  deliveredAt: '2026-12-02T09:00:00.000Z',
  feePaise: 4_500,
  tip: null,
  cashCollectedPaise: 0,
  paidOut: false,
};
const at = (text: string) => Date.parse(text);

describe('whether an executive may record a cash tip', () => {
  it('may for a delivery without a tip until 48 hours after it, not at the 48th hour', () => {
    expect(canRecordTip(delivered, at('2026-12-02T09:00:00.000Z'))).toBe(true);
    expect(canRecordTip(delivered, at('2026-12-04T08:59:59.999Z'))).toBe(true);
    expect(canRecordTip(delivered, at('2026-12-04T09:00:00.000Z'))).toBe(false);
  });

  it('may not for a delivery that has a tip, online or in cash', () => {
    for (const method of ['ONLINE', 'CASH'] as const) {
      const tipped = { ...delivered, tip: { amountPaise: 2_000, method, paidAt: delivered.deliveredAt } };
      expect(canRecordTip(tipped, at('2026-12-02T10:00:00.000Z'))).toBe(false);
    }
  });
});
