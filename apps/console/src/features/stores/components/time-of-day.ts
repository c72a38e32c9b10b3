/** Times travel as 24-hour "HH:mm" and are shown as hh:mm A (SPEC §3). */
export function formatTimeOfDay(value: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(twelve).padStart(2, '0')}:${match[2]} ${suffix}`;
}

const stepMinutes = 15;

/** Every quarter of an hour of a day, as "HH:mm". */
export const quarterHours: readonly string[] = Array.from({ length: (24 * 60) / stepMinutes }, (_, index) => {
  const minutes = index * stepMinutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
