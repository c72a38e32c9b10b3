import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * A route's limit of requests per client address (TRUST_PROXY says which address) in a window,
 * for @fastify/rate-limit's route config: past it, 429 in the error envelope with `message` and a
 * `Retry-After` of the seconds left in the window.
 */
export function perAddressLimit(max: number, windowMs: number, message: string) {
  return {
    max,
    timeWindow: windowMs,
    errorResponseBuilder: (_request: FastifyRequest, limit: { ttl: number }) =>
      new AppError('rate_limited', message, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(limit.ttl / 1000))) },
      }),
  };
}
