import { describe, expect, it } from 'vitest';
import { featuredBadge, ItemFeatured } from './featured.ts';

describe('featuredBadge', () => {
  it('names each badge as the console set it, and none for an item not featured', () => {
    expect(featuredBadge(ItemFeatured.Bestseller)).toBe('Bestseller');
    expect(featuredBadge(ItemFeatured.OnlyHere)).toBe('Only Here');
    expect(featuredBadge(ItemFeatured.TopPick)).toBe('Top Pick');
    expect(featuredBadge(ItemFeatured.None)).toBeNull();
    expect(featuredBadge(7)).toBeNull();
  });
});
