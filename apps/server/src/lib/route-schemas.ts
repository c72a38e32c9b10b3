import { z } from 'zod';
import { messages } from '@storedesk/shared/messages';
import { versionSchema } from '@storedesk/shared/text';

/** Path ids are UUIDs; anything else is answered 404 by the error handler. */
export const idParam = z.uuid();

/** DELETE carries the version it was based on in the query (docs/architecture.md). */
export const deleteQuerySchema = z.object({
  // Digits only: coercing would read an empty `?version=` as 0 and answer a stale-write 409 instead of 400.
  version: z
    .string({ error: messages.isRequired })
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .pipe(versionSchema),
});
