import { notFound, stale } from './errors.ts';

/**
 * A write guarded by the version the caller read (D9): `write` updates only
 * when the version still matches; otherwise the caller learns whether the
 * record is gone (404) or changed (409 with the current record).
 */
export async function writeVersioned<T>(
  write: () => Promise<T | undefined>,
  current: () => Promise<unknown>,
): Promise<T> {
  const written = await write();
  if (written !== undefined) return written;
  const now = await current();
  throw now === undefined ? notFound() : stale(now);
}
