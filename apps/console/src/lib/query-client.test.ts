import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

type Settings = { id?: string; version: number; smsDelivered: boolean };

/** A read whose answer the test gives when it chooses. */
function heldRead<T>() {
  let answer: (value: T) => void = () => undefined;
  const read = () =>
    new Promise<T>((resolve) => {
      answer = resolve;
    });
  return { read, answer: (value: T) => answer(value) };
}

describe('the query client', () => {
  it('keeps a write’s answer when a read sent before it is answered after it with the earlier version', async () => {
    const client = createQueryClient({ retry: false });
    const key = ['settings', 'notifications'];
    client.setQueryData<Settings>(key, { version: 5, smsDelivered: true });

    const held = heldRead<Settings>();
    const reading = client.fetchQuery({ queryKey: key, queryFn: held.read, staleTime: 0 });
    client.setQueryData<Settings>(key, { version: 6, smsDelivered: false });
    held.answer({ version: 5, smsDelivered: true });

    await reading;
    expect(client.getQueryData(key)).toEqual({ version: 6, smsDelivered: false });
  });

  it('takes a later version, and the same version read again, whatever it says', async () => {
    const client = createQueryClient({ retry: false });
    const key = ['stores', 'detail', 's1'];
    client.setQueryData<Settings>(key, { id: 's1', version: 2, smsDelivered: false });

    await client.fetchQuery({
      queryKey: key,
      queryFn: () => Promise.resolve({ id: 's1', version: 3, smsDelivered: true }),
      staleTime: 0,
    });
    expect(client.getQueryData(key)).toEqual({ id: 's1', version: 3, smsDelivered: true });

    await client.fetchQuery({
      queryKey: key,
      queryFn: () => Promise.resolve({ id: 's1', version: 3, smsDelivered: false }),
      staleTime: 0,
    });
    expect(client.getQueryData(key)).toEqual({ id: 's1', version: 3, smsDelivered: false });
  });

  it('takes another record whatever its version, and data that is no versioned record as it comes', async () => {
    const client = createQueryClient({ retry: false });
    const key = ['current-store'];
    client.setQueryData<Settings>(key, { id: 's1', version: 9, smsDelivered: false });
    client.setQueryData<Settings>(key, { id: 's2', version: 1, smsDelivered: true });
    expect(client.getQueryData(key)).toEqual({ id: 's2', version: 1, smsDelivered: true });

    const list = ['stores', 'list'];
    client.setQueryData(list, [{ id: 's1', version: 4 }]);
    client.setQueryData(list, [{ id: 's1', version: 3 }]);
    expect(client.getQueryData(list)).toEqual([{ id: 's1', version: 3 }]);
  });
});
