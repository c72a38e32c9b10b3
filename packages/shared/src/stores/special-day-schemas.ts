import { z } from 'zod';
import { isCalendarDay } from '../dates.ts';
import { requiredLine } from '../text.ts';
import { specialDayLimits, specialDayMessages, type SpecialDay } from './special-days.ts';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 09:30');

export const specialDaySchema = z
  .object({
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-11-22')
      .refine(isCalendarDay, 'must be a date such as 2026-11-22'),
    closed: z.boolean({ error: 'must be true or false' }),
    openTime: time.nullish(),
    closeTime: time.nullish(),
    reason: requiredLine(specialDayLimits.reasonMax),
  })
  .superRefine((value, ctx) => {
    if (value.closed) return;
    if (!value.openTime)
      ctx.addIssue({ code: 'custom', path: ['openTime'], message: specialDayMessages.hoursNeeded });
    if (!value.closeTime)
      ctx.addIssue({ code: 'custom', path: ['closeTime'], message: specialDayMessages.hoursNeeded });
  })
  .transform((value): SpecialDay => ({
    day: value.day,
    closed: value.closed,
    openTime: value.closed ? null : value.openTime!,
    closeTime: value.closed ? null : value.closeTime!,
    reason: value.reason,
  }));

/** A store's special days as its form sends them: each day once, at most 60. */
export const specialDaysSchema = z
  .array(specialDaySchema)
  .max(specialDayLimits.max, specialDayMessages.tooMany)
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((day, index) => {
      if (seen.has(day.day))
        ctx.addIssue({ code: 'custom', path: [index, 'day'], message: specialDayMessages.sameDay });
      seen.add(day.day);
    });
  });
