import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import proxyAddr from '@fastify/proxy-addr';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { messages } from '@storedesk/shared/messages';
import type { Config } from './config.ts';
import { type ConsolePage, loadConsolePage, renderConsolePage } from './console-page.ts';
import { loadStorefrontApp, registerStorefrontApp } from './storefront-page.ts';
import { loadDeliverApp, registerDeliverApp } from './deliver-page.ts';
import { createPushDelivery } from './modules/push/delivery.ts';
import { OrderNews } from './modules/push/order-news.ts';
import type { Database } from './db/client.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { filesRoutes, registerMultipart } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { mapRoutes } from './modules/map/map.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { slidesRoutes } from './modules/slides/slides.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { storefrontRoutes } from './modules/storefront/storefront.routes.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import { trashRoutes } from './modules/trash/trash.routes.ts';
import { zonesRoutes } from './modules/zones/zones.routes.ts';
import { registerAccessControl } from './plugins/access.ts';
import type { CallerResolvers } from './lib/callers.ts';
import { resolveSession, toMe } from './modules/auth/auth.service.ts';
import { resolveKey } from './modules/api-keys/api-keys.service.ts';
import { storefrontCallerOf } from './modules/storefront/storefront.service.ts';
import { limitConnectionsPerAddress } from './plugins/connection-limit.ts';
import { createRedisRateLimitStore, localRateLimitStore } from './plugins/rate-limit-store.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { RequestLog } from './plugins/request-log.ts';
import { builtAssetHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import type { EventHub } from './realtime/hub.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createSmsSender, type SmsSender } from './sms/sms.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { razorpayProvider } from './payments/razorpay.ts';
import { checkoutSources } from './payments/payments-url.ts';
import { OnlinePayments } from './modules/payments/payments.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { storefrontCustomerRoutes } from './modules/customers/customer-accounts.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { earningsRoutes } from './modules/earnings/earnings.routes.ts';
import { createStorage, type Storage } from './storage/storage.ts';
import { publicOriginOf } from './lib/public-origin.ts';
import { parseShopUrl } from './lib/shop-origin.ts';
import { ShopSites } from './modules/storefront/shop-sites.ts';
import { OrderTexts } from './modules/notifications/order-texts.service.ts';
import { registerShopGuard, shopRewrite, shopSlugOf } from './plugins/shop-site.ts';

export type AppDeps = {
  config: Config;
  db: Database;
  /**
   * What reports, exports and the dashboard read: a standby's pool with DATABASE_READ_URL
   * (ADR 0052); the default, and the caller's choice without it, is `db` itself.
   */
  readDb?: Database;
  hub: EventHub;
  /** A pino logger to share with the rest of the process; without one the app logs at config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Where uploaded files go; the default is the driver config.storage names. */
  storage?: Storage;
  /** Folder of the built console; the default is apps/console/dist. */
  consoleDir?: string;
  /** Folder of the built customer app; the default is apps/storefront/dist. */
  storefrontDir?: string;
  /** Folder of the built delivery app; the default is apps/delivery/dist. */
  deliverDir?: string;
  /** How e-mail goes out; the default is SMTP_URL's server, or the outbox under DATA_DIR. */
  mailer?: Mailer;
  /** How customers' sign-in codes go out; the default is SMS_URL's provider, or the outbox under DATA_DIR. */
  sms?: SmsSender;
  /** The payment gateway; the default is PAYMENTS_URL's (ADR 0072), or none. */
  paymentProvider?: PaymentProvider | null;
};

const defaultConsoleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../console/dist');
const defaultStorefrontDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../storefront/dist',
);
const defaultDeliverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../delivery/dist');

