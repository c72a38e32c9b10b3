import { messages } from '@storedesk/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountOf, adminSession, ownerSession, withBusiness } from '@/testing/fixtures.ts';
import { apiError, json, sessionHandler, mockApi, networkFailure } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

async function expectHeading(name: string) {
  expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
}

describe('routes and guards', () => {
  it('sends a signed-out user to the sign-in page', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(null) });
    const { router } = renderApp('/stores');

    expect(await screen.findByRole('button', { name: 'Sign in now' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('lets a signed-out user open onboarding', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(null) });
    const { router } = renderApp('/onboarding');

    await expectHeading('Sign up your business');
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('sends a signed-in user from sign-in and onboarding to the dashboard', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(ownerSession) });
    const { router } = renderApp('/onboarding');

    await expectHeading('Dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    await router.navigate('/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('redirects the root path to the dashboard', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    const { router } = renderApp('/');

    await expectHeading('Dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/zones', '/slides/add', '/admins/a1/edit', '/coupons', '/settings', '/push-notifications'])(
    'sends an admin from the owner-only %s to the dashboard',
    async (path) => {
      mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
      const { router } = renderApp(path);

      await expectHeading('Dashboard');
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('opens owner-only screens for the owner', async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/zones': () => json(200, { items: [], total: 0 }),
    });
    const { router } = renderApp('/zones');

    await expectHeading('Zones');
    expect(router.state.location.pathname).toBe('/zones');
  });

  it('opens the delivery executives screens for an admin (D3)', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    renderApp('/dexs/add');

    await expectHeading('Add Delivery Executive');
  });

  it('shows the not-found page for an unknown path', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(ownerSession) });
    const { router } = renderApp('/no/such/page');

    expect(await screen.findByText(messages.notFoundPage)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/not-found');
  });

  it('shows the not-found page to a signed-out user too', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(null) });
    renderApp('/no/such/page');

    expect(await screen.findByText(messages.notFoundPage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('replaces every route with the expired screen once service has ended', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(withBusiness(ownerSession, { serviceEnded: true })) });
    const { router } = renderApp('/stores');

    expect(await screen.findByText(messages.serviceEnded)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await router.navigate('/not-found');
    expect(screen.getByText(messages.serviceEnded)).toBeInTheDocument();
    expect(screen.queryByText(messages.notFoundPage)).not.toBeInTheDocument();
  });

  it('shows the expired screen when the end date has passed', async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(
        withBusiness(adminSession, { serviceEndsAt: '2020-01-01T00:00:00.000Z' }),
      ),
    });
    renderApp('/dashboard');

    expect(await screen.findByText(messages.serviceEnded)).toBeInTheDocument();
  });

  it('shows the expired screen when a call answers 402', async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/account': () => apiError(402, 'service_ended', messages.serviceEnded),
    });
    renderApp('/account');

    await expectHeading('Service ended');
    expect(screen.getByText(messages.serviceEnded)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('goes to the sign-in page when a call answers 401', async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/account': () => apiError(401, 'unauthenticated', messages.sessionExpired),
    });
    const { router } = renderApp('/account');

    expect(await screen.findByRole('button', { name: 'Sign in now' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it("shows the page's own splash, and nothing of a screen, while the session is being asked for", async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({
      'GET /api/auth/session': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/account': () => json(200, accountOf(ownerSession)),
    });
    renderApp('/account');

    expect(await screen.findByRole('status')).toHaveTextContent('StoredeskLoading the console…');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    answer(json(200, { session: ownerSession }));
    await expectHeading('Account');
    expect(screen.queryByText('Loading the console…')).not.toBeInTheDocument();
  });

  it('says when the server cannot be reached and retries', async () => {
    let reachable = false;
    mockApi({
      'GET /api/auth/session': (call) => (reachable ? sessionHandler(ownerSession)(call) : networkFailure()),
      'GET /api/account': () => json(200, accountOf(ownerSession)),
    });
    const { user } = renderApp('/dashboard');

    expect(await screen.findByText('Could not reach Storedesk')).toBeInTheDocument();
    expect(screen.getByText(messages.unknownError)).toBeInTheDocument();
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await expectHeading('Dashboard');
  });

  it('shows "Something went wrong" in place of a screen that throws, and the next screen again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('broken screen');
    }
    const { router } = renderApp('/broken', {
      routes: [
        { path: '/broken', element: <Broken /> },
        { path: '/fine', element: <h1>Fine</h1> },
      ],
    });

    await expectHeading('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'broken screen' }),
      expect.any(String),
    );
    await router.navigate('/fine');
    await expectHeading('Fine');
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
