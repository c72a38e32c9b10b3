import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, EncodedAnswers } from './encoded-answers.ts';

const accepting = (header?: string) =>
  acceptedEncoding({ headers: header === undefined ? {} : { 'accept-encoding': header } } as FastifyRequest);

describe('held answers', () => {
  it('are made once for a tag, however many ask at the same time', async () => {
    const answers = new EncodedAnswers(1024);
    let made = 0;
    const make = async () => {
      made += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return '{"items":[]}';
    };
    const all = await Promise.all(Array.from({ length: 10 }, () => answers.get('"a"', make)));
    expect(made).toBe(1);
    expect(new Set(all).size).toBe(1);
    expect(all[0]!.json).toBe('{"items":[]}');
    expect(answers.bytes).toBe(12);
  });

  it('let the least recently asked for go once they hold more than their bytes', async () => {
    const answers = new EncodedAnswers(25);
    const text = (n: number) => async () => 'x'.repeat(n);
    await answers.get('"a"', text(10));
    await answers.get('"b"', text(10));
    // Asked for again, "a" is now the more recent of the two.
    await answers.get('"a"', text(10));
    await answers.get('"c"', text(10));
    expect(answers.size).toBe(2);
    expect(answers.bytes).toBe(20);
    let madeAgain = 0;
    await answers.get('"a"', async () => `${++madeAgain}`);
    await answers.get('"b"', async () => `${++madeAgain}`.padEnd(10, 'y'));
    expect(madeAgain).toBe(1);
  });

  it('hold an answer larger than their bytes alone, until the next', async () => {
    const answers = new EncodedAnswers(5);
    await answers.get('"big"', async () => 'x'.repeat(50));
    expect([answers.size, answers.bytes]).toEqual([1, 50]);
    await answers.get('"small"', async () => 'yy');
    expect([answers.size, answers.bytes]).toEqual([1, 2]);
  });

  it('do not keep a failed read: the next client reads again', async () => {
    const answers = new EncodedAnswers(1024);
    await expect(
      answers.get('"a"', async () => {
        throw new Error('the database went away');
      }),
    ).rejects.toThrow('the database went away');
    expect(answers.size).toBe(0);
    expect((await answers.get('"a"', async () => '{}')).json).toBe('{}');
  });

  it('compress once per encoding, to bytes that decompress to the JSON, counted in their bytes', async () => {
    const answers = new EncodedAnswers(1_000_000);
    const json = JSON.stringify({
      items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item ${i}` })),
    });
    const answer = await answers.get('"a"', async () => json);
    const [br, again] = await Promise.all([answer.encoded('br'), answer.encoded('br')]);
    expect(again).toBe(br);
    const gz = await answer.encoded('gzip');
    expect(zlib.brotliDecompressSync(br).toString()).toBe(json);
    expect(zlib.gunzipSync(gz).toString()).toBe(json);
    expect(br.length).toBeLessThan(json.length / 4);
    expect(answers.bytes).toBe(json.length + br.length + gz.length);
  });
});

describe('the encoding a request accepts', () => {
  it('is brotli before gzip, by the weights the client gives, else the JSON as it is', () => {
    expect(accepting('gzip, deflate, br, zstd')).toBe('br');
    expect(accepting('gzip, br;q=0.5')).toBe('gzip');
    expect(accepting('br;q=0, gzip')).toBe('gzip');
    expect(accepting('x-gzip')).toBe('gzip');
    expect(accepting('*')).toBe('gzip');
    expect(accepting('identity')).toBe(null);
    expect(accepting('deflate')).toBe(null);
    expect(accepting('')).toBe(null);
    expect(accepting()).toBe(null);
  });
});
