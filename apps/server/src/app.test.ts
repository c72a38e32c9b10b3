import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { EventHub } from './realtime/hub.ts';

let database: TestDatabase;
let app: FastifyInstance;
let hub: EventHub;
const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-console-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(consoleDir, 'assets'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(consoleDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  database = await createTestDatabase();
  hub = new EventHub(database.url, database.db, { info: () => undefined, warn: () => undefined });
  const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: consoleDir, LOG_LEVEL: 'silent' });
  app = await buildApp({ config, db: database.db, hub, consoleDir });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

describe('serving the console', () => {
  it('serves its files to anyone, assets cached for good and the page never stale', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await app.inject({ url: '/index.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers every console route with index.html, so a reload of a deep link works', async () => {
    for (const url of ['/', '/dashboard', '/stores/123/catalog', '/no/such/page']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('tags every answer with a request id, keeping a sane one the client sent', async () => {
    const given = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('paths the router cannot read', () => {
  it('answers a broken percent-encoding or an over-long segment with the 404 envelope, as an unknown id', async () => {
    for (const url of [
      '/api/stores/%zz',
      '/api/stores/%',
      `/api/stores/${'x'.repeat(201)}`,
      `/api/orders/${'9'.repeat(300)}/status`,
      '/files/%E0%A4%A',
    ]) {
      const res = await app.inject({ method: url.endsWith('/status') ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });
});
