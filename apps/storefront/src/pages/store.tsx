import { useMemo, useState } from 'react';
import { formatRupees } from '@storedesk/shared/money';
import { formatTimeOfDay } from '@storedesk/shared/dates';
import type { StorefrontCatalogue } from '@storedesk/shared/storefront/schemas';
import { useData } from '@storedesk/web/use-data';
import { useFreshWhileShown } from '@storedesk/web/use-fresh';
import { featuredBadge } from '@storedesk/shared/catalogue/featured';
import { storefrontRefreshMs } from '@storedesk/shared/storefront/page';
import { matchesSearch } from '@storedesk/shared/storefront/search';
import { QuantityControl, VegMark } from '../components/quantity.tsx';
import { ErrorPanel, Spinner } from '@storedesk/web/states';
import { api } from '../lib/api.ts';
import { Link } from '../lib/router.tsx';
import { cart, cartCount, withQuantity } from '../lib/state.ts';

type Item = StorefrontCatalogue['items'][number];

function FeaturedBadge({ featured }: { featured: number }) {
  const badge = featuredBadge(featured);
  return badge ? <span className="pill featured">{badge}</span> : null;
}

export default function StorePage({ storeId }: { storeId: string }) {
  const catalogue = useData(`catalogue:${storeId}`, () =>
    api<StorefrontCatalogue>('GET', `/stores/${storeId}/catalogue`),
  );
  // The store opening or closing, an item selling out: shown without a reload.
  useFreshWhileShown(catalogue.reload, storefrontRefreshMs);
  const current = cart.use();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);

  const shown = useMemo(() => {
    const categoryNames = new Map((catalogue.data?.categories ?? []).map((each) => [each.id, each.name]));
    return (catalogue.data?.items ?? [])
      .filter((item) => (categoryId ? item.categoryId === categoryId : true))
      .filter((item) => matchesSearch(item, categoryNames.get(item.categoryId ?? '') ?? null, search))
      .sort((a, b) => (a.featured || 10) - (b.featured || 10));
  }, [catalogue.data, search, categoryId]);

  if (catalogue.error && !catalogue.data)
    return <ErrorPanel error={catalogue.error} onRetry={catalogue.reload} />;
  if (!catalogue.data) return <Spinner label="Loading the store…" />;
  const { store, categories } = catalogue.data;
  const quantityOf = (item: Item) =>
    current?.storeId === store.id
      ? (current.lines.find((line) => line.itemId === item.id)?.quantity ?? 0)
      : 0;
  const setQuantity = (item: Item, quantity: number) =>
    cart.set(
      withQuantity(
        cart.get(),
        store,
        { itemId: item.id, name: item.name, pricePaise: item.pricePaise, veg: item.veg },
        quantity,
      ),
    );
  const inCart = current?.storeId === store.id ? current : null;
  const otherStoreCart = current && current.storeId !== store.id ? current : null;

  return (
    <>
      <section className="panel store-head">
        <h1>{store.name}</h1>
        <p className="muted">{store.location}</p>
        {store.openNow ? (
          <p className="pill open">
            Open · {formatTimeOfDay(store.openTime)} to {formatTimeOfDay(store.closeTime)}
          </p>
        ) : (
          // The server's reason says it all: the hours when closed by them, else that it takes none.
          <p className="notice inline" role="status">
            {`${store.notice ?? 'This store is not taking orders right now'}. You can look around; ordering opens when the store does.`}
          </p>
        )}
        {otherStoreCart ? (
          <p className="hint">
            Your cart holds items from {otherStoreCart.storeName}: adding an item here starts a new cart.
          </p>
        ) : null}
      </section>
      <div className="search-row">
        <label className="visually-hidden" htmlFor="item-search">
          Search this store
        </label>
        <input
          id="item-search"
          type="search"
          placeholder="Search items"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
        />
      </div>
      {categories.length > 0 ? (
        <nav className="chips" aria-label="Categories">
          <button type="button" aria-pressed={categoryId === null} onClick={() => setCategoryId(null)}>
            All
          </button>
          {categories.map((category) => (
            <button
              key={category.id}
              type="button"
              aria-pressed={categoryId === category.id}
              onClick={() => setCategoryId(category.id)}
            >
              {category.name}
            </button>
          ))}
        </nav>
      ) : null}
      {shown.length === 0 ? (
        <div className="empty">
          <p>{search ? `Nothing here matches “${search.trim()}”.` : 'This store has no items yet.'}</p>
        </div>
      ) : (
        <ul className="list items" aria-label="Items">
          {shown.map((item) => (
            <li key={item.id} className="card item-card">
              {item.imageUrl ? (
                <img src={item.imageUrl} alt="" width={72} height={72} loading="lazy" />
              ) : null}
              <span className="item-text">
                <span className="item-name">
                  <VegMark veg={item.veg} /> {item.name}
                </span>
                <FeaturedBadge featured={item.featured} />
                <span className="price">{formatRupees(item.pricePaise)}</span>
              </span>
              {!store.openNow ? null : item.inStock ? (
                <QuantityControl
                  name={item.name}
                  quantity={quantityOf(item)}
                  onChange={(quantity) => setQuantity(item, quantity)}
                />
              ) : (
                <span className="muted small">Out of stock</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {catalogue.data.truncated ? <p className="hint pad">Search to see more items.</p> : null}
      {inCart ? (
        <div className="cart-bar">
          <Link to="/cart" className="button block">
            View cart · {cartCount(inCart)} {cartCount(inCart) === 1 ? 'item' : 'items'} ·{' '}
            {formatRupees(inCart.lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0))}
          </Link>
        </div>
      ) : null}
    </>
  );
}
