import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createTestDatabase, type TestBusiness, type TestDatabase } from '#test/harness.ts';
import { businesses } from './db/schema.ts';

const run = promisify(execFile);
let database: TestDatabase;
let biz: TestBusiness;

beforeAll(async () => {
  database = await createTestDatabase();
  biz = await createBusiness(database.db);
});
afterAll(() => database.drop());

const service = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: database.url },
  });
const endsAt = async () =>
  (await database.db.select().from(businesses).where(eq(businesses.id, biz.id)))[0]!.serviceEndsAt;

describe('npm run service', () => {
  it('ends a business service now, then extends it by whole days from today', async () => {
    const ended = await service('end', '--business', biz.id);
    expect(ended.stdout).toContain(`${biz.id}  ${'Business'}`);
    expect(ended.stdout).toContain('service ended');
    expect((await endsAt())!.getTime()).toBeLessThanOrEqual(Date.now());

    await service('extend', '--days', '30', '--business', biz.id);
    const days = ((await endsAt())!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('refuses a bad number of days and an unknown business, changing nothing', async () => {
    const before = await endsAt();
    await expect(service('extend', '--days', 'ten')).rejects.toMatchObject({ code: 2 });
    await expect(
      service('extend', '--days', '5', '--business', '00000000-0000-0000-0000-000000000000'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No business with id'),
    });
    await expect(service('launch')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage'),
    });
    expect(await endsAt()).toEqual(before);
  });
});
