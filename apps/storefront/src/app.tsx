import { lazy } from 'react';
import type { StorefrontBusinessProfile } from '@storedesk/shared/storefront/schemas';
import { Content } from '@storedesk/web/content';
import { FormattedMessage, useT } from '@storedesk/web/i18n';
import { useOnline } from '@storedesk/web/online';
import { useData } from '@storedesk/web/use-data';
import { BusinessContext } from './business.ts';
import { config } from './config.ts';
import { api } from './lib/api.ts';
import { useLanguageTold } from './lib/language-told.ts';
import { Link, useLocation } from './lib/router.tsx';
import { cart, cartCount, session } from './lib/state.ts';
import { HomePage } from './pages/home.tsx';
import { ErrorPanel, Spinner } from '@storedesk/web/states';

// The first screen is the home page; the rest load when they are opened.
const StorePage = lazy(() => import('./pages/store.tsx'));
const CartPage = lazy(() => import('./pages/cart.tsx'));
const SignInPage = lazy(() => import('./pages/sign-in.tsx'));
const OrdersPage = lazy(() => import('./pages/orders.tsx'));
const OrderPage = lazy(() => import('./pages/order.tsx'));

function NotFound() {
  const t = useT();
  return (
    <section className="panel">
      <h1>{t('app.notFound')}</h1>
      <p>
        <Link to="/">{t('app.goToShop')}</Link>
      </p>
    </section>
  );
}

function Page({ path }: { path: string }) {
  const store = /^\/stores\/([\w-]+)$/.exec(path);
  if (store) return <StorePage storeId={store[1]!} />;
  const order = /^\/orders\/([\w-]+)$/.exec(path);
  if (order) return <OrderPage orderId={order[1]!} />;
  switch (path) {
    case '/':
      return <HomePage />;
    case '/cart':
      return <CartPage />;
    case '/sign-in':
      return <SignInPage />;
    case '/orders':
      return <OrdersPage />;
    default:
      return <NotFound />;
  }
}

function Header({ business }: { business: StorefrontBusinessProfile }) {
  const count = cartCount(cart.use());
  const signedIn = session.use();
  const t = useT();
  return (
    <header className="bar">
      <Link to="/" className="brand">
        {business.logoUrl ? <img src={business.logoUrl} alt="" width={32} height={32} /> : null}
        <span>{business.name}</span>
      </Link>
      <nav className="bar-actions" aria-label={t('app.yourShopping')}>
        <Link to={signedIn ? '/orders' : '/sign-in?next=/orders'} className="bar-link">
          {t('app.orders')}
        </Link>
        <Link to="/cart" className="bar-link cart-link" aria-label={t('app.cartLabel', { count })}>
          {t('app.cart')}
          {count > 0 ? <span className="badge">{count}</span> : null}
        </Link>
      </nav>
    </header>
  );
}

/** Said on every screen while the phone is offline: what shows is what was kept from before. */
function OfflineNotice() {
  return (
    <div className="notice offline" role="status">
      <FormattedMessage id="app.offline" values={{ b: (words) => <strong>{words}</strong> }} />
    </div>
  );
}

export function App() {
  const { path } = useLocation();
  const online = useOnline();
  const t = useT();
  useLanguageTold();
  const business = useData(config ? 'business' : null, () =>
    api<StorefrontBusinessProfile>('GET', '/business'),
  );
  if (!config) {
    return (
      <main className="panel">
        <h1>{t('app.cannotStart')}</h1>
        <p>{t('app.openFromLink')}</p>
      </main>
    );
  }
  if (!business.data) {
    return (
      <main className="panel" aria-busy={business.loading}>
        {online ? null : <OfflineNotice />}
        {business.error ? (
          <ErrorPanel error={business.error} onRetry={business.reload} />
        ) : (
          <Spinner label={t('app.loading')} />
        )}
      </main>
    );
  }
  return (
    <BusinessContext.Provider value={business.data}>
      <Header business={business.data} />
      {online ? null : <OfflineNotice />}
      {business.data.live ? null : (
        <div className="notice" role="status">
          <FormattedMessage id="app.notLive" values={{ b: (words) => <strong>{words}</strong> }} />
        </div>
      )}
      <Content path={path}>
        <Page path={path} />
      </Content>
    </BusinessContext.Provider>
  );
}
