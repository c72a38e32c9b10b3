import { useMemo } from 'react';
import {
  isLoose,
  lineName,
  quantityText,
  savingPaise,
  soldAs,
  stepPaise,
  weightText,
} from '@storedesk/shared/catalogue/variants';
import { useFormat, useT } from '@storedesk/web/i18n';
import type { MessageId } from '../i18n/index.ts';
import { mostOf, soldOut, variantsOf, type CatalogueItem, type ItemVariant } from '../lib/catalogue.ts';
import { namesOf, useLocalText } from '../lib/local-text.ts';
import { QuantityControl, VegMark } from './quantity.tsx';

/** The featured badges a customer sees (SPEC §4), by the item's `featured`; none for 0 or a value unknown. */
const featuredBadges: Record<number, MessageId> = {
  1: 'item.bestseller',
  2: 'item.onlyHere',
  3: 'item.topPick',
};

type Priced = Pick<ItemVariant, 'pricePaise' | 'mrpPaise' | 'stepGrams'>;

/** A variant's prices as a shelf label says them, in the language shown: "₹45", or "₹40.00/kg" when loose. */
function usePrices() {
  const t = useT();
  const { money } = useFormat();
  return useMemo(() => {
    const price = (variant: Pick<Priced, 'stepGrams'>, paise: number) =>
      isLoose(variant) ? t('item.perKg', { price: money(paise) }) : money(paise);
    return {
      price,
      /** The saving against the MRP: "Save ₹12.00 (10%)", each per kg when loose; null without one. */
      saving: (variant: Priced): string | null => {
        const saving = savingPaise(variant);
        if (saving === 0) return null;
        const percent = Math.floor((saving * 100) / variant.mrpPaise!);
        const amount = price(variant, saving);
        return percent > 0 ? t('item.savePercent', { amount, percent }) : t('item.save', { amount });
      },
      /** What one step of a loose variant costs: "250 g for ₹9.00"; null when it is a fraction of a paisa. */
      step: (perKgPaise: number, stepGrams: number): string | null => {
        const paise = stepPaise(perKgPaise, stepGrams);
        return Number.isSafeInteger(paise)
          ? t('item.stepPrice', { weight: weightText(stepGrams), price: money(paise) })
          : null;
      },
    };
  }, [t, money]);
}

/**
 * An item's pack sizes as a row of chips: a radio group (arrow keys move the choice), each with
 * its price (per kg when loose), a sold-out one greyed and not choosable, and how many of it the
 * cart holds (a weight when loose).
 */
