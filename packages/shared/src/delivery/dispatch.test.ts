import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../orders.ts';
import {
  addDays,
  canTakeOrders,
  cashToSettlePaise,
  isWaitingTooLong,
  lastSevenDays,
  minutesWaiting,
} from './dispatch.ts';

const now = Date.parse('2026-11-30T10:00:00.000Z');
const placed = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('dispatch rules', () => {
  it('counts whole minutes waited, never below 0', () => {
    expect(minutesWaiting(placed(14.9), now)).toBe(14);
    expect(minutesWaiting(placed(-3), now)).toBe(0);
  });

  it('an open order with nobody assigned waits too long only past the minutes set', () => {
    const order = { status: OrderStatus.Placed, dexId: null };
    expect(isWaitingTooLong({ ...order, placedAt: placed(10) }, 10, now)).toBe(false);
    expect(isWaitingTooLong({ ...order, placedAt: placed(11) }, 10, now)).toBe(true);
  });

  it('an order with an executive, or closed, never waits', () => {
    const long = placed(60);
    expect(isWaitingTooLong({ status: OrderStatus.Confirmed, dexId: 'd1', placedAt: long }, 10, now)).toBe(
      false,
    );
    for (const status of [OrderStatus.Delivered, OrderStatus.Cancelled]) {
      expect(isWaitingTooLong({ status, dexId: null, placedAt: long }, 10, now)).toBe(false);
    }
  });

  it('an executive takes orders up to the limit, not beyond', () => {
    expect(canTakeOrders(4, 5)).toBe(true);
    expect(canTakeOrders(5, 5)).toBe(false);
    expect(canTakeOrders(3, 5, 2)).toBe(true);
    expect(canTakeOrders(3, 5, 3)).toBe(false);
  });

  it('leaves to settle what was collected beyond what was settled, never below nothing', () => {
    expect(cashToSettlePaise({ collectedPaise: 274_900, settledPaise: null })).toBe(274_900);
    expect(cashToSettlePaise({ collectedPaise: 274_900, settledPaise: 255_700 })).toBe(19_200);
    expect(cashToSettlePaise({ collectedPaise: 274_900, settledPaise: 274_900 })).toBe(0);
    expect(cashToSettlePaise({ collectedPaise: 0, settledPaise: null })).toBe(0);
  });

  it('moves calendar days across months and leap years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-29', 6)).toBe('2027-01-04');
  });

  it('the last 7 days are the business’s, today included', () => {
    // 20:00 UTC on 30 Nov is already 1 Dec in Kolkata.
    expect(lastSevenDays(Date.parse('2026-11-30T20:00:00.000Z'), 'Asia/Kolkata')).toEqual({
      from: '2026-11-25',
      to: '2026-12-01',
    });
    expect(lastSevenDays(Date.parse('2026-11-30T20:00:00.000Z'), 'America/New_York')).toEqual({
      from: '2026-11-24',
      to: '2026-11-30',
    });
  });
});
