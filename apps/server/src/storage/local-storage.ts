import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertValidStorageKey } from './keys.ts';
import type { Storage, StoredFile } from './storage.ts';

const FALLBACK_TYPE = 'application/octet-stream';

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Files on local disk under one folder. A key maps to a file of the same
 * relative path; its content type sits beside it in a hidden `.<name>.type`
 * file, a name no key can take because key segments never start with a dot.
 */
export class LocalStorage implements Storage {
  readonly root: string;

  constructor(dir: string) {
    this.root = path.resolve(dir);
  }

  /** The file of a key, proven to lie inside the root. */
  private pathOf(key: string): string {
    assertValidStorageKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new Error('A storage key escaped its folder');
    return file;
  }

  private static typePathOf(file: string): string {
    return path.join(path.dirname(file), `.${path.basename(file)}.type`);
  }

  /** Writes beside the target under a hidden temporary name, then renames it in place. */
  private static async writeAtomically(file: string, data: Buffer | string): Promise<void> {
    const temp = path.join(path.dirname(file), `.${randomUUID()}.tmp`);
    try {
      const handle = await fs.open(temp, 'wx', 0o644);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // The type first: a reader never finds new bytes with no type.
    await LocalStorage.writeAtomically(LocalStorage.typePathOf(file), contentType);
    await LocalStorage.writeAtomically(file, body);
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const contentType = await fs
        .readFile(LocalStorage.typePathOf(file), 'utf8')
        .then((text) => text.trim() || FALLBACK_TYPE)
        .catch((error: unknown) => {
          if (isMissing(error)) return FALLBACK_TYPE;
          throw error;
        });
      // The stream owns the handle from here and closes it when it ends or is destroyed.
      return { body: handle.createReadStream(), contentType, size: stat.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    for (const target of [file, LocalStorage.typePathOf(file)]) {
      try {
        await fs.unlink(target);
      } catch (error) {
        // A folder of other keys is not a file of this one: nothing to delete, as on S3.
        if (!isMissing(error) && errorCode(error) !== 'EISDIR') throw error;
      }
    }
  }

  async close(): Promise<void> {}
}
