import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorStatus, type ErrorCode, type ErrorEnvelope } from '@storedesk/shared/errors';
import { messages } from '@storedesk/shared/messages';
import { AppError } from '#server/lib/errors.ts';
import { isDatabaseUnavailable, isDataException } from '#server/lib/pg-errors.ts';

const codeByStatus = Object.fromEntries(
  Object.entries(errorStatus).map(([code, status]) => [status, code as ErrorCode]),
) as Record<number, ErrorCode>;

const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: messages.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
};

function envelope(
  code: ErrorCode,
  message: string,
  extra: Omit<ErrorEnvelope['error'], 'code' | 'message'> = {},
) {
  return { error: { code, message, ...extra } };
}

/**
 * The Retry-After (seconds) of the 503 answered while the database does not
 * answer: long enough for a restarted or failed-over PostgreSQL to come back
 * (a Patroni failover takes about ten seconds, ADR 0050), short enough that a
 * client that honours it is not kept waiting long after it has.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** One place that maps every failure to the envelope of docs/architecture.md; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.headers) void reply.headers(error.extra.headers);
      const { fields, current } = error.extra;
      return reply.status(error.status).send(
        envelope(error.code, error.message, {
          ...(fields ? { fields } : {}),
          ...(current !== undefined ? { current } : {}),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names no record: the same answer as an unknown one.
      if (error.validationContext === 'params') {
        return reply.status(404).send(envelope('not_found', messages.notFound));
      }
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'is invalid';
      }
      return reply.status(400).send(envelope('invalid_input', messages.invalidInput, { fields }));
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'the database refused a value');
      return reply.status(400).send(envelope('invalid_input', messages.invalidValue));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(envelope('unavailable', messages.unavailable));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = codeByStatus[status] ?? 'invalid_input';
      const message =
        fastifyMessages[error.code] ??
        (error instanceof SyntaxError ? fastifyMessages.FST_ERR_CTP_INVALID_JSON_BODY! : error.message);
      return reply.status(codeByStatus[status] ? status : 400).send(envelope(code, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope('internal', messages.internal));
  });
}

/**
 * The router's own refusals, which never reach the error handler: a path
 * segment that is not valid percent-encoding, or longer than any id, names
 * no record (404, as a malformed id does); anything else is ours (500).
 * Pass it to Fastify as `frameworkErrors`.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook runs for these answers, so the ones every answer carries are set here: the request's
  // id, and the strictest of the security headers for a body that is only JSON.
  void reply.headers({
    'x-request-id': request.id,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  });
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(404).send(envelope('not_found', messages.notFound));
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.status(500).send(envelope('internal', messages.internal));
}
