import { messages } from '@storedesk/shared/messages';
import type { z } from 'zod';
import type { ApiError } from './api-client.ts';

/**
 * What a record form does with a refused save: a 401 is the session's business
 * (it signs out); a 409 puts the current record in the form and says it changed
 * (D9), unless it names fields (a name already taken) or carries no record (a
 * state that refuses the write, such as a limit reached: its own message is
 * shown); anything else puts the server's field messages on their fields, the
 * first in the form's order taking the focus. Answers the message for the form's
 * Error dialog, or null when there is none to show: a field that took a message
 * says it there (and a dialog would take the focus from it).
 */
export function applySaveRefusal<T>(
  error: ApiError,
  form: {
    /** The record as the server answers it, and how the form shows it; none for a form that creates. */
    current?: z.ZodType<T>;
    showCurrent?: (record: T) => void;
    /**
     * The server's field name, and how the form shows a message on it; `focus` is true for the
     * first field, in the form's order, that gets one.
     */
    fields: Record<string, (message: string, focus: boolean) => void>;
  },
): string | null {
  if (error.status === 401) return null;
  // A 409 that names fields is a conflict of values (a name or e-mail already taken), not a stale version;
  // one without a current record is a state that refuses the write, and says which in its message.
  if (form.current && error.status === 409 && !error.fields && error.current !== undefined) {
    const current = form.current.safeParse(error.current);
    if (current.success) form.showCurrent?.(current.data);
    return messages.staleRecord;
  }
  let placed = false;
  for (const [field, show] of Object.entries(form.fields)) {
    const message = error.fields?.[field];
    if (!message) continue;
    show(message, !placed);
    placed = true;
  }
  return placed ? null : error.message;
}

type SetError<Name extends string> = (
  name: Name,
  error: { message: string },
  options: { shouldFocus: boolean },
) => void;

/**
 * The `fields` of a refusal for a react-hook-form: each server field shows its message on the
 * form's field of the same name (a list) or on the one it maps to (server name → form name), the
 * first to get one taking the focus.
 */
export function fieldMessages<Name extends string>(
  setError: SetError<Name>,
  names: readonly Name[] | Readonly<Record<string, Name>>,
): Record<string, (message: string, focus: boolean) => void> {
  const pairs: Array<[string, Name]> = Array.isArray(names)
    ? (names as readonly Name[]).map((name) => [name, name])
    : Object.entries(names as Readonly<Record<string, Name>>);
  return Object.fromEntries(
    pairs.map(([serverField, formField]) => [
      serverField,
      (message: string, focus: boolean) => setError(formField, { message }, { shouldFocus: focus }),
    ]),
  );
}
