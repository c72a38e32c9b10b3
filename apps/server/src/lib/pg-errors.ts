/** Whether an error (or its cause, as the ORM wraps them) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint === constraint) return true;
  }
  return false;
}

/**
 * Whether PostgreSQL refused a value itself (SQLSTATE class 22: out of range,
 * invalid text such as NUL, bad format): the client's input, never our fault.
 */
export function isDataException(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** Socket errors and SQLSTATEs that mean the database is not there (down, restarting, starting up). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNREACHABLE_STATES = /^(08[0-9A-Z]{3}|57P0[1-3])$/;

/**
 * Whether an error says the database could not be reached or went away
 * mid-query: the server is unavailable for now (503), nothing the client did.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNREACHABLE_STATES.test(code)))
      return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /^Connection terminated( unexpectedly)?$/.test(message)) return true;
  }
  return false;
}
