import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at one of OWASP's equivalent minimum costs: 7 MiB, five passes, one lane (ADR 0086).
 * Of the five, it is the one this machine checks fastest, its memory fitting the processor's cache.
 */
// algorithm 2 is Argon2id in the library's (const) enum.
const options = { algorithm: 2, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

/** How a hash made with today's cost begins (the PHC string's parameters). */
const currentCost = `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash made with another cost (an earlier default), which a right password replaces at sign-in. */
export function hashNeedsUpgrade(passwordHash: string): boolean {
  return !passwordHash.startsWith(currentCost);
}

/** Verified against when the account does not exist, so a miss costs as long as a hit. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('storedesk-no-such-account');
  return dummyHash.then((h) => verifyPassword(h, password));
}
