import type { Readable } from 'node:stream';
import type { Config } from '#server/config.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';

export { assertValidStorageKey, InvalidStorageKeyError, isValidStorageKey } from './keys.ts';

export type StoredFile = {
  /** The file's bytes; the caller must read it to the end or destroy it. */
  body: Readable;
  contentType: string;
  size: number;
};

/** Where uploaded files live: the same calls whichever driver holds them. */
export interface Storage {
  /** Writes the file whole, replacing any file at that key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file at key, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key that holds nothing is fine. */
  delete(key: string): Promise<void>;
  /** Releases what the driver holds open (connections); the storage is not used after. */
  close(): Promise<void>;
}

export type StorageConfig = Config['storage'];

export function createStorage(config: StorageConfig): Storage {
  return config.driver === 's3' ? new S3Storage(config) : new LocalStorage(config.dir);
}
