import type { Resolver, ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

const refuseEmpty: Resolver<Values> = (values): ResolverResult<Values> => {
  if (values.email) return { values, errors: {} };
  return { values: {}, errors: { email: { type: 'required', message: 'is required' } } };
};

describe('lazyResolver', () => {
  it('loads the resolver once, at the first check, and answers with it', async () => {
    const load = vi.fn(async () => refuseEmpty);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    const first = await resolver({ email: '' }, undefined, options);
    const second = await resolver({ email: 'a@b.in' }, undefined, options);
    expect(first.errors).toEqual({ email: { type: 'required', message: 'is required' } });
    expect(second).toEqual({ values: { email: 'a@b.in' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values through unchecked when the load fails, and tries the load again next time', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(refuseEmpty);
    const resolver = lazyResolver(load);

    expect(await resolver({ email: '' }, undefined, options)).toEqual({ values: { email: '' }, errors: {} });
    expect((await resolver({ email: '' }, undefined, options)).errors).toHaveProperty('email');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
