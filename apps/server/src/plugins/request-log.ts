import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, once it is answered, at debug, in place of Fastify's two at info. At the
 * default level (info) the log keeps what a person reads it for: the start-up lines, the links of
 * mails and texts written to the outbox, warnings and errors (a failed request is still logged as
 * an error, by the error handler and here). LOG_LEVEL=debug adds the requests.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request answered',
    );
  }
}
