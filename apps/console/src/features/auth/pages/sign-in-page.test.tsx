import { messages } from '@storedesk/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountOf, ownerSession } from '@/testing/fixtures.ts';
import { apiError, json, sessionHandler, mockApi, networkFailure } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const signedOut = { 'GET /api/auth/session': sessionHandler(null) };

async function fillIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

describe('sign-in page', () => {
  it('shows "is required" only once a field has been touched', async () => {
    mockApi(signedOut);
    const { user } = renderApp('/sign-in');

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveFocus();
    expect(screen.queryByText(messages.isRequired)).not.toBeInTheDocument();

    await user.tab();
    expect(await screen.findByText(messages.isRequired)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');

    await user.tab();
    await waitFor(() => expect(screen.getAllByText(messages.isRequired)).toHaveLength(2));
  });

  it('says when the email is not valid or too long', async () => {
    mockApi(signedOut);
    const { user } = renderApp('/sign-in');

    await user.type(await screen.findByLabelText('Email'), 'owner@');
    await user.tab();
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), `${'a'.repeat(60)}@example.com`);
    expect(await screen.findByText('must be at most 64 characters')).toBeInTheDocument();
  });

  it('keeps "Sign in now" disabled until the form is valid', async () => {
    mockApi(signedOut);
    const { user } = renderApp('/sign-in');

    const button = await screen.findByRole('button', { name: 'Sign in now' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'owner-demo-1');
    await waitFor(() => expect(button).toBeEnabled());
    await user.clear(screen.getByLabelText('Email'));
    await waitFor(() => expect(button).toBeDisabled());
  });

  it('sends nothing when an unfinished form is submitted anyway, shows every message and moves to the first', async () => {
    const api = mockApi(signedOut);
    const { user } = renderApp('/sign-in');

    await user.type(await screen.findByLabelText('Password'), 'owner-demo-1');
    // "Sign in now" is disabled, so only a script or an assistive tool can send the form now.
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in now' }).closest('form')!);

    expect(await screen.findByText(messages.isRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api.callsTo('POST /api/auth/sign-in')).toHaveLength(0);
  });

  it("shows the server's message in a banner when sign-in is refused", async () => {
    const api = mockApi({
      ...signedOut,
      'POST /api/auth/sign-in': () => apiError(401, 'unauthenticated', messages.badCredentials),
    });
    const { user } = renderApp('/sign-in');

    await fillIn(user, 'owner@example.com', 'wrong-password');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.badCredentials);
    expect(api.callsTo('POST /api/auth/sign-in')[0]?.body).toEqual({
      email: 'owner@example.com',
      password: 'wrong-password',
    });
    expect(screen.getByRole('button', { name: 'Sign in now' })).toBeEnabled();
  });

  it("sends the email trimmed, puts the server's field message under its field, and drops it once the field changes", async () => {
    const api = mockApi({
      ...signedOut,
      'POST /api/auth/sign-in': () =>
        apiError(400, 'invalid_input', messages.invalidInput, { fields: { email: messages.invalidEmail } }),
    });
    const { user } = renderApp('/sign-in');

    await fillIn(user, '  owner@example.co', 'owner-demo-1');
    await user.keyboard('{Enter}');

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(messages.invalidEmail)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
    expect(api.callsTo('POST /api/auth/sign-in')[0]?.body).toEqual({
      email: 'owner@example.co',
      password: 'owner-demo-1',
    });

    await user.type(email, 'm');
    expect(screen.queryByText(messages.invalidEmail)).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the permission message for staff who may not sign in', async () => {
    mockApi({
      ...signedOut,
      'POST /api/auth/sign-in': () => apiError(403, 'forbidden', messages.noPermissionToSignIn),
    });
    const { user } = renderApp('/sign-in');

    await fillIn(user, 'dex@example.com', 'dex-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noPermissionToSignIn);
  });

  it('shows "Unknown error occured" when the server cannot be reached', async () => {
    mockApi({ ...signedOut, 'POST /api/auth/sign-in': networkFailure });
    const { user } = renderApp('/sign-in');

    await fillIn(user, 'owner@example.com', 'owner-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.unknownError);
  });

  it('is disabled and says so while signing in, then opens the dashboard', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({
      ...signedOut,
      'POST /api/auth/sign-in': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user, router } = renderApp('/sign-in');

    await fillIn(user, 'owner@example.com', 'owner-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in now' }));

    const busy = await screen.findByRole('button', { name: /Signing in/ });
    expect(busy).toBeDisabled();

    answer(json(200, { ...ownerSession, token: 'secret' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('returns to the page first asked for', async () => {
    mockApi({
      ...signedOut,
      'POST /api/auth/sign-in': () => json(200, { ...ownerSession, token: 'secret' }),
      'GET /api/account': () => json(200, accountOf(ownerSession)),
    });
    const { user, router } = renderApp('/account');

    await fillIn(user, 'owner@example.com', 'owner-demo-1');
    expect(router.state.location.pathname).toBe('/sign-in');
    await user.click(screen.getByRole('button', { name: 'Sign in now' }));

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Olivia Owner')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });

  describe('an e-mail that signs in to several businesses (ADR 0033)', () => {
    const choice = {
      chooseBusiness: [
        { id: '0b6c3c1e-59d0-4a43-9d70-0f7d4f0c2a11', name: 'Alpha Grocers' },
        { id: ownerSession.business.id, name: ownerSession.business.name },
      ],
    };

    it('asks which one, and signs in to the one chosen with the same e-mail and password', async () => {
      const api = mockApi({
        ...signedOut,
        'POST /api/auth/sign-in': (request) =>
          (request.body as { businessId?: string }).businessId
            ? json(200, { ...ownerSession, token: 'secret' })
            : json(200, choice),
      });
      const { user, router } = renderApp('/sign-in');

      await fillIn(user, 'owner@example.com', 'owner-demo-1');
      await user.keyboard('{Enter}');

      const chooser = await screen.findByRole('region', { name: 'Choose a business' });
      const first = within(chooser).getByRole('button', { name: 'Alpha Grocers' });
      await waitFor(() => expect(first).toHaveFocus());
      expect(screen.queryByRole('button', { name: 'Sign in now' })).not.toBeInTheDocument();
      await user.click(within(chooser).getByRole('button', { name: ownerSession.business.name }));

      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(api.callsTo('POST /api/auth/sign-in').map((call) => call.body)).toEqual([
        { email: 'owner@example.com', password: 'owner-demo-1' },
        { email: 'owner@example.com', password: 'owner-demo-1', businessId: ownerSession.business.id },
      ]);
    });

    it('Back returns to the form with what was typed', async () => {
      mockApi({ ...signedOut, 'POST /api/auth/sign-in': () => json(200, choice) });
      const { user } = renderApp('/sign-in');

      await fillIn(user, 'owner@example.com', 'owner-demo-1');
      await user.keyboard('{Enter}');
      const chooser = await screen.findByRole('region', { name: 'Choose a business' });
      await user.click(within(chooser).getByRole('button', { name: 'Back' }));

      expect(screen.queryByRole('region', { name: 'Choose a business' })).not.toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('owner@example.com');
      expect(screen.getByLabelText('Password')).toHaveValue('owner-demo-1');
      expect(screen.getByRole('button', { name: 'Sign in now' })).toBeEnabled();
    });
  });
});
