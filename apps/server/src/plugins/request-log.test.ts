import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/harness.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { EventHub } from '#server/realtime/hub.ts';

type Line = { level: number; msg: string; [key: string]: unknown };

let database: TestDatabase;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-log-'));
const silent = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What the server logs at `level` while it answers `urls`, as the JSON lines of `npm start`. */
async function logOf(level: string, urls: string[]): Promise<Line[]> {
  const lines: Line[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: level });
  const hub = new EventHub(database.url, database.db, silent);
  await hub.start();
  const app = await buildApp({
    config,
    db: database.db,
    hub,
    logger,
    consoleDir: path.join(dataDir, 'no-console'),
    storefrontDir: path.join(dataDir, 'no-storefront'),
    deliverDir: path.join(dataDir, 'no-deliver'),
  });
  await app.ready();
  lines.length = 0;
  try {
    for (const url of urls) await app.inject({ url });
  } finally {
    await app.close();
    await hub.stop();
  }
  return lines;
}

describe('the request log', () => {
  it('has no line for an answered request at the default level', async () => {
    const lines = await logOf('info', ['/api/health', '/api/auth/session', '/api/no-such-thing']);
    const aboutRequests = lines.filter((line) => line.req ?? line.res ?? line.url);
    expect(aboutRequests).toEqual([]);
  });

  it('has one line per request at debug, with its method, address, status and time', async () => {
    const lines = await logOf('debug', ['/api/health', '/api/no-such-thing']);
    const requests = lines.filter((line) => line.msg === 'request answered');
    expect(requests.map(({ method, url, statusCode }) => ({ method, url, statusCode }))).toEqual([
      { method: 'GET', url: '/api/health', statusCode: 200 },
      { method: 'GET', url: '/api/no-such-thing', statusCode: 404 },
    ]);
    for (const line of requests) {
      expect(line.level).toBe(20);
      expect(line.ms).toEqual(expect.any(Number));
    }
    expect(
      lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed'),
    ).toEqual([]);
  });
});
