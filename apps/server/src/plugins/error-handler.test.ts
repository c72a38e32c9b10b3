import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorStatus, type ErrorCode } from '@storedesk/shared/errors';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { AppError } from '#server/lib/errors.ts';
import { EventHub } from '#server/realtime/hub.ts';
import { createTestDatabase, type TestDatabase } from '#test/harness.ts';

const SECRET = 'password=hunter2 at db-internal.example:5432';
const GENERIC = 'Something went wrong on our side. Please try again.';

let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-errors-'));
  const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const hub = new EventHub(database.url, database.db, { info: () => undefined, warn: () => undefined });
  app = await buildApp({ config, db: database.db, hub, consoleDir: path.join(dataDir, 'no-console') });
  // Routes that fail on purpose, added before the app is ready.
  const open = { config: { access: 'public' as const } };
  app.get('/api/test/throws', open, async () => {
    throw new Error(SECRET);
  });
  app.get('/api/test/throws-sync', open, () => {
    throw new TypeError(`Cannot read properties of undefined (reading '${SECRET}')`);
  });
  app.get('/api/test/rejects-plain-object', open, async () => {
    throw Object.assign(new Error(SECRET), { code: '28P01', detail: SECRET, statusCode: 'nonsense' });
  });
  app.get('/api/test/server-error-status', open, async () => {
    throw Object.assign(new Error(SECRET), { statusCode: 502 });
  });
  app.get<{ Params: { code: string } }>('/api/test/app-error/:code', open, async (request) => {
    throw new AppError(request.params.code as ErrorCode, `message of ${request.params.code}`);
  });
  app.get('/api/test/app-error-extra', open, async () => {
    throw new AppError('conflict', 'stale', {
      fields: { name: 'is required' },
      current: { id: 'r1', version: 3 },
      headers: { 'retry-after': '7' },
    });
  });
  app.get('/api/test/staff-throws', async () => {
    throw new Error(SECRET);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('500s', () => {
  it.each([
    '/api/test/throws',
    '/api/test/throws-sync',
    '/api/test/rejects-plain-object',
    '/api/test/server-error-status',
  ])('%s answers the generic envelope and nothing of the error', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: 'internal', message: GENERIC } });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toMatch(/stack|at .*\.ts|node_modules|28P01/);
    for (const value of Object.values(res.headers)) expect(String(value)).not.toContain('hunter2');
  });
});

describe('unknown paths', () => {
  it('an unknown /api path is a 404 envelope, for any method and without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['GET', '/api'],
      ['POST', '/api/no-such-thing'],
      ['DELETE', '/api/no-such-area/123'],
      ['GET', '/api/zones/not/here?x=1'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });
});

describe('AppError', () => {
  it.each(Object.entries(errorStatus).filter(([code]) => code !== 'internal'))(
    'code %s answers status %i with its own message',
    async (code, status) => {
      const res = await app.inject({ url: `/api/test/app-error/${code}` });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: { code, message: `message of ${code}` } });
    },
  );

  it('maps the codes of docs/architecture.md to their statuses', () => {
    expect(errorStatus).toMatchObject({
      invalid_input: 400,
      unauthenticated: 401,
      service_ended: 402,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      too_large: 413,
      unsupported_media_type: 415,
      rate_limited: 429,
      internal: 500,
    });
  });

  it('carries fields, current and headers when it has them', async () => {
    const res = await app.inject({ url: '/api/test/app-error-extra' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'stale',
        fields: { name: 'is required' },
        current: { id: 'r1', version: 3 },
      },
    });
  });
});

describe('order of checks', () => {
  it('a route that needs a session answers 401 before its handler can fail', async () => {
    const res = await app.inject({ url: '/api/test/staff-throws' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});
