import { z } from 'zod';
import { versionSchema } from '@storedesk/shared/text';

/** Path ids are UUIDs; anything else is answered 404 by the error handler. */
export const idParam = z.uuid();

/** DELETE carries the version it was based on in the query (ARCHITECTURE.md). */
export const deleteQuerySchema = z.object({ version: z.coerce.number().pipe(versionSchema) });
