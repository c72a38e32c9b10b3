import type { Database } from '#server/db/client.ts';
import type { ShopOrigins, ShopUrl } from '#server/lib/shop-origin.ts';
import { findShopDomains } from './storefront.repository.ts';

/** How often each instance reads the businesses' own domains again: a new one is served within this. */
const refreshMs = 10_000;
/**
 * How long the start waits for the first read: a database that accepts connections but never
 * answers must not hold the server's start for ever (its health answers 503 meanwhile); the
 * domains are served from the first read that does come back.
 */
const firstReadMs = 2_000;

type Log = { warn: (object: object, message: string) => void; info: (message: string) => void };

/**
 * Which customer app a request's host is for (ADR 0055): SHOP_URL's pattern names the slug, or the
 * host is a business's own domain. Routing is decided before a request is read, so the domains are
 * kept in memory, read at start and every `refreshMs` (and at once after this instance saves one).
 */
export class ShopSites implements ShopOrigins {
  private domains = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private failing = false;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    readonly url: ShopUrl,
    /** The console's own host names (PUBLIC_URL's, PUBLIC_HOSTS', the listening one): never a shop's. */
    private readonly consoleNames: ReadonlySet<string>,
    private readonly log: Log,
  ) {}

  async start(): Promise<void> {
    this.timer = setInterval(this.readAgain, refreshMs);
    this.timer.unref();
    this.readAgain();
    await Promise.race([
      this.reading,
      new Promise<void>((resolve) => setTimeout(resolve, firstReadMs).unref()),
    ]);
  }

  /** The timer's read: while the database does not answer, one read waits, not one more every tick. */
  private readonly readAgain = () => {
    this.reading ??= this.refresh().finally(() => {
      this.reading = undefined;
    });
  };

  stop(): void {
    clearInterval(this.timer);
  }

  /** Reads the domains again; while the database is away, the last ones read are kept. */
  async refresh(): Promise<void> {
    try {
      const rows = await findShopDomains(this.db);
      this.domains = new Map(rows.map((row) => [row.domain, row.slug]));
      if (this.failing) this.log.info("the businesses' shop domains are read again");
      this.failing = false;
    } catch (error) {
      if (!this.failing)
        this.log.warn({ err: error }, "the businesses' shop domains could not be read; keeping the last");
      this.failing = true;
    }
  }

  /** The slug of the business whose customer app a host (name and port, as Host gives it) is, or null. */
  slugOfHost(host: string): string | null {
    const bySlug = this.url.slugOfHost(host);
    if (bySlug !== null) return bySlug;
    const domain = this.url.domainOfHost(host);
    return domain === null ? null : (this.domains.get(domain) ?? null);
  }

  /** Where a business's customer app lives: its own domain when it has one, else SHOP_URL's origin for it. */
  readonly originOf = (business: { slug: string; shopDomain: string | null }): string =>
    business.shopDomain
      ? `${this.url.protocol}//${business.shopDomain.toLowerCase()}${this.url.port}`
      : this.url.originOfSlug(business.slug);

  /** Whether a domain is the server's own: the console's, or one SHOP_URL gives a slug. */
  isReserved(domain: string): boolean {
    return this.consoleNames.has(domain) || this.url.slugOfHost(`${domain}${this.url.port}`) !== null;
  }
}
