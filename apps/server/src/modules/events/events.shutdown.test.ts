import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { createBusiness, createTestApp, signIn } from '#test/harness.ts';

it('closing the app ends open live streams, so a shutdown does not wait for browsers to leave', async () => {
  const ctx = await createTestApp();
  const biz = await createBusiness(ctx.db);
  const session = await signIn(ctx.app, biz.owner.email);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/events`, {
    headers: session.headers,
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const streamEnded = (async () => {
    try {
      for (let i = 0; i < 1000; i++) if ((await reader.read()).done) return true;
    } catch {
      return false;
    }
    return false;
  })();

  const closed = ctx.app.close().then(() => 'closed' as const);
  const outcome = await Promise.race([
    closed,
    new Promise<'still waiting'>((resolve) => setTimeout(resolve, 5000, 'still waiting')),
  ]);
  const ended = await Promise.race([
    streamEnded,
    new Promise<'still open'>((resolve) => setTimeout(resolve, 5000, 'still open')),
  ]);
  controller.abort();
  await closed;
  await ctx.close();
  expect(outcome).toBe('closed');
  expect(ended).toBe(true);
}, 30_000);
