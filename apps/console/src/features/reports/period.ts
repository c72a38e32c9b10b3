/**
 * The report's periods, as calendar days (YYYY-MM-DD) of the business's time
 * zone: `today` is the business's today (businessDay), so "this month" is its
 * month whatever the browser's zone.
 */
export type PeriodPreset = 'today' | 'last7' | 'thisMonth' | 'lastMonth' | 'custom';

/** The presets in the order the picker lists them; their names are `period.preset.<preset>`. */
export const presets: readonly PeriodPreset[] = ['today', 'last7', 'thisMonth', 'lastMonth', 'custom'];

/** A calendar day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + days)).toISOString().slice(0, 10);
}

/** The period of a preset, given the business's today; none for custom. */
export function presetPeriod(preset: PeriodPreset, today: string): { from: string; to: string } | null {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
    case 'custom':
      return null;
  }
}

/** The preset a period is, if any (the custom fields show otherwise). */
export function presetOf(period: { from: string; to: string }, today: string): PeriodPreset {
  for (const preset of ['today', 'last7', 'thisMonth', 'lastMonth'] as const) {
    const range = presetPeriod(preset, today)!;
    if (range.from === period.from && range.to === period.to) return preset;
  }
  return 'custom';
}
