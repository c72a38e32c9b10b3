import { errorStatus, type ErrorCode } from '@storedesk/shared/errors';
import { messages } from '@storedesk/shared/messages';

/** The one error services throw; the error handler turns it into the API envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      fields?: Record<string, string>;
      current?: unknown;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

export const notFound = (message: string = messages.notFound) => new AppError('not_found', message);
export const forbidden = (message: string = messages.forbidden) => new AppError('forbidden', message);
export const invalid = (fields: Record<string, string>, message: string = messages.invalidInput) =>
  new AppError('invalid_input', message, { fields });
export const stale = (current: unknown) => new AppError('conflict', messages.staleRecord, { current });
/** Whether an error is `stale`'s: the record changed since the caller read it. */
export const isStale = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'conflict' && error.message === messages.staleRecord;
export const unauthenticated = (message: string = messages.sessionExpired) =>
  new AppError('unauthenticated', message);
