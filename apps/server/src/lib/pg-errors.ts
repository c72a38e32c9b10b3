/** What PostgreSQL (or the pool) says of an error: its SQLSTATE and the rest, as node-postgres gives them. */
type PgError = { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };

/** An error and each of its causes in turn (the ORM wraps the driver's error as its cause). */
function* causes(error: unknown): Generator<PgError> {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) yield e as PgError;
}

/** Whether an error (or its cause, as the ORM wraps them) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (const e of causes(error)) if (e.code === '23505' && e.constraint === constraint) return true;
  return false;
}

/**
 * The detail of an error a routine of ours raised with its own SQLSTATE (routines.sql), or null
 * when the error (and its causes) is not that.
 */
export function raisedDetail(error: unknown, sqlState: string): string | null {
  for (const e of causes(error)) if (e.code === sqlState && typeof e.detail === 'string') return e.detail;
  return null;
}

/**
 * Whether PostgreSQL refused a value itself (SQLSTATE class 22: out of range,
 * invalid text such as NUL, bad format): the client's input, never our fault.
 */
export function isDataException(error: unknown): boolean {
  for (const { code } of causes(error)) {
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
 * clients), a write reaching a node that is no longer, or not yet, the primary (25006, during a
 * failover: ADR 0050), or a transaction PostgreSQL ended to break a deadlock (40P01): rolled back
 * whole, it goes through when asked again.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300', '25006', '40P01']);
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
  for (const { code, message } of causes(error)) {
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
