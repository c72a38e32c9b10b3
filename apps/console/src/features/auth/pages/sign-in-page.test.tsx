import { messages } from '@storedesk/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountOf, ownerSession } from '../../../testing/fixtures.ts';
import { apiError, json, sessionHandler, mockApi, networkFailure } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

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
});
