import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's minimum cost: 19 MiB, two passes, one lane. */
// algorithm 2 is Argon2id in the library's (const) enum.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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

/** Verified against when the account does not exist, so a miss costs as long as a hit. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('storedesk-no-such-account');
  return dummyHash.then((h) => verifyPassword(h, password));
}
