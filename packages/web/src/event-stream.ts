import { backoffMs } from '@storedesk/shared/retry';

/**
 * A live stream of Server-Sent Events read with fetch, so that it can send headers (a key, a
 * bearer token) that EventSource cannot. It reconnects by itself, with Last-Event-ID so the
 * server sends what was missed, waiting longer after each failure; a 401 or 404 ends it.
 */
export type EventStreamOptions = {
  url: string;
  headers: () => Record<string, string>;
  onMessage: (data: unknown, id: string | undefined) => void;
  /** Told each time the stream is (re)opened: a screen refreshes what it may have missed meanwhile. */
  onOpen?: () => void;
  /** Told when the server refuses the stream for good (401, 404): the app signs in again. */
  onRefused?: (status: number) => void;
};

const waits = { firstMs: 1000, maxMs: 30_000 };

export function openEventStream(options: EventStreamOptions): () => void {
  const stop = new AbortController();
  let lastId: string | undefined;
  let failures = 0;

  const read = async () => {
    const res = await fetch(options.url, {
      headers: {
        accept: 'text/event-stream',
        ...options.headers(),
        ...(lastId ? { 'last-event-id': lastId } : {}),
      },
      signal: stop.signal,
      cache: 'no-store',
    });
    if (res.status === 401 || res.status === 404) {
      options.onRefused?.(res.status);
      return false;
    }
    if (!res.ok || !res.body) throw new Error(`the stream answered ${res.status}`);
    failures = 0;
    options.onOpen?.();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      buffer += value;
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let id: string | undefined;
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('id:')) id = line.slice(3).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (id) lastId = id;
        if (data.length === 0) continue;
        try {
          options.onMessage(JSON.parse(data.join('\n')), id);
        } catch {
          // A message the app cannot read is skipped, not the stream.
        }
      }
    }
  };

  void (async () => {
    while (!stop.signal.aborted) {
      try {
        if (!(await read())) return;
      } catch {
        if (stop.signal.aborted) return;
        failures++;
      }
      const ms = failures === 0 ? waits.firstMs : backoffMs(failures - 1, waits);
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  })();
  return () => stop.abort();
}
