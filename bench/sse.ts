import http from 'node:http';

/**
 * A GET /api/events as the bearer of `token`, on a connection of its own, from `localAddress`
 * if given (another loopback address, see streamAddress, keeps many streams under the server's
 * limit of connections per client address); resolves with the response once it answers 200.
 * With `answerWithinMs`, a stream that has not answered by then fails.
 */
export function openEventsResponse(
  baseUrl: string,
  token: string,
  localAddress?: string,
  answerWithinMs?: number,
) {
  return new Promise<{ request: http.ClientRequest; res: http.IncomingMessage }>((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/events`,
      {
        agent: false,
        ...(localAddress ? { localAddress } : {}),
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`stream answered ${res.statusCode}`));
        }
        resolve({ request, res });
      },
    );
    if (answerWithinMs !== undefined) {
      request.setTimeout(answerWithinMs, () =>
        request.destroy(new Error(`the stream did not answer within ${answerWithinMs} ms`)),
      );
      request.on('response', () => request.setTimeout(0));
    }
    request.on('error', reject);
  });
}

/** Hands each whole message of the stream (the text before its blank line) to `onMessage`. */
export function eachMessage(res: http.IncomingMessage, onMessage: (message: string) => void) {
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onMessage(message);
    }
  });
}

/** An open /api/events stream that hands every message's data to `onEvent`; resolves once it answers 200. */
export async function openStream(
  baseUrl: string,
  token: string,
  onEvent: (data: { topic: string; at: string }) => void,
  localAddress?: string,
) {
  const { request, res } = await openEventsResponse(baseUrl, token, localAddress);
  eachMessage(res, (message) => {
    const data = message.split('\n').find((line) => line.startsWith('data: '));
    if (data) onEvent(JSON.parse(data.slice(6)));
  });
  return request;
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
export async function openCountingStream(
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
  const { request, res } = await openEventsResponse(baseUrl, token, localAddress).catch((error: Error) => {
    end(error.message);
    throw error;
  });
  request.on('error', (error) => end(error.message));
  eachMessage(res, (message) => {
    if (!message.startsWith('id: ')) return;
    const id = Number(message.slice(4, message.indexOf('\n')));
    if (id <= since()) return;
    tally.count++;
    tally.idSum += id;
    onId(id);
  });
  res.on('end', () => end('the server ended the stream'));
  res.on('error', (error) => end(error.message));
  return { tally, request };
}
