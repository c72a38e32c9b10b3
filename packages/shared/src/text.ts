import { z } from 'zod';
import { messages } from './messages.ts';

/** C0 controls and DEL: never part of a name, a title or a search, and NUL is refused by PostgreSQL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f]/;

export const noControlCharacters = 'must not contain control characters';

/** One line of text as people type it: trimmed, at most `max` characters, no control characters. */
export function singleLine(max: number) {
  return z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !controlCharacters.test(value), noControlCharacters);
}

/** A required single line: as `singleLine`, and not empty once trimmed ('is required'). */
export function requiredLine(max: number, emptyMessage: string = 'is required') {
  return singleLine(max).pipe(z.string().min(1, emptyMessage));
}

/**
 * An optional single line (as `singleLine`): blank once trimmed is none (null), as is null itself.
 * A name in another language (B19, ADR 0085) is one.
 */
export function optionalLine(max: number) {
  return singleLine(max)
    .nullable()
    .transform((value) => (value ? value : null));
}

/** The `version` a write is based on (D9): a PostgreSQL integer. */
export const versionSchema = z.number().int().min(0).max(2_147_483_647);

/** 'is required' when the field is missing, else `message`. */
export function requiredOr(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? messages.isRequired : message);
}

/**
 * A form field's text as a whole number, checked by `schema` (the server's own rule for the
 * field); blank is none (`schema` says whether that is allowed), anything else not whole says
 * `message`.
 */
export function wholeNumberText<T extends z.ZodType<unknown, number | undefined>>(
  schema: T,
  message: string,
) {
  return z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === '') return undefined;
      if (!/^-?\d+$/.test(text)) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(text);
    })
    .pipe(schema);
}
