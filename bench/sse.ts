import http from 'node:http';

/**
 * An open /api/events stream that hands every message's data to `onEvent`;
 * resolves once the stream answers 200. `localAddress` (another loopback
 * address, see streamAddress) keeps many streams under the server's limit of
 * connections per client address.
 */
export function openStream(
  baseUrl: string,
  token: string,
  onEvent: (data: { topic: string; at: string }) => void,
  localAddress?: string,
) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(
      `${baseUrl}/api/events`,
      {
        agent: false,
        ...(localAddress ? { localAddress } : {}),
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = message.split('\n').find((line) => line.startsWith('data: '));
            if (data) onEvent(JSON.parse(data.slice(6)));
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

/**
 * Streams one client address holds: under the server's MAX_CONNECTIONS_PER_ADDRESS
 * (256 by default), which a benchmark leaves as it is.
 */
export const STREAMS_PER_ADDRESS = 100;

/** The client address of the n-th of many streams: 127.0.1.1 for the first hundred, and on. */
export const streamAddress = (n: number) => `127.0.1.${1 + Math.floor(n / STREAMS_PER_ADDRESS)}`;

/** What one counting stream has received, and whether it is still open. */
export type StreamTally = { count: number; idSum: number; open: boolean; ended: string | null };

/**
 * An open /api/events stream from `localAddress` that reads only each message's
 * `id:` line (no JSON parsing: a thousand of these share the bench's one core),
 * and for each id past `since()` adds to its tally and tells `onId`. A stream
 * that ends or fails is marked closed with the reason; it is not reopened.
 */
export function openCountingStream(
  baseUrl: string,
  token: string,
  localAddress: string,
  since: () => number,
  onId: (id: number) => void,
) {
  const tally: StreamTally = { count: 0, idSum: 0, open: true, ended: null };
  const end = (reason: string) => {
    if (!tally.open) return;
    tally.open = false;
    tally.ended = reason;
  };
  return new Promise<{ tally: StreamTally; request: http.ClientRequest }>((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/events`,
      {
        agent: false,
        localAddress,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`stream answered ${res.statusCode}`));
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!message.startsWith('id: ')) continue;
            const id = Number(message.slice(4, message.indexOf('\n')));
            if (id <= since()) continue;
            tally.count++;
            tally.idSum += id;
            onId(id);
          }
        });
        res.on('end', () => end('the server ended the stream'));
        res.on('error', (error) => end(error.message));
        resolve({ tally, request });
      },
    );
    request.on('error', (error) => {
      end(error.message);
      reject(error);
    });
  });
}
