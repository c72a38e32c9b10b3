/**
 * The months the dashboard compares (SPEC §2): the month of `today` and the one
 * before it, as 'YYYY-MM'. `today` is a calendar day of the business ('YYYY-MM-DD',
 * in its time zone), so the months are the business's too.
 */
export function dashboardMonths(today: string): { month: string; previousMonth: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const previous = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 7);
  return { month: today.slice(0, 7), previousMonth: previous };
}
