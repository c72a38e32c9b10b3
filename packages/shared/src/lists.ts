import { z } from 'zod';
import { limits } from './limits.ts';
import { singleLine } from './text.ts';

/** Query of every list endpoint: q, page (0-based), pageSize 5, 10 or 25. */
export const listQuerySchema = z.object({
  q: singleLine(100).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (limits.pageSizes as readonly number[]).includes(n), 'must be 5, 10 or 25')
    .default(limits.defaultPageSize),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
export type ListResponse<T> = { items: T[]; total: number };
