import { useEffect, useState } from 'react';
import type { StorefrontSlide } from '@storedesk/shared/slides/schemas';
import type { StorefrontStore } from '@storedesk/shared/storefront/schemas';
import { storefrontRefreshMs } from '@storedesk/shared/storefront/page';
import { LanguageChooser, useT } from '@storedesk/web/i18n';
import { useData } from '@storedesk/web/use-data';
import { useFreshWhileShown } from '@storedesk/web/use-fresh';
import { PlacePicker } from '../components/place-picker.tsx';
import { ErrorPanel, Spinner } from '@storedesk/web/states';
import { api } from '../lib/api.ts';
import { useClosureText } from '../lib/closure.ts';
import { useLocalText } from '../lib/local-text.ts';
import { useTimeFormat } from '@storedesk/web/times';
import { Link } from '../lib/router.tsx';
import { place, placeFound, placePinned } from '../lib/state.ts';

type NearbyStore = StorefrontStore & { distanceKm: number };

/** The slides, one at a time: swipe or scroll sideways, and they move on by themselves. */
export function Slides() {
  const t = useT();
  const local = useLocalText();
  // A slide's title in the language shown where the business gave it (ADR 0085), else the English.
  const titleOf = (slide: StorefrontSlide) =>
    local({ en: slide.title, hi: slide.titleHi, kn: slide.titleKn });
  const slides = useData('slides', () => api<{ items: StorefrontSlide[] }>('GET', '/slides'));
  const items = slides.data?.items ?? [];
  const [at, setAt] = useState(0);
  useEffect(() => {
    if (items.length < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setAt((n) => (n + 1) % items.length), 5000);
    return () => clearInterval(timer);
  }, [items.length]);
  // While the slides are asked for, their room is kept, so the page does not jump when they come.
  if (slides.data === undefined && !slides.error)
    return <div className="slides slides-pending" aria-hidden="true" />;
  if (items.length === 0) return null;
  const shown = items[at % items.length]!;
  const shownTitle = titleOf(shown);
  return (
    <section className="slides" aria-roledescription="carousel" aria-label={t('home.offers')}>
      <img
        src={shown.imageUrl}
        alt={shownTitle.text}
        lang={shownTitle.lang}
        width={720}
        height={300}
        fetchPriority="high"
      />
      {items.length > 1 ? (
        <div className="slide-dots">
          {items.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              aria-label={t('home.showSlide', { title: titleOf(slide).text })}
              aria-current={index === at % items.length}
              onClick={() => setAt(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

export function StoreCard({ store }: { store: NearbyStore }) {
  const t = useT();
  const { number, timeOfDay } = useTimeFormat();
  const closureText = useClosureText();
  return (
    <li>
      <Link to={`/stores/${store.id}`} className="card store-card">
        {store.imageUrl ? <img src={store.imageUrl} alt="" width={64} height={64} loading="lazy" /> : null}
        <span className="store-text">
          <strong>{store.name}</strong>
          <span className="muted">
            {t('home.whereStore', { location: store.location, distance: number(store.distanceKm) })}
          </span>
          {store.openNow ? (
            <span className="pill open">{t('home.openNow')}</span>
          ) : store.deliversInSlots ? (
            <span className="pill closed">{t('home.orderForLater')}</span>
          ) : (
            <span className="pill closed">
              {closureText(store.closure) ?? t('home.opens', { time: timeOfDay(store.openTime) })}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

function NearbyStores({ lat, lng }: { lat: number; lng: number }) {
  const t = useT();
  const stores = useData(`stores:${lat},${lng}`, () =>
    api<{ items: NearbyStore[] }>('GET', `/stores?lat=${lat}&lng=${lng}`),
  );
  // A store the business opens or closes shows so without a reload.
  useFreshWhileShown(stores.reload, storefrontRefreshMs);
  if (stores.error && !stores.data) return <ErrorPanel error={stores.error} onRetry={stores.reload} />;
  if (!stores.data) return <Spinner label={t('home.finding')} />;
  if (stores.data.items.length === 0) {
    return (
      <div className="empty">
        <p>
          <strong>{t('home.noStore')}</strong>
        </p>
        <p className="muted">{t('home.noStoreHint')}</p>
      </div>
    );
  }
  return (
    <ul className="list" aria-label={t('home.storesHere')}>
      {stores.data.items.map((store) => (
        <StoreCard key={store.id} store={store} />
      ))}
    </ul>
  );
}

export function HomePage() {
  const current = place.use();
  const [changing, setChanging] = useState(false);
  const t = useT();
  return (
    <>
      <Slides />
      <section className="panel" aria-labelledby="deliver-to">
        <h1 id="deliver-to" className="section-title">
          {t(current ? 'home.deliveringTo' : 'home.whereTo')}
        </h1>
        {current && !changing ? (
          <div className="place-line">
            <span>
              {current.label === placeFound
                ? t('place.current')
                : current.label === placePinned
                  ? t('place.pinned')
                  : current.label}
            </span>
            <button type="button" className="text-button" onClick={() => setChanging(true)}>
              {t('home.change')}
            </button>
          </div>
        ) : (
          <PlacePicker onDone={() => setChanging(false)} />
        )}
      </section>
      {current ? (
        <section aria-labelledby="stores-near">
          <h2 id="stores-near" className="section-title pad">
            {t('home.storesNear')}
          </h2>
          <NearbyStores lat={current.lat} lng={current.lng} />
        </section>
      ) : null}
      <section className="panel">
        <LanguageChooser />
      </section>
    </>
  );
}
