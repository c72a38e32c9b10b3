import { lazy, useEffect } from 'react';
import type { DeliverySession } from '@storedesk/shared/delivery/schemas';
import { knowOffsetSpan } from '@storedesk/shared/dates';
import { Content } from '@storedesk/web/content';
import { FormattedMessage, useT } from '@storedesk/web/i18n';
import { DutySwitch } from './components/duty-switch.tsx';
import { api } from './lib/api.ts';
import { useBusinessColours } from './lib/colours.ts';
import { useLiveOrders } from './lib/live.ts';
import { useLocationSharing } from './lib/location.ts';
import { useOnline } from '@storedesk/web/online';
import { Link, useLocation } from './lib/router.tsx';
import { session, updateSession, type Session } from './lib/session.ts';
import { HomePage } from './pages/home.tsx';
import { SignInPage } from './pages/sign-in.tsx';

// The first screens are the list and the sign-in; the rest load when they are opened.
const OrderPage = lazy(() => import('./pages/order.tsx'));
const EarningsPage = lazy(() => import('./pages/earnings.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password.tsx'));

function NotFound() {
  const t = useT();
  return (
    <section className="panel">
      <h1>{t('app.notFound')}</h1>
      <p>
        <Link to="/">{t('app.goToOrders')}</Link>
      </p>
    </section>
  );
}

function SignedInPage({ path }: { path: string }) {
  const order = /^\/orders\/([\w-]+)$/.exec(path);
  if (order) return <OrderPage orderId={order[1]!} />;
  if (path === '/') return <HomePage />;
  if (path === '/earnings') return <EarningsPage />;
  if (path === '/reset-password') return <ResetPasswordPage />;
  return <NotFound />;
}

function SignedOutPage({ path }: { path: string }) {
  if (path === '/forgot-password') return <ForgotPasswordPage />;
  if (path === '/reset-password') return <ResetPasswordPage />;
  // Any other address asks for sign-in first, and opens once signed in (a notification's order).
  return <SignInPage />;
}

function Header({ signedIn }: { signedIn: Session }) {
  return (
    <header className="bar">
      <Link to="/" className="brand">
        {signedIn.business.name}
      </Link>
      <DutySwitch onDuty={signedIn.onDuty} />
    </header>
  );
}

/** What the server says of the session now (duty set elsewhere, the business renamed or recoloured). */
function useSessionCheck(token: string | null) {
  useEffect(() => {
    if (!token) return;
    api<DeliverySession>('GET', '/session').then(
      ({ user, business, onDuty }) => updateSession({ user, business, onDuty }),
      () => {
        // A 401 has signed the executive out already; anything else keeps what the phone knows.
      },
    );
  }, [token]);
}

export function App() {
  const { path } = useLocation();
  const signedIn = session.use();
  const token = signedIn?.token ?? null;
  const online = useOnline();
  useBusinessColours(signedIn?.business.theme);
  // The business's clock read without `Intl` where the server's span holds (ADR 0097).
  if (signedIn) knowOffsetSpan(signedIn.business.timeZone, signedIn.business.utcOffset);
  useSessionCheck(token);
  useLiveOrders(token);
  // On every screen while on duty: the order's page is where the position matters most.
  useLocationSharing(signedIn?.onDuty ?? false, token);

  return (
    <>
      {signedIn ? <Header signedIn={signedIn} /> : null}
      {online ? null : (
        <div className="notice offline" role="status">
          <FormattedMessage id="app.offline" values={{ b: (words) => <strong>{words}</strong> }} />
        </div>
      )}
      <Content path={path} token={token}>
        {signedIn ? <SignedInPage path={path} /> : <SignedOutPage path={path} />}
      </Content>
    </>
  );
}
