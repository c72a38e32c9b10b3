/**
 * REDIS_URL naming a Redis that cannot be reached: the server starts and
 * serves, and its rate limits still hold, counted by the instance alone. (With
 * Redis up, limits shared across instances are proved by the cluster suite,
 * `npm run test:cluster`, which runs its own Redis behind HAProxy.)
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetPolicy } from '@storedesk/shared/auth/password-reset';
import { createTestApp, errorOf, type TestApp } from '#test/harness.ts';

let ctx: TestApp;

/** A port that nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
});

afterAll(() => ctx.close());

describe('rate limits while Redis cannot be reached', () => {
  it('still refuse past the limit, counted by this instance', async () => {
    const forgot = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '198.51.100.20',
        payload: { email: 'nobody@example.com' },
      });
    for (let i = 0; i < passwordResetPolicy.perAddress; i++) expect((await forgot()).statusCode).toBe(202);
    const refused = await forgot();
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('rate_limited');
  });

  it('leave the rest of the server answering', async () => {
    expect((await ctx.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });
});
