import { priceRangeText, stepPriceText, variantSavingText } from '@storedesk/shared/catalogue/variants';
import { LanguageProvider } from '@storedesk/web/i18n';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/index.ts';
import { useVariantWords } from './variant-words.ts';

function words() {
  return renderHook(() => useVariantWords(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <LanguageProvider i18n={i18n}>{children}</LanguageProvider>
    ),
  }).result.current;
}

const pack = { pricePaise: 4_500, mrpPaise: 5_000, stepGrams: null };
const bigPack = { pricePaise: 9_000, mrpPaise: null, stepGrams: null };
const loose = { pricePaise: 3_600, mrpPaise: 4_000, stepGrams: 250 };
const looseDear = { pricePaise: 6_000, mrpPaise: 6_010, stepGrams: 500 };

describe('a variant’s prices in the console’s words', () => {
  it('are the shared rules’ words in English', () => {
    const english = words();
    for (const variants of [[pack], [pack, bigPack], [loose], [loose, looseDear], [loose, pack]])
      expect(english.priceRange(variants)).toBe(priceRangeText(variants));
    for (const variant of [pack, bigPack, loose, looseDear])
      expect(english.saving(variant)).toBe(variantSavingText(variant));
    for (const [price, step] of [
      [3_600, 250],
      [3_333, 100],
      [1_000, 1],
    ] as const)
      expect(english.stepPrice(price, step)).toBe(stepPriceText(price, step));
  });

  it('are the customer app’s in Hindi', () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    return i18n.start().then(() => {
      const hindi = words();
      expect(hindi.priceRange([loose, looseDear])).toBe('₹36.00/किलो – ₹60.00/किलो');
      expect(hindi.saving(loose)).toBe('₹4.00/किलो की बचत (10%)');
      expect(hindi.stepPrice(3_600, 250)).toBe('250 g ₹9.00 में');
    });
  });
});
