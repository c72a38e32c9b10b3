import type { ImageUpload } from '#server/storage/images.ts';
import type { Storage } from '#server/storage/storage.ts';

type Log = { warn: (obj: unknown, msg?: string) => void };

/**
 * Stores a new image, then lets `swap` point the record at it (answering the
 * key it replaced), then deletes the replaced file. A swap that fails removes
 * the new file again, so no upload is left behind without a record.
 */
export async function replaceImage<T>(
  storage: Storage,
  log: Log,
  key: string,
  upload: ImageUpload,
  swap: (key: string) => Promise<{ result: T; replacedKey: string | null }>,
): Promise<T> {
  await storage.put(key, upload.bytes, upload.contentType);
  let swapped: { result: T; replacedKey: string | null };
  try {
    swapped = await swap(key);
  } catch (error) {
    await storage
      .delete(key)
      .catch((cleanup: unknown) => log.warn({ err: cleanup }, 'could not remove an unused upload'));
    throw error;
  }
  if (swapped.replacedKey) {
    await storage
      .delete(swapped.replacedKey)
      .catch((cleanup: unknown) => log.warn({ err: cleanup }, 'could not remove a replaced image'));
  }
  return swapped.result;
}
