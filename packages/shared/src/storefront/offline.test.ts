import { describe, expect, it } from 'vitest';
import { keptOffline } from './offline.ts';

describe('keptOffline', () => {
  it('keeps the shop’s own answers, and the customer’s orders as theirs alone', () => {
    expect(keptOffline('/api/storefront/business')).toBe('shop');
    expect(keptOffline('/api/storefront/slides')).toBe('shop');
    expect(keptOffline('/api/storefront/stores')).toBe('shop');
    expect(keptOffline('/api/storefront/stores/5f0c9f1e-2d7b-4a8e-9c41-0b6c2f1d7a10/catalogue')).toBe('shop');
    expect(keptOffline('/api/storefront/orders')).toBe('personal');
    expect(keptOffline('/api/storefront/orders/5f0c9f1e-2d7b-4a8e-9c41-0b6c2f1d7a10')).toBe('personal');
  });

  it('keeps nothing else: addresses, the account, live streams, other apps', () => {
    for (const path of [
      '/api/storefront/addresses',
      '/api/storefront/account',
      '/api/storefront/events',
      '/api/storefront/orders/5f0c9f1e-2d7b-4a8e-9c41-0b6c2f1d7a10/events',
      '/api/storefront/business/extra',
      '/api/orders',
      '/api/storefront/stores/x/catalogue/y',
    ])
      expect(keptOffline(path), path).toBeNull();
  });
});
