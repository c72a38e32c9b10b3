const MAX_KEY_LENGTH = 1024;
/** A segment starts with a letter or digit, so `.`, `..` and hidden names are never keys. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * Keys are relative, `/`-separated paths of plain segments (letters, digits,
 * `.`, `_`, `-`, never starting with `.`): no `..`, no absolute path, no
 * backslash, no control character, no empty segment.
 */
export function isValidStorageKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}
