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

/** Network failures of a connection to the database. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/**
 * PostgreSQL shutting down or refusing connections (admin, crash and startup shutdowns, too many
 * clients), or a write reaching a node that is no longer, or not yet, the primary (25006, during a
 * failover: ADR 0050).
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
/** What node-postgres says, without a code, when a connection cannot be had or is lost. */
const poolMessages = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  // A statement on a client whose connection had already been lost.
  'Client has encountered a connection error and is not queryable',
];

/**
 * Whether the database could not be reached, or dropped the connection
 * (a network error, SQLSTATE class 08 or a shutdown, the pool's connect
 * timeout): the service is unavailable for the moment, not broken.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (networkCodes.has(code) || unavailableStates.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      // A standby cancelled a read that its replay needed out of the way (ADR 0052): asked again, it reads.
      if (code === '40001' && typeof message === 'string' && message.includes('conflict with recovery'))
        return true;
    }
    if (typeof message === 'string' && poolMessages.some((start) => message.startsWith(start))) return true;
  }
  return false;
}
