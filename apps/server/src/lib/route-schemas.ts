import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { messages } from '@storedesk/shared/messages';
import { versionSchema } from '@storedesk/shared/text';
import { CURSOR_PATTERN } from '#server/realtime/cursor.ts';

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

/**
 * A live stream's `Last-Event-ID`: the cursor of the last message the client had (ADR 0071), the
 * last id it saw and the transactions of late events it had, to replay what followed.
 */
export const lastEventIdSchema = z.string().regex(CURSOR_PATTERN).optional();

/** The 200 answer of a live stream (Server-Sent Events), described. */
export const eventStreamAnswer = (description: string) => ({
  description,
  content: { 'text/event-stream': { schema: z.string() } },
});

/** The answers of a route that takes an image upload besides its success. */
export const imageErrors = {
  400: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
};
