import { describe, expect, it } from 'vitest';
import { dashboardMonths } from './months.ts';

describe("the dashboard's months", () => {
  it('are the month of the day and the one before, across a year and in a leap February', () => {
    expect(dashboardMonths('2026-12-03')).toEqual({ month: '2026-12', previousMonth: '2026-11' });
    expect(dashboardMonths('2027-01-01')).toEqual({ month: '2027-01', previousMonth: '2026-12' });
    expect(dashboardMonths('2024-03-31')).toEqual({ month: '2024-03', previousMonth: '2024-02' });
    expect(dashboardMonths('2024-02-29')).toEqual({ month: '2024-02', previousMonth: '2024-01' });
  });
});