/** TRUST_PROXY as a rule on an address `hop` proxies away: all, the nearest n, these addresses, or none. */
function trustedProxies(setting: Config['trustProxy']): (address: string, hop: number) => boolean {
  if (setting === undefined || setting === false) return () => false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** Builds the whole server without listening, so tests can call it with inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, hub } = deps;
  const readDb = deps.readDb ?? db;
  const storage = deps.storage ?? createStorage(config.storage);
  const isTrustedProxy = trustedProxies(config.trustProxy);
  const shopUrl = parseShopUrl(config.shopUrl);
  if (typeof shopUrl === 'string') throw new Error(`SHOP_URL ${shopUrl}`);
  const sites = new ShopSites(db, shopUrl, consoleNamesOf(config), {
    warn: (object, message) => app.log.warn(object, message),
    info: (message) => app.log.info(message),
  });
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: { level: config.logLevel } }),
    // One line per request, at debug, in place of Fastify's two at info.
    logController: new RequestLog(),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A request must arrive whole, headers and body, within REQUEST_TIMEOUT, else 408 and the
    // connection is closed; checked every second, so a client sending a byte now and then can't hold it.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    trustProxy: isTrustedProxy,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    // A business's shop origin is its customer app's (ADR 0055): routed below /shop/<slug>.
    rewriteUrl: shopRewrite(sites, (address) => isTrustedProxy(address, 0)),
  }).withTypeProvider<ZodTypeProvider>();
  await sites.start();
  app.addHook('onClose', () => sites.stop());
  app.decorate('shops', sites);
  registerShopGuard(app);

  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, (address) =>
    isTrustedProxy(address, 0),
  );

  // A storage or mailer made here is closed here; one passed in belongs to the caller.
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
  if (!deps.mailer) app.addHook('onClose', () => mailer.close());
  const push = createPushDelivery(db, config);
  const orderNews = new OrderNews(db, push.senderOf, app.log);
  app.addHook('onClose', async () => {
    await orderNews.stop();
    push.close();
  });
  const sms = deps.sms ?? createSmsSender({ smsUrl: config.smsUrl, dataDir: config.dataDir, log: app.log });
  const paymentProvider =
    deps.paymentProvider !== undefined
      ? deps.paymentProvider
      : config.payments
        ? razorpayProvider(config.payments)
        : null;
  const payments = paymentProvider ? new OnlinePayments(db, paymentProvider, app.log) : null;
  app.decorate('payments', payments);
  app.decorate('orderTexts', new OrderTexts(db, sms, sites.originOf, app.log));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and multipart, where a route asks for it): a text/plain body is a cross-site form in disguise.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  const consoleDir = deps.consoleDir ?? defaultConsoleDir;
  const consolePage = loadConsolePage(consoleDir);
  // Tile servers (OpenStreetMap's among them) refuse requests without a Referer: they get the
  // page's origin, never its paths; same-origin requests keep the whole address.
  const referrerPolicy = { policy: 'strict-origin-when-cross-origin' as const };
  const checkout = checkoutSources(config.payments);
  registerSecurityHeaders(
    app,
    {
      console: {
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            // The console's own scripts, and the inline one a page made at build time sets light or dark with.
            scriptSrc: ["'self'", ...(consolePage?.scriptHashes ?? [])],
            // MUI's emotion writes <style> tags at run time.
            styleSrc: ["'self'", "'unsafe-inline'"],
            // Map tiles come from a configurable tile server (MAP_TILE_URL), which may be plain http on a LAN.
            imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tileOrigin(config.map.url)],
            connectSrc: ["'self'"],
            fontSrc: ["'self'", 'data:'],
            objectSrc: ["'none'"],
            // Only the console itself may frame its pages: the order page prints a kitchen ticket from a
            // frame of its own (ADR 0048); every other site is refused, as clickjacking needs.
            frameAncestors: ["'self'"],
            upgradeInsecureRequests: config.publicUrl?.startsWith('https:') ? [] : null,
          },
        },
        crossOriginEmbedderPolicy: false,
        referrerPolicy,
      },
      // A shop's pages run nothing but the customer app's own files, style it with its own sheets (its
      // brand colours are set through the CSS object model), and reach nothing but their own origin
      // and the map's tiles (ADR 0055).
      shop: {
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            // With a payment gateway (ADR 0072): its checkout's script, frame and reports.
            scriptSrc: ["'self'", ...checkout.script],
            styleSrc: ["'self'"],
            imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(config.map.url), ...checkout.img],
            connectSrc: ["'self'", ...checkout.connect],
            ...(checkout.frame.length > 0 ? { frameSrc: checkout.frame } : {}),
            fontSrc: ["'self'", 'data:'],
            manifestSrc: ["'self'"],
            workerSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            scriptSrcAttr: ["'none'"],
            upgradeInsecureRequests: shopUrl.protocol === 'https:' ? [] : null,
          },
        },
        crossOriginEmbedderPolicy: false,
        referrerPolicy,
      },
    },
    (request) => shopSlugOf(request) !== null,
  );
  await app.register(cookie);
  // Answers of 1 KB and more go out compressed when the client accepts it (brotli, else gzip); the
  // console's own files come compressed from the build (registerConsole), live events never are.
  // Request bodies are not inflated: nothing sends them compressed, and a small bomb is a big body.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  // Limits are set per route (the customer API's, sign-up's, password reset's); nothing else is limited
  // by it. With REDIS_URL every instance counts in Redis, so N instances enforce the figure, not N times it.
  const sharedCounts = config.redisUrl ? createRedisRateLimitStore(config.redisUrl, app.log) : null;
  if (sharedCounts) app.addHook('onClose', () => sharedCounts.close());
  await app.register(rateLimit, { global: false, store: sharedCounts?.store ?? localRateLimitStore });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Storedesk API', version: '1.0.0' },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'storedesk_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ cookie: [] }, { bearer: [] }],
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const access = document.route.config?.access ?? 'staff';
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          'x-access': access,
          ...(access === 'public' ? { security: [] } : {}),
        },
      };
    },
  });
  // Who is calling: each credential is resolved by the module that owns it.
  const callers: CallerResolvers = {
    session: (token, gate) => resolveSession(db, token, gate),
    me: toMe,
    storefront: (key, customerToken) => storefrontCallerOf(db, key, customerToken),
    apiKey: (scope, secret) => resolveKey(db, scope, secret),
  };
  registerAccessControl(app, callers, {
    publicUrl: config.publicUrl,
    isTrustedProxy: (address) => isTrustedProxy(address, 0),
  });
  // Where links in messages and absolute URLs point: never where a request's headers say (ADR 0032).
  const originOf = publicOriginOf(config, (address) => isTrustedProxy(address, 0));
  await app.register(metricsRoutes, { db, readDb, hub, metricsToken: config.metricsToken });
  await registerMultipart(app);
  await app.register(filesRoutes, { storage });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, {
        db,
        secureCookies: config.publicUrl?.startsWith('https:') ?? false,
        originOf,
      });
      await api.register(passwordResetRoutes, { db, mailer, originOf });
      await api.register(accountRoutes, { db, mailer, originOf });
      await api.register(zonesRoutes, { db });
      await api.register(storesRoutes, { db, storage });
      await api.register(catalogueRoutes, { db, storage });
      await api.register(slidesRoutes, { db, storage });
      await api.register(trashRoutes, { db });
      await api.register(auditRoutes, { db });
      await api.register(ordersRoutes, { db, readDb, news: orderNews, payments });
      await api.register(staffRoutes, { db });
      await api.register(dashboardRoutes, { db, readDb });
      await api.register(settingsRoutes, { db, online: payments !== null });
      await api.register(apiKeysRoutes, { db });
      await api.register(couponsRoutes, { db });
      await api.register(customersRoutes, { db });
      await api.register(pushRoutes, { db, delivery: push });
      await api.register(storefrontRoutes, {
        db,
        ordersPerMinute: config.storefrontOrdersPerMinute,
        payments,
      });
      await api.register(paymentsRoutes, { payments });
      await api.register(storefrontCustomerRoutes, { db, sms });
      await api.register(onboardingRoutes, { db, mailer, config, storage, originOf });
      await api.register(mapRoutes, { tiles: config.map });
      await api.register(eventsRoutes, { db, hub });
      await api.register(deliveryRoutes, { db, hub, news: orderNews, push });
      await api.register(passwordResetRoutes, { db, mailer, originOf, audience: 'executives' });
      await api.register(dispatchRoutes, { db, readDb, hub });
      await api.register(reportsRoutes, { db, readDb });
      await api.register(earningsRoutes, { db, readDb });
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
    },
    { prefix: '/api' },
  );

  await registerStorefrontApp(
    app,
    db,
    loadStorefrontApp(deps.storefrontDir ?? defaultStorefrontDir),
    config.map,
    sites,
  );
  await registerDeliverApp(app, loadDeliverApp(deps.deliverDir ?? defaultDeliverDir), config.map);
  await registerConsole(app, db, consoleDir, consolePage);
  return app;
}

