import { featuredBadge } from '@storedesk/shared/catalogue/featured';
import { lineName, savingPaise, savingText, variantMessages } from '@storedesk/shared/catalogue/variants';
import { formatRupees } from '@storedesk/shared/money';
import { soldOut, variantsOf, type CatalogueItem, type ItemVariant } from '../lib/catalogue.ts';
import { QuantityControl, VegMark } from './quantity.tsx';

/**
 * An item's pack sizes as a row of chips: a radio group (arrow keys move the choice), each with
 * its price, a sold-out one greyed and not choosable, and how many of it the cart holds.
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
                {variant.inStock ? formatRupees(variant.pricePaise) : 'Sold out'}
              </span>
              {count > 0 ? (
                <span className="variant-count">
                  <span aria-hidden="true">×{count}</span>
                  <span className="visually-hidden">, {count} in the cart</span>
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
    </div>
  );
}

/** The price of a variant: what it costs, its MRP struck through and the saving when it is sold below it. */
export function VariantPrice({ variant }: { variant: ItemVariant }) {
  const saving = savingText(variant);
  return (
    <span className="item-price">
      <span className="price">{formatRupees(variant.pricePaise)}</span>
      {savingPaise(variant) > 0 ? (
        <>
          {' '}
          <span className="mrp">
            <span className="visually-hidden">MRP </span>
            <s>{formatRupees(variant.mrpPaise!)}</s>
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
 * An item of which nothing is left is greyed and says "Out of stock".
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
  const name = lineName(item.name, chosen.label);
  let action = null;
  if (gone && quantity === 0) action = <span className="stock-note">Out of stock</span>;
  else if (!chosen.inStock && quantity === 0) action = <span className="stock-note">Sold out</span>;
  else if (canOrder) {
    action = (
      <QuantityControl
        name={name}
        quantity={quantity}
        disabled={!chosen.inStock}
        max={chosen.left ?? undefined}
        onChange={(next) => onQuantity(chosen, next)}
      />
    );
  }
  return (
    <div className={gone ? 'card item-card sold-out' : 'card item-card'}>
      {item.imageUrl ? <img src={item.imageUrl} alt="" width={72} height={72} loading="lazy" /> : null}
      <span className="item-text">
        <span className="item-name">
          <VegMark veg={item.veg} /> {item.name}
        </span>
        {variants.length === 1 && chosen.label ? <span className="muted small">{chosen.label}</span> : null}
        {badge ? <span className="pill featured">{badge}</span> : null}
        <VariantPrice variant={chosen} />
        {chosen.inStock && chosen.left !== null ? (
          <span className="left">{variantMessages.stockShort(chosen.left)}</span>
        ) : null}
      </span>
      {action}
      {variants.length > 1 ? (
        <VariantPicker item={item} chosen={chosen} inCart={inCart} onChoose={onChoose} />
      ) : null}
    </div>
  );
}
