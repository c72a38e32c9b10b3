/**
 * One CSV field: quoted when it holds a comma, quote or line break, and with a
 * leading ' when a spreadsheet would read it as a formula (names come from
 * customers). A plain number, negative ones too (a credit note's), stays a number.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(?:\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of fields, ended as RFC 4180 ends it. */
export function csvLine(fields: string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
