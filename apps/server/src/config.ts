import { createECDH } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { defaultShopUrl, parseShopUrl } from './lib/shop-origin.ts';
import { twilioSettings } from './sms/sms-url.ts';
import { gatewaySettings, type GatewaySettings } from './payments/payments-url.ts';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** Bytes of a base64url text (as web-push prints VAPID keys), or null when it is not one. */
function base64UrlBytes(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

/** The public key of a VAPID private key, in base64url; null when it is no P-256 private key. */
function vapidPublicKeyOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return null;
  }
}

function isVapidPublicKey(value: string): boolean {
  const bytes = base64UrlBytes(value);
  return bytes?.length === 65 && bytes[0] === 0x04;
}

function isVapidPrivateKey(value: string): boolean {
  return base64UrlBytes(value)?.length === 32 && vapidPublicKeyOf(value) !== null;
}

/** An origin as URL gives it (scheme, host, port), or null when the text is more or less than an origin. */
function originOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
}

/** A host as X-Forwarded-Host names it: a DNS name or an address, and perhaps a port. */
const hostPattern =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(2, 'must be at least 2')
      .max(500, 'must be at most 500')
      .default(20),
    PUBLIC_URL: z.url('must be a URL such as https://console.example.com').optional(),
    PUBLIC_HOSTS: z
      .string()
      .superRefine((value, ctx) => {
        for (const entry of value.split(',').map((part) => part.trim())) {
          if (!hostPattern.test(entry)) {
            ctx.addIssue({
              code: 'custom',
              message: `"${entry}" is not a host name such as console.example.com (a :port may follow)`,
            });
          }
        }
      })
      .optional()
      .transform((value) =>
        value === undefined ? [] : value.split(',').map((part) => part.trim().toLowerCase()),
      ),
    SHOP_URL: z
      .string()
      .superRefine((value, ctx) => {
        const parsed = parseShopUrl(value);
        if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
      })
      .optional(),
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url('must be a URL').optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Storedesk <no-reply@storedesk.local>'),
    SMS_URL: z
      .string()
      .superRefine((value, ctx) => {
        const settings = twilioSettings(value);
        if (typeof settings === 'string') ctx.addIssue({ code: 'custom', message: settings });
      })
      .optional(),
    PAYMENTS_URL: z
      .string()
      .superRefine((value, ctx) => {
        const settings = gatewaySettings(value);
        if (typeof settings === 'string') ctx.addIssue({ code: 'custom', message: settings });
      })
      .optional(),
    SEED_DEMO: booleanFlag,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
        'must be true, false, a number of proxies, or a comma-separated list of proxy addresses',
      )
      .optional()
      .transform((value): boolean | number | string[] | undefined => {
        if (value === undefined || value === 'false') return undefined;
        if (value === 'true') return true;
        if (/^\d+$/.test(value)) return Number(value);
        return value.split(',').map((address) => address.trim());
      }),
    STOREFRONT_ORDERS_PER_MINUTE: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000')
      .default(120),
    REQUEST_TIMEOUT: z.coerce
      .number('must be a number of seconds')
      .int('must be a whole number of seconds')
      .min(1, 'must be at least 1 second')
      .max(3600, 'must be at most 3600 seconds')
      .default(30),
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(0, 'must be 0 (no limit) or more')
      .max(1_000_000, 'must be at most 1000000')
      .default(256),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
    TRIAL_DAYS: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(3650, 'must be at most 3650')
      .default(30),
    VAPID_PUBLIC_KEY: z
      .string()
      .refine(
        isVapidPublicKey,
        'must be a base64url P-256 public key (65 bytes), as `npx web-push generate-vapid-keys` prints it',
      )
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .refine(
        isVapidPrivateKey,
        'must be a base64url P-256 private key (32 bytes), as `npx web-push generate-vapid-keys` prints it',
      )
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .refine((value) => {
        if (/^mailto:[^@\s]+@[^@\s]+$/.test(value)) return true;
        return URL.canParse(value) && new URL(value).protocol === 'https:';
      }, 'must be a mailto: address or an https: URL, such as mailto:owner@example.com')
      .optional(),
    PUSH_ENDPOINT_ALLOWLIST: z
      .string()
      .superRefine((value, ctx) => {
        for (const entry of value.split(',').map((part) => part.trim())) {
          if (originOf(entry) === null) {
            ctx.addIssue({
              code: 'custom',
              message: `"${entry}" is not an origin such as http://127.0.0.1:4010 (scheme, host and port only)`,
            });
          }
        }
      })
      .optional()
      .transform((value) =>
        value === undefined ? [] : value.split(',').map((part) => originOf(part.trim())!),
      ),
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters without spaces, as a bearer token is sent')
      .optional(),
    MAP_TILE_URL: z
      .string()
      .regex(
        /^https?:\/\/[^\s"'<>]+$/,
        'must be an http(s) tile address such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      )
      .refine(
        (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
        'must name {z}, {x} and {y}, as https://tile.openstreetmap.org/{z}/{x}/{y}.png does',
      )
      .optional(),
    MAP_ATTRIBUTION: z.string().max(300).optional(),
  })
  .superRefine((env, ctx) => {
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
    if ((publicKey === undefined) !== (privateKey === undefined)) {
      const missing = publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
      const given = publicKey === undefined ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is set` });
    } else if (
      publicKey !== undefined &&
      privateKey !== undefined &&
      isVapidPublicKey(publicKey) &&
      isVapidPrivateKey(privateKey) &&
      vapidPublicKeyOf(privateKey) !== publicKey
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'is not the public key of VAPID_PRIVATE_KEY',
      });
    }
    if (env.DATABASE_READ_URL !== undefined && env.DATABASE_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'needs DATABASE_URL: it names a standby of that database, not of the embedded one',
      });
    }
    if (env.PUBLIC_HOSTS.length > 0) {
      if (env.PUBLIC_URL !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_HOSTS'],
          message: 'has no effect with PUBLIC_URL set: links always use PUBLIC_URL; set one or the other',
        });
      } else if (env.TRUST_PROXY === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_HOSTS'],
          message: 'needs TRUST_PROXY: it names the hosts a trusted proxy may give in X-Forwarded-Host',
        });
      }
    }
    if (env.SHOP_URL !== undefined && env.PUBLIC_URL !== undefined) {
      const shops = parseShopUrl(env.SHOP_URL);
      if (typeof shops !== 'string' && shops.slugOfHost(new URL(env.PUBLIC_URL).host) !== null) {
        ctx.addIssue({
          code: 'custom',
          path: ['SHOP_URL'],
          message: "names PUBLIC_URL's host as a shop: the console and the shops need origins of their own",
        });
      }
    }
    if (env.STORAGE === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE=s3' });
      }
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A standby of DATABASE_URL's database that reports, exports and the dashboard read from
   * (ADR 0052); unset, they read DATABASE_URL's as everything else does.
   */
  databaseReadUrl: string | undefined;
  /** Connections each pool (primary, and read when set) holds at most. */
  databasePoolSize: number;
  publicUrl: string | undefined;
  /** Hosts a trusted proxy's X-Forwarded-Host may name for links, when PUBLIC_URL is unset (lower case). */
  publicHosts: string[];
  /** Where each business's customer app lives, with `{slug}` in its host (ADR 0055). */
  shopUrl: string;
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      };
  smtpUrl: string | undefined;
  /** Where customers' sign-in codes go: Twilio, or the outbox under DATA_DIR (ADR 0038). */
  smsUrl: string | undefined;
  /** The payment gateway (PAYMENTS_URL, ADR 0072); none: customers cannot pay online. */
  payments: GatewaySettings | null;
  mailFrom: string;
  seedDemo: boolean;
  logLevel: string;
  /**
   * Which proxies in front of the server to believe about the client's address
   * (X-Forwarded-For): all (true), the nearest n, or these addresses. Unset, the
   * client is the address that connected.
   */
  trustProxy: boolean | number | string[] | undefined;
  /** Customer orders accepted from one client address in a minute. */
  storefrontOrdersPerMinute: number;
  /** Days of service a business that signs itself up gets before its end date (D5). */
  trialDays: number;
  /** How long a client has to send a whole request, headers and body, before it is answered 408 and dropped. */
  requestTimeoutMs: number;
  /** Connections one client address may hold open at once; 0 for no limit (see connection-limit.ts). */
  maxConnectionsPerAddress: number;
  /** The Redis that rate limits are counted in, so every instance counts the same; unset, each counts its own. */
  redisUrl: string | undefined;
  /** The VAPID key pair given in the environment; without it, the one kept in the database (made at first start). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about our pushes: VAPID_SUBJECT, else PUBLIC_URL when https, else MAIL_FROM's address. */
  vapidSubject: string;
  /** Origins push endpoints may have besides https on a public host (for tests and a local push service). */
  pushEndpointAllowlist: string[];
  /** A bearer token that opens GET /api/metrics to clients beyond this machine (ADR 0022). */
  metricsToken: string | undefined;
  /** The map tiles of the console's store location map, and the credit their server asks for. */
  map: { url: string; attribution: string };
};

const openStreetMap = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};

/** The address in a From line such as 'Shop <shop@example.com>'. */
function mailAddressOf(from: string): string | null {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
  return /^[^@\s<>]+@[^@\s<>]+$/.test(address) ? address : null;
}

function defaultVapidSubject(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https:')) return new URL(publicUrl).origin;
  return `mailto:${mailAddressOf(mailFrom) ?? 'no-reply@storedesk.invalid'}`;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Reads the environment; empty strings count as unset so `FOO= npm start` behaves. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: e.PUBLIC_URL,
    publicHosts: e.PUBLIC_HOSTS,
    shopUrl: e.SHOP_URL ?? defaultShopUrl(e.PORT),
    storage:
      e.STORAGE === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : { driver: 'local', dir: path.join(dataDir, 'files') },
    smtpUrl: e.SMTP_URL,
    smsUrl: e.SMS_URL,
    payments: e.PAYMENTS_URL ? (gatewaySettings(e.PAYMENTS_URL) as GatewaySettings) : null,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    storefrontOrdersPerMinute: e.STOREFRONT_ORDERS_PER_MINUTE,
    trialDays: e.TRIAL_DAYS,
    requestTimeoutMs: e.REQUEST_TIMEOUT * 1000,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    redisUrl: e.REDIS_URL,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? defaultVapidSubject(e.PUBLIC_URL, e.MAIL_FROM),
    pushEndpointAllowlist: e.PUSH_ENDPOINT_ALLOWLIST,
    metricsToken: e.METRICS_TOKEN,
    map: e.MAP_TILE_URL
      ? { url: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION ?? '' }
      : { url: openStreetMap.url, attribution: e.MAP_ATTRIBUTION ?? openStreetMap.attribution },
  };
}
