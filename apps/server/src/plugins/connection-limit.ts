import type { Server, Socket } from 'node:net';
import { messages } from '@storedesk/shared/messages';

const body = JSON.stringify({ error: { code: 'rate_limited', message: messages.tooManyConnections } });
/** Written straight to the socket: the connection is refused before HTTP has read a byte of it. */
const refusal = [
  'HTTP/1.1 429 Too Many Requests',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(body)}`,
  'Retry-After: 1',
  'Connection: close',
  '',
  body,
].join('\r\n');

/**
 * One client address may hold at most `max` connections open at once; a
 * connection past that is answered 429 and closed. This is what stops one
 * client from holding the server's sockets with requests it never finishes
 * (the request timeout ends each of those, but not before it has opened many
 * more). Connections from the proxies TRUST_PROXY names carry many clients
 * each and are not counted: the proxy limits those.
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  isTrustedProxy: (address: string) => boolean,
) {
  if (max === 0) return;
  const open = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isTrustedProxy(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.end(refusal, () => socket.destroy());
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
