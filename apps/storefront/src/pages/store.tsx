import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { StorefrontCatalogue, StorefrontStore } from '@storedesk/shared/storefront/schemas';
import { deliveryRuleParts } from '@storedesk/shared/stores/delivery-rule';
import { useT } from '@storedesk/web/i18n';
import { useTexts } from '@storedesk/web/texts';
import { useData } from '@storedesk/web/use-data';
import { useFreshWhileShown } from '@storedesk/web/use-fresh';
import { storefrontRefreshMs } from '@storedesk/shared/storefront/page';
import { ItemCard } from '../components/item-card.tsx';
import { ErrorPanel, Spinner } from '@storedesk/web/states';
import { api } from '../lib/api.ts';
import { useClosureText } from '../lib/closure.ts';
import { useTimeFormat } from '@storedesk/web/times';
import {
  lineOf,
  mergedItems,
  quantityIn,
  shownItems,
  shownVariant,
  variantsOf,
  type CatalogueItem,
  type ItemVariant,
} from '../lib/catalogue.ts';
import { namesOf, useLocalText } from '../lib/local-text.ts';
import { Link } from '../lib/router.tsx';
import { cart, cartCount, withQuantity, withVariantsNamed } from '../lib/state.ts';
import { useStoreSearch } from '../lib/use-store-search.ts';
import { useWindowed } from '../lib/windowed.ts';

const noItems: CatalogueItem[] = [];
const itemKey = (item: CatalogueItem) => item.id;
/** A row's height before it is measured: taller with a row of pack sizes. */
const rowEstimate = (item: CatalogueItem) => (variantsOf(item).length > 1 ? 150 : 100);