/** The console's own host names, which no business may take for its shop. */
function consoleNamesOf(config: Config): Set<string> {
  const hostName = (host: string) =>
    host
      .replace(/:\d+$/, '')
      .replace(/^\[|\]$/g, '')
      .toLowerCase();
  const names = new Set(['localhost', hostName(config.host)]);
  if (config.publicUrl) names.add(new URL(config.publicUrl).hostname.toLowerCase());
  for (const host of config.publicHosts) names.add(hostName(host));
  return names;
}

/** The origin of the tile server (`*.` for its `{s}` subdomains), which a page's security policy names. */
function tileSources(tileUrl: string): string[] {
  const url = new URL(tileUrl.replaceAll('{s}', 'subdomain').replace(/\{[a-z]+\}/g, '0'));
  return [url.origin.replace('//subdomain.', '//*.')];
}

/** The console allows any https image already: only a plain-http tile server needs naming. */
const tileOrigin = (tileUrl: string) => (tileUrl.startsWith('http:') ? tileSources(tileUrl) : []);

/**
 * Serves the built console, with every other non-API GET answered by its page: index.html with
 * the visitor's session in it (and, for someone signed in, the shell's code preloaded).
 */
async function registerConsole(
  app: FastifyInstance,
  db: Database,
  consoleDir: string,
  page: ConsolePage | null,
) {
  if (page) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      wildcard: false,
      index: false,
      // The build writes each file's .br and .gz beside it; the one the client accepts is sent.
      preCompressed: true,
      // @fastify/static adds `vary: accept-encoding` itself, as it chooses the file by that header.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) builtAssetHeaders(reply, filePath);
        else void reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    // A sign-in page and an API have nothing for a search engine.
    reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /\n'),
  );
  // Every other GET is a console page (a reload of a deep link included): a route of its own, so
  // the answer is compressed as routes' answers are, and HEAD is answered as GET without a body.
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    if (!page) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The console is not built yet: run `npm run build` (npm start does this for you).');
    }
    const body = renderConsolePage(page, await app.presentedSession(request, reply), pathname);
    // The page carries this visitor's session: never shared by a cache, never reused for another cookie.
    return reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(body);
  });
  app.setNotFoundHandler(async (_request, reply) =>
    reply.status(404).send({ error: { code: 'not_found', message: messages.notFound } }),
  );
}
