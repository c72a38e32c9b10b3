import { quantityText } from '@storedesk/shared/catalogue/variants';
import { useT } from '@storedesk/web/i18n';
import { lineMaxQuantity } from '../lib/catalogue.ts';

/** Add, or − n + once in the cart; a loose line's n is its weight ("750 g"), each press a step. */
export function QuantityControl({
  name,
  quantity,
  onChange,
  disabled = false,
  max = lineMaxQuantity,
  stepGrams = null,
}: {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  max?: number;
  /** Sold loose: the grams of a step, and the quantity counts steps. */
  stepGrams?: number | null | undefined;
}) {
  const t = useT();
  if (quantity === 0) {
    return (
      <button
        type="button"
        className="button small"
        disabled={disabled}
        onClick={() => onChange(1)}
        aria-label={t('quantity.addName', { name })}
      >
        {t('quantity.add')}
      </button>
    );
  }
  return (
    <span className="stepper" role="group" aria-label={t('quantity.inCart', { name })}>
      <button type="button" onClick={() => onChange(quantity - 1)} aria-label={t('quantity.less', { name })}>
        −
      </button>
      <output aria-live="polite" className={stepGrams === null ? undefined : 'weight'}>
        {quantityText({ stepGrams }, quantity)}
      </output>
      <button
        type="button"
        onClick={() => onChange(quantity + 1)}
        disabled={disabled || quantity >= max}
        aria-label={t('quantity.more', { name })}
      >
        +
      </button>
    </span>
  );
}

/** The veg or non-veg mark of Indian food packaging: a square with a dot, green or brown. */
export function VegMark({ veg }: { veg: boolean }) {
  const t = useT();
  return (
    <span
      className={veg ? 'veg-mark veg' : 'veg-mark non-veg'}
      role="img"
      aria-label={t(veg ? 'quantity.veg' : 'quantity.nonVeg')}
    />
  );
}
