import { describe, expect, it } from 'vitest';
import { defaultShopUrl, parseShopUrl, type ShopUrl } from './shop-origin.ts';

const parsed = (template: string) => {
  const url = parseShopUrl(template);
  if (typeof url === 'string') throw new Error(url);
  return url;
};

describe('SHOP_URL', () => {
  it('names each business’s origin by its slug, and knows the slug a host names', () => {
    const local: ShopUrl = parsed(defaultShopUrl(3000));
    expect(local.originOfSlug('demo-fresh-mart')).toBe('http://demo-fresh-mart.localhost:3000');
    expect(local.slugOfHost('demo-fresh-mart.localhost:3000')).toBe('demo-fresh-mart');
    expect(local.slugOfHost('Demo-Fresh-Mart.LOCALHOST:3000')).toBe('demo-fresh-mart');
    for (const host of [
      'localhost:3000',
      'demo.localhost',
      'demo.localhost:3001',
      'a.b.localhost:3000',
      'demo-.localhost:3000',
      'evil.com#.localhost:3000',
      'demo.localhost:3000.evil.com',
    ])
      expect(local.slugOfHost(host), host).toBeNull();

    const hosted = parsed('https://{slug}.shop.example.com');
    expect(hosted.originOfSlug('fresh')).toBe('https://fresh.shop.example.com');
    expect(hosted.slugOfHost('fresh.shop.example.com')).toBe('fresh');
    expect(hosted.slugOfHost('fresh.shop.example.com:443')).toBeNull();
    expect(hosted.slugOfHost('fresh.shopxexample.com')).toBeNull();
    expect(parsed('https://shop-{slug}.example.com').slugOfHost('shop-fresh.example.com')).toBe('fresh');
  });

  it('reads the name of a domain of the business’s own from a host, on SHOP_URL’s port only', () => {
    const local = parsed(defaultShopUrl(3000));
    expect(local.domainOfHost('Shop.FreshMart.in:3000')).toBe('shop.freshmart.in');
    expect(local.domainOfHost('shop.freshmart.in')).toBeNull();
    expect(local.domainOfHost('shop.freshmart.in:3001')).toBeNull();
    const hosted = parsed('https://{slug}.shop.example.com');
    expect(hosted.domainOfHost('shop.freshmart.in')).toBe('shop.freshmart.in');
    expect(hosted.domainOfHost('shop.freshmart.in:8443')).toBeNull();
  });

  it('refuses what is not an origin with {slug} once in its host, saying why', () => {
    expect(parseShopUrl('http://localhost:3000')).toBe(
      'must name {slug} once, as http://{slug}.localhost:3000 does',
    );
    expect(parseShopUrl('http://{slug}.{slug}.example.com')).toBe(
      'must name {slug} once, as http://{slug}.localhost:3000 does',
    );
    expect(parseShopUrl('ftp://{slug}.example.com')).toBe('must start with http:// or https://');
    expect(parseShopUrl('http://example.com/{slug}')).toBe('must have {slug} in its host name, not its path');
    expect(parseShopUrl('https://{slug}.example.com/shop')).toBe(
      'must be an origin only: a scheme, a host with {slug} and perhaps a port, with no path',
    );
    expect(parseShopUrl('{slug}')).toBe('must be an address such as https://{slug}.shop.example.com');
  });
});
