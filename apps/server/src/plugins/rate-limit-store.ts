/**
 * Where @fastify/rate-limit counts: in Redis when REDIS_URL is set, so every
 * instance behind a load balancer counts the same requests and N instances
 * enforce the configured figure, not N times it. While Redis cannot be
 * reached, each instance counts on its own (the limits still hold, per
 * instance) and says so once in the log, until Redis is back.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';

/** One step of a fixed window: count this request, start the window's clock on the first one. */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result: Counted | null) => void;
type RouteOptions = { routeInfo: { method: string; url: string } };

type RateLimitRedis = Redis & {
  rateLimitIncrement: (key: string, windowMs: number) => Promise<[number, number]>;
};

export type RateLimitCounter = {
  /** The store class @fastify/rate-limit builds its counters from. */
  store: FastifyRateLimitStoreCtor;
  close: () => Promise<void>;
};

/**
 * Counts in this instance's memory. @fastify/rate-limit's own LocalStore hands every request of a
 * key the same counter object, which the plugin reads only after an await: requests arriving
 * together all read the last of their counts, so a burst is refused whole, its first requests
 * included. This one hands each request the count it made.
 */
export class LocalCountStore {
  private readonly store = new LocalStore(false, false);

  incr(key: string, cb: Callback, windowMs: number, max: number) {
    this.store.incr(
      key,
      (error: Error | null, counted: Counted | null) =>
        cb(error, counted && { current: counted.current, ttl: counted.ttl }),
      windowMs,
      max,
    );
  }

  child() {
    return new LocalCountStore();
  }
}

/** The store class @fastify/rate-limit builds its counters from when nothing is shared. */
export const localRateLimitStore = LocalCountStore as unknown as FastifyRateLimitStoreCtor;

export function createRedisRateLimitStore(url: string, log: FastifyBaseLogger): RateLimitCounter {
  const redis = new Redis(url, {
    // A command while Redis is away fails at once (and is counted here) rather than waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  }) as RateLimitRedis;
  redis.defineCommand('rateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT });
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn(
      { err: error },
      'Redis cannot be reached: rate limits are counted by this instance alone until it is back',
    );
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis is back: rate limits are counted in Redis again');
  });

  class SharedStore {
    private readonly local = new LocalCountStore();

    constructor(private readonly prefix = 'storedesk:rate-limit:') {}

    incr(key: string, cb: Callback, windowMs: number, max: number) {
      redis.rateLimitIncrement(`${this.prefix}${key}`, windowMs).then(
        ([current, ttl]) => cb(null, { current, ttl }),
        () => this.local.incr(key, cb, windowMs, max),
      );
    }

    child(route: RouteOptions) {
      return new SharedStore(`${this.prefix}${route.routeInfo.method}${route.routeInfo.url}:`);
    }
  }

  return {
    // The plugin calls incr with the window and the maximum, and child with the route's
    // options (routeInfo included); its published types leave both out.
    store: SharedStore as unknown as FastifyRateLimitStoreCtor,
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
