import { featuredBadge } from '@storedesk/shared/catalogue/featured';
import {
  isLoose,
  lineName,
  quantityText,
  savingPaise,
  soldAs,
  stepPriceText,
  variantMessages,
  variantPriceText,
  variantSavingText,
} from '@storedesk/shared/catalogue/variants';
import { formatRupees } from '@storedesk/shared/money';
import { mostOf, soldOut, variantsOf, type CatalogueItem, type ItemVariant } from '../lib/catalogue.ts';
import { QuantityControl, VegMark } from './quantity.tsx';

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
  return (
    <div className="variants" role="radiogroup" aria-label={`Pack size of ${item.name}`}>
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
                {variant.inStock ? variantPriceText(variant) : 'Sold out'}
              </span>
              {count > 0 ? (
                <span className="variant-count">
                  <span aria-hidden="true">{isLoose(variant) ? held : `×${held}`}</span>
                  <span className="visually-hidden">, {held} in the cart</span>
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
  const saving = variantSavingText(variant);
  return (
    <span className="item-price">
      <span className="price">{variantPriceText(variant)}</span>
      {savingPaise(variant) > 0 ? (
        <>
          {' '}
          <span className="mrp">
            <span className="visually-hidden">MRP </span>
            <s>{variantPriceText({ ...variant, pricePaise: variant.mrpPaise! })}</s>
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
  /** Whether the store takes orders now: without, no Add. */
  canOrder: boolean;
  inCart: (variant: ItemVariant) => number;
  onChoose: (variantId: string) => void;
  onQuantity: (variant: ItemVariant, quantity: number) => void;
}) {
  const variants = variantsOf(item);
  const gone = soldOut(item);
  const quantity = inCart(chosen);
  const badge = featuredBadge(item.featured);
  const sold = soldAs(chosen);
  const name = lineName(item.name, sold.label);
  const step = chosen.stepGrams === null ? null : stepPriceText(chosen.pricePaise, chosen.stepGrams);
  let action = null;
  if (gone && quantity === 0) action = <span className="stock-note">Out of stock</span>;
  else if (!chosen.inStock && quantity === 0) action = <span className="stock-note">Sold out</span>;
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
          <span className="price">{formatRupees(sold.pricePaise * quantity)}</span>
        </span>
      );
    }
  }
  return (
    <div className={gone ? 'card item-card sold-out' : 'card item-card'}>
      {item.imageUrl ? <img src={item.imageUrl} alt="" width={72} height={72} loading="lazy" /> : null}
      <span className="item-text">
        <span className="item-name">
          <VegMark veg={item.veg} /> {item.name}
        </span>
        {variants.length === 1 && chosen.label ? <span className="muted small">{chosen.label}</span> : null}
        {step ? <span className="muted small">{step}</span> : null}
        {badge ? <span className="pill featured">{badge}</span> : null}
        <VariantPrice variant={chosen} />
        {chosen.inStock && chosen.left !== null ? (
          <span className="left">{variantMessages.stockShort(chosen.left, chosen.stepGrams)}</span>
        ) : null}
      </span>
      {action}
      {variants.length > 1 ? (
        <VariantPicker item={item} chosen={chosen} inCart={inCart} onChoose={onChoose} />
      ) : null}
    </div>
  );
}
