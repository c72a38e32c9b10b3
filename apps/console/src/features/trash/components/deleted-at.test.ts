import { describe, expect, it } from 'vitest';
import { formatDeletedAt } from './deleted-at.ts';

describe('formatDeletedAt', () => {
  it('writes DD/MM/YYYY HH:mm in the business time zone, whatever the browser’s', () => {
    expect(formatDeletedAt('2025-01-02T18:40:00.000Z')).toBe('03/01/2025 00:10');
    expect(formatDeletedAt('2025-11-21T08:05:09.000Z')).toBe('21/11/2025 13:35');
  });

  it('counts hours from 00 to 23', () => {
    expect(formatDeletedAt('2025-06-30T18:29:00.000Z')).toBe('30/06/2025 23:59');
    expect(formatDeletedAt('2025-06-30T18:30:00.000Z')).toBe('01/07/2025 00:00');
  });
});
