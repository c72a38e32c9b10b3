import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../orders.ts';
import { fallbackCutoffMinutes, isPreparationDue, preparationStartsAt } from './preparation.ts';
import { slotLimits } from './slots.ts';

// 09:00–10:00 on Tuesday 1 December 2026 in Kolkata.
const slot = { startsAt: '2026-12-01T03:30:00.000Z', endsAt: '2026-12-01T04:30:00.000Z' };

describe('preparationStartsAt', () => {
  it('is the slot’s start less the store’s cut-off', () => {
    expect(preparationStartsAt(slot.startsAt, 60).toISOString()).toBe('2026-12-01T02:30:00.000Z');
    expect(preparationStartsAt(new Date(slot.startsAt), 90).toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });

  it('is the slot’s start for a cut-off of 0, and the day before for one of 1440 minutes', () => {
    expect(preparationStartsAt(slot.startsAt, 0).toISOString()).toBe('2026-12-01T03:30:00.000Z');
    expect(preparationStartsAt(slot.startsAt, 1440).toISOString()).toBe('2026-11-30T03:30:00.000Z');
  });
});

describe('isPreparationDue', () => {
  const at = (iso: string) => new Date(iso).getTime();
  const order = (status: OrderStatus) => ({ status, slot });

  it('is due from the moment on, not a millisecond before', () => {
    expect(isPreparationDue(order(OrderStatus.Placed), 60, at('2026-12-01T02:29:59.999Z'))).toBe(false);
    expect(isPreparationDue(order(OrderStatus.Placed), 60, at('2026-12-01T02:30:00.000Z'))).toBe(true);
    expect(isPreparationDue(order(OrderStatus.Confirmed), 60, new Date('2026-12-01T05:00:00.000Z'))).toBe(
      true,
    );
  });

  it('is never due once picked up or closed, nor for an order without a slot', () => {
    const late = at('2026-12-01T04:00:00.000Z');
    expect(isPreparationDue(order(OrderStatus.PickedUp), 60, late)).toBe(false);
    expect(isPreparationDue(order(OrderStatus.Delivered), 60, late)).toBe(false);
    expect(isPreparationDue(order(OrderStatus.Cancelled), 60, late)).toBe(false);
    expect(isPreparationDue({ status: OrderStatus.Placed, slot: null }, 60, late)).toBe(false);
  });
});

describe('fallbackCutoffMinutes', () => {
  it('is the cut-off a slot rule has when none is given', () => {
    expect(fallbackCutoffMinutes).toBe(slotLimits.cutoffMinutes.default);
  });
});
