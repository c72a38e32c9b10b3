// @vitest-environment node
/**
 * The order page loads on a customer's phone by itself (a chunk of its own): what it runs must
 * not bring zod, which the shared package keeps in its `*-schemas.ts` and `schemas.ts` modules
 * (ADR 0028's rule, kept for the customer app). Read from the sources, import by import, as the
 * bundler follows them; `import type` brings nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const packages: Record<string, string> = {
  '@storedesk/shared/': path.join(root, 'packages/shared/src/'),
  '@storedesk/web/': path.join(root, 'packages/web/src/'),
};
const runtimeImport = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

/** The file an import names, or the package name itself for one outside the repository. */
function resolve(from: string, spec: string): string {
  const base = Object.entries(packages).find(([prefix]) => spec.startsWith(prefix));
  const target = base
    ? path.join(base[1], spec.slice(base[0].length))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!target) return spec;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${from} imports ${spec}, which is not there`);
}

/** Every module the file runs, by the chain of imports that reaches each. */
function reached(entry: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (!file.startsWith(root)) continue;
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(runtimeImport)) {
      const next = resolve(file, spec!);
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

describe('the order page’s code', () => {
  it('brings no zod, whatever of the shared rules it uses', () => {
    const chains = reached(path.join(import.meta.dirname, 'order.tsx'));
    // The walk does reach the shared rules (so it would see zod behind them).
    expect(
      [...chains.keys()].some((file) => file.endsWith('packages/shared/src/orders/cancellation.ts')),
    ).toBe(true);
    const zod = chains.get('zod');
    expect(zod?.map((file) => path.relative(root, file))).toBeUndefined();
  });
});