export default function StorePage({ storeId }: { storeId: string }) {
  const catalogue = useData(`catalogue:${storeId}`, () =>
    api<StorefrontCatalogue>('GET', `/stores/${storeId}/catalogue`),
  );
  // The store opening or closing, an item selling out: shown without a reload.
  useFreshWhileShown(catalogue.reload, storefrontRefreshMs);
  const current = cart.use();
  const t = useT();
  const texts = useTexts();
  const { money, timeOfDay } = useTimeFormat();
  const closureText = useClosureText();
  const local = useLocalText();
  const [search, setSearch] = useState('');
  // The list follows the typing a moment behind, so a keystroke never waits for thousands of items.
  const typed = useDeferredValue(search);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  // The pack size the customer chose of each item, kept while its row scrolls out of sight.
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const data = catalogue.data;
  const wider = useStoreSearch(storeId, data, typed, categoryId);

  const shown = useMemo(
    () =>
      data
        ? shownItems(
            wider.items.length > 0 ? mergedItems(data.items, wider.items) : data.items,
            data.categories,
            typed,
            categoryId,
          )
        : noItems,
    [data, wider.items, typed, categoryId],
  );
  const { attachList, measureRow, start, end, before, after } = useWindowed(shown, itemKey, rowEstimate);

  // A cart kept from before variants: its lines get their item's only variant once the catalogue is here.
  useEffect(() => {
    if (!data) return;
    const kept = cart.get();
    const named = withVariantsNamed(kept, data.store.id, data.items);
    if (named !== kept) cart.set(named);
  }, [data]);

  if (catalogue.error && !data) return <ErrorPanel error={catalogue.error} onRetry={catalogue.reload} />;
  if (!data) return <Spinner label={t('store.loading')} />;
  const { store, categories } = data;
  const inCart = current?.storeId === store.id ? current : null;
  const lines = inCart?.lines ?? [];
  const otherStoreCart = current && current.storeId !== store.id ? current : null;
  const setQuantity = (item: CatalogueItem, variant: ItemVariant, quantity: number) =>
    cart.set(withQuantity(cart.get(), store, lineOf(item, variant), quantity));
  // The store's own minimum and delivery fee (B19): "Minimum ₹199.00 · Delivery ₹20.00–₹40.00 by distance · free from ₹499.00".
  const ruleLine = ({ minimumPaise, fee, freeFromPaise }: ReturnType<typeof deliveryRuleParts>) =>
    [
      ...(minimumPaise === null ? [] : [t('store.ruleMinimum', { amount: money(minimumPaise) })]),
      fee.kind === 'free'
        ? t('store.ruleFreeDelivery')
        : fee.kind === 'flat'
          ? t('store.ruleFee', { amount: money(fee.paise) })
          : t('store.ruleFeeRange', { low: money(fee.lowPaise), high: money(fee.highPaise) }),
      ...(freeFromPaise === null ? [] : [t('store.ruleFreeFrom', { amount: money(freeFromPaise) })]),
    ].join(' · ');
  const searching = typed.trim() !== '';
  // Closed now, but taking orders for a delivery slot (B19): the cart asks for the slot.
  const forLater = !store.openNow && store.deliversInSlots === true;

  return (
    <>
      <section className="panel store-head">
        <h1>{store.name}</h1>
        <p className="muted">{store.location}</p>
        {store.description ? <StoreDescription store={store} /> : null}
        {store.openNow ? (
          <p className="pill open">
            {t('store.openHours', { from: timeOfDay(store.openTime), to: timeOfDay(store.closeTime) })}
          </p>
        ) : forLater ? (
          <>
            <p className="pill closed" role="status">
              {t('home.orderForLater')}
            </p>
            <p className="hint">{t('store.forLaterHint')}</p>
          </>
        ) : (
          // The server's reason says it all: the hours when closed by them, else that it takes none.
          <p className="notice inline" role="status">
            {t('store.closed', { notice: closureText(store.closure) ?? t('store.notTaking') })}
          </p>
        )}
        {store.deliveryRule ? (
          <p className="hint">{ruleLine(deliveryRuleParts(store.deliveryRule))}</p>
        ) : null}
        {otherStoreCart ? (
          <p className="hint">{t('store.otherCart', { store: otherStoreCart.storeName })}</p>
        ) : null}
      </section>
      <div className="search-row">
        <label className="visually-hidden" htmlFor="item-search">
          {t('store.search')}
        </label>
        <input
          id="item-search"
          type="search"
          placeholder={t('store.searchItems')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
        />
      </div>
      {categories.length > 0 ? (
        <nav className="chips" aria-label={t('store.categories')}>
          <button type="button" aria-pressed={categoryId === null} onClick={() => setCategoryId(null)}>
            {t('store.all')}
          </button>
          {categories.map((category) => {
            // The name in the language shown where the business gave it (ADR 0085), else the English.
            const name = local(namesOf(category));
            return (
              <button
                key={category.id}
                type="button"
                lang={name.lang}
                aria-pressed={categoryId === category.id}
                onClick={() => setCategoryId(category.id)}
              >
                {name.text}
              </button>
            );
          })}
        </nav>
      ) : null}
      {shown.length === 0 ? (
        wider.busy ? (
          <Spinner label={t('store.searchingAll')} />
        ) : (
          <div className="empty">
            <p>{searching ? t('store.noMatch', { search: typed.trim() }) : t('store.noItems')}</p>
          </div>
        )
      ) : (
        <ul className="list items" aria-label={t('store.items')} ref={attachList}>
          {before > 0 ? <li className="spacer" aria-hidden="true" style={{ height: before }} /> : null}
          {shown.slice(start, end).map((item, index) => {
            const variant = shownVariant(item, chosen[item.id], lines);
            return (
              <li
                key={item.id}
                ref={measureRow}
                data-row-key={item.id}
                className="item-row"
                aria-setsize={shown.length}
                aria-posinset={start + index + 1}
              >
                <ItemCard
                  item={item}
                  chosen={variant}
                  canOrder={store.openNow || forLater}
                  inCart={(each) => quantityIn(lines, item, each)}
                  onChoose={(variantId) => setChosen((was) => ({ ...was, [item.id]: variantId }))}
                  onQuantity={(each, quantity) => setQuantity(item, each, quantity)}
                />
              </li>
            );
          })}
          {after > 0 ? <li className="spacer" aria-hidden="true" style={{ height: after }} /> : null}
        </ul>
      )}
      {shown.length > 0 && wider.busy ? (
        <p className="hint pad" role="status">
          {t('store.searchingAll')}
        </p>
      ) : null}
      {wider.error ? (
        <p className="hint pad" role="alert">
          {t('store.partSearched', { message: texts.error(wider.error) })}{' '}
          <button type="button" className="text-button" onClick={wider.retry}>
            {texts.text('web.tryAgain')}
          </button>
        </p>
      ) : null}
      {data.truncated && !searching && !categoryId ? (
        <p className="hint pad">{t('store.searchForMore')}</p>
      ) : wider.truncated && !wider.busy ? (
        <p className="hint pad">{t('store.narrowSearch')}</p>
      ) : null}
      {inCart ? (
        <div className="cart-bar">
          <Link to="/cart" className="button block">
            {t('store.viewCart', {
              count: cartCount(inCart),
              amount: money(inCart.lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0)),
            })}
          </Link>
        </div>
      ) : null}
    </>
  );
}

/** The store's description as the business wrote it, in the reader's language where given (ADR 0085). */
function StoreDescription({ store }: { store: StorefrontStore }) {
  const local = useLocalText();
  const { text, lang } = local({ en: store.description, hi: store.descriptionHi, kn: store.descriptionKn });
  return (
    <p className="store-description" lang={lang}>
      {text}
    </p>
  );
}
