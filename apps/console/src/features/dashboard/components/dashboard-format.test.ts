import { describe, expect, it } from 'vitest';
import { countTicks } from './chart-scale.ts';
import { languages, localeOf } from '@storedesk/web/i18n';
import { translator } from '@/testing/translate.ts';
import { formatChange, formatCount, formatDayMonth, monthValues } from './dashboard-format.ts';

describe('dashboard figures as text', () => {
  it('shows a change with its sign and 2 decimals', () => {
    expect(formatChange(12.5)).toBe('+12.50%');
    expect(formatChange(-33.33)).toBe('−33.33%');
    expect(formatChange(0)).toBe('0.00%');
    expect(formatChange(-0)).toBe('0.00%');
    expect(formatChange(1234.5)).toBe('+1,234.50%');
    expect(formatChange(1_234_567.125)).toBe('+12,34,567.13%');
    expect(formatChange(-1.005)).toBe('−1.01%');
  });

  it('groups counts the Indian way, and labels days and months', () => {
    expect(formatCount(1_234_567)).toBe('12,34,567');
    expect(formatDayMonth('2025-03-04')).toBe('04/03');
    const t = translator('en');
    expect(t('dashboard.month', monthValues('2025-03'))).toBe('March 2025');
    expect(t('dashboard.month', monthValues('2024-12'))).toBe('December 2024');
  });

  it('names each month in each language as Intl names it', () => {
    for (const language of languages) {
      const t = translator(language);
      const intl = new Intl.DateTimeFormat(localeOf[language], {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      for (let month = 1; month <= 12; month++) {
        const key = `2026-${String(month).padStart(2, '0')}`;
        expect(t('dashboard.month', monthValues(key)), `${language} ${key}`).toBe(
          intl.format(Date.UTC(2026, month - 1, 1)),
        );
      }
    }
  });
});

describe('count axis', () => {
  it('steps by whole 1, 2 or 5 times a power of ten up to at least the largest figure', () => {
    expect(countTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(5)).toEqual([0, 2, 4, 6]);
    expect(countTicks(14)).toEqual([0, 5, 10, 15]);
    expect(countTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(countTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});
