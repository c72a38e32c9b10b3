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
