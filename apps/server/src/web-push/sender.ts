/**
 * Delivers one push to one subscription (RFC 8030): the payload encrypted
 * for the subscription (aes128gcm, RFC 8291) and signed with VAPID (RFC
 * 8292) by the web-push library, POSTed by us so that every request has a
 * hard deadline and connects only where the endpoint rule allows.
 */
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { endpointRefusal, publicOnlyLookup, type EndpointAllowlist } from './endpoint-rule.ts';

/** The server's VAPID key pair (ADR 0017). */
export type VapidKeys = { publicKey: string; privateKey: string };
/** What signs a push: the key pair and who push services may contact about it. */
export type VapidDetails = VapidKeys & { subject: string };

/** What became of one push: taken by the push service, gone for good (404, 410), or not taken. */
export type Delivery = 'delivered' | 'gone' | 'failed';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type SenderOptions = {
  vapid: VapidDetails;
  allowlist: EndpointAllowlist;
  /** The whole request, connection to answer. */
  timeoutMs?: number;
  /** How long the push service keeps a push for a device that is offline. */
  ttlSeconds?: number;
};

/** A VAPID token lasts 12 hours (at most 24 are allowed) and is reused for an hour per push service. */
const TOKEN_LIFETIME_S = 12 * 60 * 60;
const TOKEN_REUSE_MS = 60 * 60 * 1000;

export class PushSender {
  private readonly vapid: VapidDetails;
  private readonly allowlist: EndpointAllowlist;
  private readonly timeoutMs: number;
  private readonly ttlSeconds: number;
  private readonly tokens = new Map<string, { authorization: string; renewAt: number }>();
  // Kept-alive connections: a send makes many requests to the same few push services.
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  constructor(options: SenderOptions) {
    this.vapid = options.vapid;
    this.allowlist = options.allowlist;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.ttlSeconds = options.ttlSeconds ?? 24 * 60 * 60;
  }

  /** The VAPID Authorization header for a push service's origin. */
  private authorization(audience: string): string {
    const now = Date.now();
    const cached = this.tokens.get(audience);
    if (cached && cached.renewAt > now) return cached.authorization;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.vapid.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + TOKEN_LIFETIME_S,
    );
    this.tokens.set(audience, { authorization: Authorization, renewAt: now + TOKEN_REUSE_MS });
    return Authorization;
  }

  /** Sends `payload` to one subscription; never throws. */
  async send(target: PushTarget, payload: string): Promise<Delivery> {
    // Stored endpoints passed the rule when they were registered; the rule is checked again all the same.
    if (endpointRefusal(target.endpoint, this.allowlist) !== null) return 'failed';
    const url = new URL(target.endpoint);
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          TTL: this.ttlSeconds,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
          headers: { Authorization: this.authorization(url.origin) },
        },
      );
    } catch {
      return 'failed';
    }
    const status = await this.post(url, details).catch(() => 0);
    if (status >= 200 && status < 300) return 'delivered';
    if (status === 404 || status === 410) return 'gone';
    return 'failed';
  }

  /** POSTs the request; answers the status, or rejects on a network error or the deadline. */
  private post(url: URL, details: webpush.RequestDetails): Promise<number> {
    const secure = url.protocol === 'https:';
    const allowlisted = this.allowlist.has(url.origin);
    return new Promise((resolve, reject) => {
      // A plain timer, cleared as soon as the push is answered: an AbortSignal.timeout would keep every
      // finished request reachable until its deadline passed.
      const deadline = setTimeout(
        () => request.destroy(new Error('the push service did not answer in time')),
        this.timeoutMs,
      );
      const settle = (status: number | Error) => {
        clearTimeout(deadline);
        if (status instanceof Error) reject(status);
        else resolve(status);
      };
      const request = (secure ? https : http).request(
        url,
        {
          method: 'POST',
          headers: details.headers,
          agent: secure ? this.httpsAgent : this.httpAgent,
          // An allow-listed origin is trusted as configured; any other name must resolve to public addresses.
          ...(allowlisted ? {} : { lookup: publicOnlyLookup }),
        },
        (response) => {
          response.resume();
          response.on('end', () => settle(response.statusCode ?? 0));
          response.on('error', settle);
        },
      );
      request.on('error', settle);
      request.end(details.body ?? undefined);
    });
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.httpsAgent.destroy();
    this.httpAgent.destroy();
  }
}
