const stepMinutes = 15;

/** Every quarter of an hour of a day, as "HH:mm". */
export const quarterHours: readonly string[] = Array.from({ length: (24 * 60) / stepMinutes }, (_, index) => {
  const minutes = index * stepMinutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
