import { createECDH } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The problem lines a bad environment produces (what the server prints before it stops). */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('has the defaults of docs/architecture.md', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      databaseReadUrl: undefined,
      databasePoolSize: 20,
      publicUrl: undefined,
      publicHosts: [],
      shopUrl: 'http://{slug}.localhost:3000',
      storage: { driver: 'local', dir: path.join(path.resolve('./data'), 'files') },
      smtpUrl: undefined,
      smsUrl: undefined,
      payments: null,
      mailFrom: expect.any(String),
      seedDemo: false,
      logLevel: 'info',
      trustProxy: undefined,
      storefrontOrdersPerMinute: 120,
      trialDays: 30,
      requestTimeoutMs: 30_000,
      maxConnectionsPerAddress: 256,
      redisUrl: undefined,
      vapidKeys: undefined,
      vapidSubject: 'mailto:no-reply@storedesk.local',
      pushEndpointAllowlist: [],
      metricsToken: undefined,
      map: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
    });
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/storedesk',
      DATABASE_URL: 'postgresql://u:p@db.example:5432/storedesk',
      DATABASE_READ_URL: 'postgresql://u:p@standby.example:5432/storedesk',
      DATABASE_POOL_SIZE: '60',
      PUBLIC_URL: 'https://console.example.com',
      SHOP_URL: 'https://{slug}.shop.example.com',
      SMTP_URL: 'smtps://mail.example.com',
      SMS_URL: 'twilio://AC0123456789abcdef0123456789abcdef:token@api.twilio.com?from=%2B14155550100',
      PAYMENTS_URL: 'razorpay://rzp_live_Abc123:s%40cret@api.razorpay.com?webhookSecret=hook-secret',
      MAIL_FROM: 'Shop <shop@example.com>',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      STOREFRONT_ORDERS_PER_MINUTE: '30',
      TRIAL_DAYS: '14',
      REQUEST_TIMEOUT: '5',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      REDIS_URL: 'redis://cache.example:6379/2',
      METRICS_TOKEN: 'scrape-4f9c2a7e1b8d',
      MAP_TILE_URL: 'http://tiles.lan:8080/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: 'Our own tiles',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/storedesk',
      databaseUrl: 'postgresql://u:p@db.example:5432/storedesk',
      databaseReadUrl: 'postgresql://u:p@standby.example:5432/storedesk',
      databasePoolSize: 60,
      publicUrl: 'https://console.example.com',
      shopUrl: 'https://{slug}.shop.example.com',
      storage: { driver: 'local', dir: '/var/lib/storedesk/files' },
      smtpUrl: 'smtps://mail.example.com',
      smsUrl: 'twilio://AC0123456789abcdef0123456789abcdef:token@api.twilio.com?from=%2B14155550100',
      payments: {
        provider: 'razorpay',
        keyId: 'rzp_live_Abc123',
        keySecret: 's@cret',
        webhookSecret: 'hook-secret',
        apiUrl: 'https://api.razorpay.com',
        checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      },
      mailFrom: 'Shop <shop@example.com>',
      seedDemo: true,
      logLevel: 'warn',
      trustProxy: 1,
      storefrontOrdersPerMinute: 30,
      trialDays: 14,
      requestTimeoutMs: 5000,
      maxConnectionsPerAddress: 0,
      redisUrl: 'redis://cache.example:6379/2',
      metricsToken: 'scrape-4f9c2a7e1b8d',
      map: { url: 'http://tiles.lan:8080/{z}/{x}/{y}.png', attribution: 'Our own tiles' },
    });
  });

  it('takes SHOP_URL on the listening port by default, and names what a bad one lacks', () => {
    expect(loadConfig({ PORT: '8080' }).shopUrl).toBe('http://{slug}.localhost:8080');
    expect(problemsOf({ SHOP_URL: 'https://shop.example.com' })).toEqual([
      'SHOP_URL: must name {slug} once, as http://{slug}.localhost:3000 does',
    ]);
    expect(problemsOf({ SHOP_URL: 'https://example.com/{slug}' })).toEqual([
      'SHOP_URL: must have {slug} in its host name, not its path',
    ]);
    expect(
      problemsOf({ SHOP_URL: 'https://{slug}.example.com', PUBLIC_URL: 'https://console.example.com' }),
    ).toEqual([
      "SHOP_URL: names PUBLIC_URL's host as a shop: the console and the shops need origins of their own",
    ]);
  });

  it('refuses a TRIAL_DAYS that is not a whole number of days from 1 to 3650', () => {
    for (const [value, message] of [
      ['0', 'TRIAL_DAYS: must be at least 1'],
      ['3651', 'TRIAL_DAYS: must be at most 3650'],
      ['1.5', 'TRIAL_DAYS: must be a whole number'],
      ['soon', 'TRIAL_DAYS: must be a number'],
    ]) {
      expect(() => loadConfig({ TRIAL_DAYS: value }), value).toThrow(message);
    }
  });

  it('says what a METRICS_TOKEN must be', () => {
    expect(problemsOf({ METRICS_TOKEN: 'x'.repeat(15) })).toEqual([
      'METRICS_TOKEN: must be at least 16 characters',
    ]);
    expect(problemsOf({ METRICS_TOKEN: 'sixteen chars ok' })).toEqual([
      'METRICS_TOKEN: must be visible ASCII characters without spaces, as a bearer token is sent',
    ]);
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metricsToken).toBe('x'.repeat(16));
  });

  it('reads PUBLIC_HOSTS as host names in lower case, and only with TRUST_PROXY and without PUBLIC_URL', () => {
    expect(
      loadConfig({
        TRUST_PROXY: '10.0.0.1',
        PUBLIC_HOSTS: 'Console.Example.com, shop.example.com:8443,[fd00::1]',
      }).publicHosts,
    ).toEqual(['console.example.com', 'shop.example.com:8443', '[fd00::1]']);
    expect(
      problemsOf({ TRUST_PROXY: '1', PUBLIC_HOSTS: 'console.example.com,https://x.example,a b' }),
    ).toEqual([
      'PUBLIC_HOSTS: "https://x.example" is not a host name such as console.example.com (a :port may follow)',
      'PUBLIC_HOSTS: "a b" is not a host name such as console.example.com (a :port may follow)',
    ]);
    expect(problemsOf({ PUBLIC_HOSTS: 'console.example.com' })).toEqual([
      'PUBLIC_HOSTS: needs TRUST_PROXY: it names the hosts a trusted proxy may give in X-Forwarded-Host',
    ]);
    expect(
      problemsOf({
        TRUST_PROXY: '1',
        PUBLIC_URL: 'https://console.example.com',
        PUBLIC_HOSTS: 'console.example.com',
      }),
    ).toEqual([
      'PUBLIC_HOSTS: has no effect with PUBLIC_URL set: links always use PUBLIC_URL; set one or the other',
    ]);
  });

  it('reads TRUST_PROXY as all proxies, none, a number of them, or their addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
      '::1',
    ]);
  });

  it('takes STORAGE=s3 with its bucket and keys', () => {
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:4568',
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:4568',
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  it('counts empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      HOST: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      DATABASE_READ_URL: '',
      DATABASE_POOL_SIZE: '',
      PUBLIC_URL: '',
      STORAGE: '',
      S3_BUCKET: '',
      SMTP_URL: '',
      SMS_URL: '',
      PAYMENTS_URL: '',
      SEED_DEMO: '',
      LOG_LEVEL: '',
      TRUST_PROXY: '',
      STOREFRONT_ORDERS_PER_MINUTE: '',
      TRIAL_DAYS: '',
      REQUEST_TIMEOUT: '',
      MAX_CONNECTIONS_PER_ADDRESS: '',
      REDIS_URL: '',
      VAPID_PUBLIC_KEY: '',
      VAPID_PRIVATE_KEY: '',
      VAPID_SUBJECT: '',
      PUSH_ENDPOINT_ALLOWLIST: '',
      METRICS_TOKEN: '',
    });
    expect(config).toEqual(loadConfig({}));
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root', NODE_ENV: 'production' })).toEqual(loadConfig({}));
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://u:p@localhost/db'],
    ['DATABASE_URL', 'localhost:5432'],
    ['PUBLIC_URL', 'console.example.com'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMS_URL', 'https://api.twilio.com'],
    ['SMS_URL', 'twilio://AC0123456789abcdef0123456789abcdef:token@api.twilio.com'],
    ['PAYMENTS_URL', 'https://api.razorpay.com'],
    ['PAYMENTS_URL', 'razorpay://rzp_live_Abc123:secret@api.razorpay.com'],
    ['PAYMENTS_URL', 'razorpay://key:secret@api.razorpay.com?webhookSecret=w'],
    ['PAYMENTS_URL', 'razorpay://rzp_test_Abc123@api.razorpay.com?webhookSecret=w'],
    ['STORAGE', 'ftp'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO', 'yes'],
    ['TRUST_PROXY', 'proxies; rm -rf'],
    ['TRUST_PROXY', '10.0.0.1,,10.0.0.2'],
    ['DATABASE_POOL_SIZE', '1'],
    ['DATABASE_POOL_SIZE', '501'],
    ['DATABASE_POOL_SIZE', '2.5'],
    ['DATABASE_POOL_SIZE', 'big'],
    ['STOREFRONT_ORDERS_PER_MINUTE', '0'],
    ['STOREFRONT_ORDERS_PER_MINUTE', 'many'],
    ['STOREFRONT_ORDERS_PER_MINUTE', '1.5'],
    ['REQUEST_TIMEOUT', '0'],
    ['REQUEST_TIMEOUT', '2.5'],
    ['REQUEST_TIMEOUT', 'slow'],
    ['MAX_CONNECTIONS_PER_ADDRESS', '-1'],
    ['MAX_CONNECTIONS_PER_ADDRESS', 'lots'],
    ['REDIS_URL', 'localhost:6379'],
    ['REDIS_URL', 'http://cache.example:6379'],
    ['VAPID_SUBJECT', 'owner@example.com'],
    ['VAPID_SUBJECT', 'http://shop.example.com'],
    ['VAPID_SUBJECT', 'mailto:nobody'],
    ['PUSH_ENDPOINT_ALLOWLIST', '127.0.0.1:4010'],
    ['PUSH_ENDPOINT_ALLOWLIST', 'http://127.0.0.1:4010/push'],
    ['PUSH_ENDPOINT_ALLOWLIST', 'ftp://files.example.com'],
    ['METRICS_TOKEN', 'too-short-token'],
    ['METRICS_TOKEN', 'a token with spaces in it'],
    ['METRICS_TOKEN', 'jeton-de-métriques-long'],
    ['MAP_TILE_URL', 'tile.openstreetmap.org/{z}/{x}/{y}.png'],
    ['MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}.png'],
    ['MAP_TILE_URL', 'javascript:alert(1)//{z}{x}{y}'],
    ['MAP_ATTRIBUTION', 'x'.repeat(301)],
  ])('a bad %s (%s) is one problem line naming it', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: \\S`));
  });

  it('says what a DATABASE_URL must look like', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://u:p@localhost/db' })).toEqual([
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
    ]);
  });

  it('takes DATABASE_READ_URL only beside DATABASE_URL, as a PostgreSQL URL', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://db/x', DATABASE_READ_URL: 'mysql://standby/x' })).toEqual([
      'DATABASE_READ_URL: must be a postgres:// or postgresql:// URL',
    ]);
    expect(problemsOf({ DATABASE_READ_URL: 'postgres://standby/x' })).toEqual([
      'DATABASE_READ_URL: needs DATABASE_URL: it names a standby of that database, not of the embedded one',
    ]);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).databaseReadUrl).toBeUndefined();
  });

  it('STORAGE=s3 without bucket and keys names each missing variable once', () => {
    const problems = problemsOf({ STORAGE: 's3' });
    expect(problems).toEqual([
      'S3_BUCKET: is required when STORAGE=s3',
      'S3_ACCESS_KEY_ID: is required when STORAGE=s3',
      'S3_SECRET_ACCESS_KEY: is required when STORAGE=s3',
    ]);
    expect(problemsOf({ STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'S3_SECRET_ACCESS_KEY: is required when STORAGE=s3',
    ]);
  });

  it('reports every bad setting at once, one line each', () => {
    const problems = problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(problems).toHaveLength(3);
    expect(problems.map((line) => line.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
  });

  it('puts the problems in the error message, one per line', () => {
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      const lines = (error as Error).message.split('\n');
      expect(lines[0]).toBe('Invalid configuration:');
      expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual(['PORT', 'LOG_LEVEL']);
    }
  });

  describe('push (VAPID keys, subject, endpoint allow-list)', () => {
    const pair = () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      // getPrivateKey() drops leading zero bytes (1 key in 256); web-push prints all 32, as here.
      const privateKey = ecdh.getPrivateKey();
      return {
        VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
        VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString(
          'base64url',
        ),
      };
    };

    it('takes a VAPID key pair and subject from the environment', () => {
      const keys = pair();
      expect(loadConfig({ ...keys, VAPID_SUBJECT: 'mailto:owner@example.com' })).toMatchObject({
        vapidKeys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
        vapidSubject: 'mailto:owner@example.com',
      });
      expect(loadConfig({ VAPID_SUBJECT: 'https://shop.example.com/contact' }).vapidSubject).toBe(
        'https://shop.example.com/contact',
      );
    });

    it('derives the subject from an https PUBLIC_URL, else from MAIL_FROM', () => {
      expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/app' }).vapidSubject).toBe(
        'https://console.example.com',
      );
      expect(loadConfig({ PUBLIC_URL: 'http://console.example.com' }).vapidSubject).toBe(
        'mailto:no-reply@storedesk.local',
      );
      expect(loadConfig({ MAIL_FROM: 'Shop <shop@example.com>' }).vapidSubject).toBe(
        'mailto:shop@example.com',
      );
      expect(loadConfig({ MAIL_FROM: 'shop@example.com' }).vapidSubject).toBe('mailto:shop@example.com');
      expect(loadConfig({ MAIL_FROM: 'The shop' }).vapidSubject).toBe('mailto:no-reply@storedesk.invalid');
    });

    it('needs both keys or neither', () => {
      const keys = pair();
      expect(problemsOf({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toEqual([
        'VAPID_PRIVATE_KEY: is required when VAPID_PUBLIC_KEY is set',
      ]);
      expect(problemsOf({ VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY })).toEqual([
        'VAPID_PUBLIC_KEY: is required when VAPID_PRIVATE_KEY is set',
      ]);
    });

    it('needs the public key to be the private key’s', () => {
      expect(
        problemsOf({
          VAPID_PUBLIC_KEY: pair().VAPID_PUBLIC_KEY,
          VAPID_PRIVATE_KEY: pair().VAPID_PRIVATE_KEY,
        }),
      ).toEqual(['VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY']);
    });

    it('refuses keys that are not base64url P-256 keys, one line each', () => {
      const keys = pair();
      const problems = problemsOf({
        VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY.slice(0, 40),
        VAPID_PRIVATE_KEY: Buffer.from(keys.VAPID_PRIVATE_KEY, 'base64url').toString('base64'),
      });
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^VAPID_PUBLIC_KEY: must be a base64url P-256 public key/);
      expect(problems[1]).toMatch(/^VAPID_PRIVATE_KEY: must be a base64url P-256 private key/);
      // Zero is not a private key of the curve.
      expect(problemsOf({ ...keys, VAPID_PRIVATE_KEY: Buffer.alloc(32).toString('base64url') })[0]).toMatch(
        /^VAPID_PRIVATE_KEY: /,
      );
    });

    it('reads the allow-list as origins, and names each entry that is not one', () => {
      expect(
        loadConfig({ PUSH_ENDPOINT_ALLOWLIST: 'http://127.0.0.1:4010, https://Push.Example.test:443/' })
          .pushEndpointAllowlist,
      ).toEqual(['http://127.0.0.1:4010', 'https://push.example.test']);
      expect(
        problemsOf({ PUSH_ENDPOINT_ALLOWLIST: 'http://127.0.0.1:4010,localhost:4011,,http://a:b@c.test' }),
      ).toEqual([
        'PUSH_ENDPOINT_ALLOWLIST: "localhost:4011" is not an origin such as http://127.0.0.1:4010 (scheme, host and port only)',
        'PUSH_ENDPOINT_ALLOWLIST: "" is not an origin such as http://127.0.0.1:4010 (scheme, host and port only)',
        'PUSH_ENDPOINT_ALLOWLIST: "http://a:b@c.test" is not an origin such as http://127.0.0.1:4010 (scheme, host and port only)',
      ]);
    });
  });
});

describe('PAYMENTS_URL', () => {
  it('speaks plain HTTP to a gateway on this machine, which serves its own checkout script (the stand-in)', () => {
    expect(
      loadConfig({ PAYMENTS_URL: 'razorpay://rzp_test_Local1:secret@127.0.0.1:4900?webhookSecret=w' })
        .payments,
    ).toMatchObject({
      apiUrl: 'http://127.0.0.1:4900',
      checkoutScriptUrl: 'http://127.0.0.1:4900/v1/checkout.js',
    });
  });
});
