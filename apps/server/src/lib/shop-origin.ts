/**
 * Where each business's customer app lives (B16, ADR 0055): an origin of its own, never the
 * console's, so nothing a business writes runs where staff are signed in. SHOP_URL names it with
 * `{slug}` in its host (`http://{slug}.localhost:3000`, `https://{slug}.shop.example.com`); a
 * business may also have a domain of its own (Settings › Others), served with SHOP_URL's scheme
 * and port.
 */

/** What stands for the slug while the template is read as a URL: `{` and `}` are not allowed in a host. */
const placeholder = 'xslugx';

/** A slug as a host label takes it (the business settings' own rule). */
const slugInHost = '([a-z0-9]+(?:-[a-z0-9]+)*)';

export type ShopUrl = {
  /** `http:` or `https:`. */
  protocol: string;
  /** The port after the host in links, with its colon (`:3000`), or '' for the scheme's own. */
  port: string;
  /** The origin of the business with this slug. */
  originOfSlug: (slug: string) => string;
  /** The slug a request's host (name and port, as Host gives it) names, or null when it names none. */
  slugOfHost: (host: string) => string | null;
  /** The host name of a business's own domain a request's host names (port checked, lower case), or null. */
  domainOfHost: (host: string) => string | null;
};

/** SHOP_URL read, or why it cannot be: an http(s) origin with `{slug}` once in its host. */
export function parseShopUrl(template: string): ShopUrl | string {
  const occurrences = template.split('{slug}').length - 1;
  if (occurrences !== 1) return 'must name {slug} once, as http://{slug}.localhost:3000 does';
  let url: URL;
  try {
    url = new URL(template.replace('{slug}', placeholder));
  } catch {
    return 'must be an address such as https://{slug}.shop.example.com';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://';
  if (!url.hostname.includes(placeholder)) return 'must have {slug} in its host name, not its path';
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    return 'must be an origin only: a scheme, a host with {slug} and perhaps a port, with no path';
  const [before, after] = url.hostname.split(placeholder) as [string, string];
  const port = url.port ? `:${url.port}` : '';
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escape(before)}${slugInHost}${escape(after)}${escape(port)}$`);
  return {
    protocol: url.protocol,
    port,
    originOfSlug: (slug) => `${url.protocol}//${before}${slug}${after}${port}`,
    slugOfHost: (host) => pattern.exec(host.toLowerCase())?.[1] ?? null,
    domainOfHost: (host) => {
      const lower = host.toLowerCase();
      if (!lower.endsWith(port)) return null;
      const name = lower.slice(0, lower.length - port.length);
      return /^[a-z0-9.-]+$/.test(name) ? name : null;
    },
  };
}

/** SHOP_URL's default: a name under localhost for each business, which browsers take to this machine. */
export const defaultShopUrl = (port: number) => `http://{slug}.localhost:${port}`;

/**
 * The shops' origins as the server routes requests and writes links (ADR 0055): which host is
 * whose customer app, and where each business's lives. The storefront module keeps them
 * (`ShopSites`, reading the businesses' own domains); what routes and links only needs this.
 */
export interface ShopOrigins {
  readonly url: ShopUrl;
  /** The slug of the business whose customer app a host (name and port, as Host gives it) is, or null. */
  slugOfHost(host: string): string | null;
  /** Where a business's customer app lives: its own domain when it has one, else SHOP_URL's origin for it. */
  originOf(business: { slug: string; shopDomain: string | null }): string;
  /** Whether a domain is the server's own: the console's, or one SHOP_URL gives a slug. */
  isReserved(domain: string): boolean;
  /** Reads the businesses' own domains again. */
  refresh(): Promise<void>;
}
