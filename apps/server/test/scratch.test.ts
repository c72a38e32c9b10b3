import type { AddressInfo } from 'node:net';
import { it } from 'vitest';
import { createBusiness, createTestApp, signIn } from './harness.ts';
const log = (w: string) => process.stderr.write(`LAP ${w}\n`);
it('close timing', async () => {
  for (const mode of ['none', 'abort', 'open']) {
    const ctx = await createTestApp();
    const biz = await createBusiness(ctx.db);
    const s = await signIn(ctx.app, biz.owner.email);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const c = new AbortController();
    if (mode !== 'none') {
      const res = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: s.headers,
        signal: c.signal,
      });
      const r = res.body!.getReader();
      void r.read().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
      if (mode === 'abort') c.abort();
      await new Promise((r) => setTimeout(r, 100));
    }
    const t0 = Date.now();
    const timer = setTimeout(() => c.abort(), 15000);
    await ctx.app.close();
    log(`${mode} app.close ${Date.now() - t0}`);
    clearTimeout(timer);
    c.abort();
    await ctx.close();
  }
}, 60000);
