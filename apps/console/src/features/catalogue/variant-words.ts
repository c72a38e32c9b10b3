import {
  isLoose,
  priceRange,
  savingPaise,
  stepPaise,
  weightText,
} from '@storedesk/shared/catalogue/variants';
import { formatRupees } from '@storedesk/shared/money';
import { useT } from '@storedesk/web/i18n';
import { useMemo } from 'react';

type Priced = { pricePaise: number; mrpPaise: number | null; stepGrams?: number | null };

/**
 * A variant's prices as the console says them in the language shown, as the shared rules do in
 * English (`priceRangeText`, `variantSavingText`, `stepPriceText`) and as the customer app words
 * them: "₹40.00/kg", "Save ₹4.00 (10%)", "250 g for ₹9.00". Rupees and weights are figures in every
 * language.
 */
export function useVariantWords() {
  const t = useT();
  return useMemo(() => {
    const perKg = (paise: number) => t('variant.perKg', { price: formatRupees(paise) });
    const range = (minPaise: number, maxPaise: number, shown: (paise: number) => string) =>
      minPaise === maxPaise ? shown(minPaise) : `${shown(minPaise)} – ${shown(maxPaise)}`;
    return {
      /** "₹45", "₹45 – ₹90", or "₹40/kg" when the item is sold loose only: an item's price in a list. */
      priceRange: (variants: Priced[]): string => {
        const packs = variants.filter((variant) => !isLoose(variant));
        if (packs.length === 0) {
          const { minPaise, maxPaise } = priceRange(variants);
          return range(minPaise, maxPaise, perKg);
        }
        const { minPaise, maxPaise } = priceRange(packs);
        return range(minPaise, maxPaise, formatRupees);
      },
      /** What the customer saves against the MRP, per kg when loose; null when nothing. */
      saving: (variant: Priced): string | null => {
        const saving = savingPaise(variant);
        if (saving === 0) return null;
        const amount = isLoose(variant) ? perKg(saving) : formatRupees(saving);
        const percent = Math.floor((saving * 100) / variant.mrpPaise!);
        return percent > 0
          ? t('variant.savePercent', { amount, percent: String(percent) })
          : t('variant.save', { amount });
      },
      /** What one step of a loose variant costs; null when it comes to a fraction of a paisa. */
      stepPrice: (perKgPaise: number, stepGrams: number): string | null => {
        const paise = stepPaise(perKgPaise, stepGrams);
        return Number.isSafeInteger(paise)
          ? t('variant.stepPrice', { weight: weightText(stepGrams), price: formatRupees(paise) })
          : null;
      },
    };
  }, [t]);
}