export function VariantPicker({
  item,
  chosen,
  inCart,
  onChoose,
}: {
  item: CatalogueItem;
  chosen: ItemVariant;
  inCart: (variant: ItemVariant) => number;
  onChoose: (variantId: string) => void;
}) {
  const gone = soldOut(item);
  const t = useT();
  const { price } = usePrices();
  const local = useLocalText();
  return (
    <div
      className="variants"
      role="radiogroup"
      aria-label={t('item.packSizeOf', { name: local(namesOf(item)).text })}
    >
      {variantsOf(item).map((variant) => {
        const count = inCart(variant);
        const held = quantityText(variant, count);
        return (
          <label key={variant.id} className="variant">
            <input
              type="radio"
              className="visually-hidden"
              name={`variant-${item.id}`}
              value={variant.id}
              // An item of which nothing is left has no size chosen: there is none to take.
              checked={variant.id === chosen.id && !gone}
              disabled={!variant.inStock}
              onChange={() => onChoose(variant.id)}
            />
            <span className="variant-chip">
              <span className="variant-label">{variant.label}</span>{' '}
              <span className="variant-price">
                {variant.inStock ? price(variant, variant.pricePaise) : t('item.soldOut')}
              </span>
              {count > 0 ? (
                <span className="variant-count">
                  <span aria-hidden="true">{isLoose(variant) ? held : `×${held}`}</span>
                  <span className="visually-hidden">{t('item.heldInCart', { held })}</span>
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
    </div>
  );
}

/**
 * The price of a variant: what it costs, its MRP struck through and the saving when it is sold
 * below it; each per kg when it is sold loose.
 */
export function VariantPrice({ variant }: { variant: ItemVariant }) {
  const t = useT();
  const prices = usePrices();
  const saving = prices.saving(variant);
  return (
    <span className="item-price">
      <span className="price">{prices.price(variant, variant.pricePaise)}</span>
      {savingPaise(variant) > 0 ? (
        <>
          {' '}
          <span className="mrp">
            <span className="visually-hidden">{t('item.mrp')} </span>
            <s>{prices.price(variant, variant.mrpPaise!)}</s>
          </span>
        </>
      ) : null}
      {saving ? (
        <>
          {' '}
          <span className="saving">{saving}</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * An item of the store's list: its name, the chosen variant's price (and MRP, saving and "only N
 * left"), Add or the quantity in the cart, and the pack sizes to choose from when there are several.
 * An item of which nothing is left is greyed and says "Out of stock". One sold loose says what a
 * step costs ("250 g for ₹9.00"); its quantity is a weight, with that weight's price under it.
 */
export function ItemCard({
  item,
  chosen,
  canOrder,
  inCart,
  onChoose,
  onQuantity,
}: {
  item: CatalogueItem;
  chosen: ItemVariant;
  /** Whether the store takes orders now, or for a delivery slot later: without, no Add. */
  canOrder: boolean;
  inCart: (variant: ItemVariant) => number;
  onChoose: (variantId: string) => void;
  onQuantity: (variant: ItemVariant, quantity: number) => void;
}) {
  const t = useT();
  const { money } = useFormat();
  const prices = usePrices();
  // The name in the language shown where the business gave it (ADR 0085), else the English.
  const shownName = useLocalText()(namesOf(item));
  const variants = variantsOf(item);
  const gone = soldOut(item);
  const quantity = inCart(chosen);
  const badge = item.featured > 0 ? featuredBadges[item.featured] : undefined;
  const sold = soldAs(chosen);
  const name = lineName(shownName.text, sold.label);
  const step = chosen.stepGrams === null ? null : prices.step(chosen.pricePaise, chosen.stepGrams);
  let action = null;
  if (gone && quantity === 0) action = <span className="stock-note">{t('item.outOfStock')}</span>;
  else if (!chosen.inStock && quantity === 0)
    action = <span className="stock-note">{t('item.soldOut')}</span>;
  else if (canOrder) {
    action = (
      <QuantityControl
        name={name}
        quantity={quantity}
        disabled={!chosen.inStock}
        max={mostOf(chosen)}
        stepGrams={chosen.stepGrams}
        onChange={(next) => onQuantity(chosen, next)}
      />
    );
    if (step !== null && quantity > 0) {
      action = (
        <span className="line-action">
          {action}
          <span className="price">{money(sold.pricePaise * quantity)}</span>
        </span>
      );
    }
  }
  return (
    <div className={gone ? 'card item-card sold-out' : 'card item-card'}>
      {item.imageUrl ? <img src={item.imageUrl} alt="" width={72} height={72} loading="lazy" /> : null}
      <span className="item-text">
        <span className="item-name">
          <VegMark veg={item.veg} /> <span lang={shownName.lang}>{shownName.text}</span>
        </span>
        {variants.length === 1 && chosen.label ? <span className="muted small">{chosen.label}</span> : null}
        {step ? <span className="muted small">{step}</span> : null}
        {badge ? <span className="pill featured">{t(badge)}</span> : null}
        <VariantPrice variant={chosen} />
        {chosen.inStock && chosen.left !== null ? (
          <span className="left">
            {chosen.stepGrams === null
              ? t('item.onlyLeft', { count: chosen.left })
              : t('item.onlyWeightLeft', { weight: weightText(chosen.left * chosen.stepGrams) })}
          </span>
        ) : null}
      </span>
      {action}
      {variants.length > 1 ? (
        <VariantPicker item={item} chosen={chosen} inCart={inCart} onChoose={onChoose} />
      ) : null}
    </div>
  );
}
