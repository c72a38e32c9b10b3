import { passwordResetMessages } from '@storedesk/shared/auth/password-reset';
import { messages } from '@storedesk/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, sessionHandler, mockApi, networkFailure, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const signedOut = { 'GET /api/auth/session': sessionHandler(null) };
const sent = () => json(202, { message: passwordResetMessages.sent });

describe('forgot password page', () => {
  it('is reached from the sign-in page', async () => {
    mockApi(signedOut);
    const { user, router } = renderApp('/sign-in');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('sends the e-mail and shows the neutral message', async () => {
    const api = mockApi({ ...signedOut, 'POST /api/auth/forgot-password': sent });
    const { user } = renderApp('/forgot-password');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveFocus();
    await user.type(email, 'owner@example.com{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(passwordResetMessages.sent);
    expect(api.callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'owner@example.com' });
    await user.click(screen.getByRole('button', { name: 'send another' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('checks the e-mail before sending', async () => {
    const api = mockApi({ ...signedOut, 'POST /api/auth/forgot-password': sent });
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(messages.isRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'owner@');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/forgot-password')).toHaveLength(0);
  });

  it('says so when there were too many requests or the server cannot be reached', async () => {
    mockApi({
      ...signedOut,
      'POST /api/auth/forgot-password': () => apiError(429, 'rate_limited', passwordResetMessages.tooMany),
    });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(passwordResetMessages.tooMany);

    mockApi({ ...signedOut, 'POST /api/auth/forgot-password': networkFailure });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.unknownError));
  });
});

describe('reset password page', () => {
  const open = (token = 'the-token') => renderApp(`/reset-password?token=${token}`);

  async function fill(user: ReturnType<typeof renderApp>['user'], password: string, confirm = password) {
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirm);
  }

  it('sets the new password with the token and offers to sign in', async () => {
    const api = mockApi({ ...signedOut, 'POST /api/auth/reset-password': () => noContent() });
    const { user, router } = open();
    await fill(user, 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed');
    expect(api.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: 'the-token',
      password: 'brand-new-pass',
    });
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('checks the length and the confirmation before saving', async () => {
    const api = mockApi({ ...signedOut, 'POST /api/auth/reset-password': () => noContent() });
    const { user } = open();
    await fill(user, 'short', 'shorter');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.passwordLength)).toBeInTheDocument();
    expect(screen.getByText('Confirm password should be same as password')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'x'.repeat(129));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be at most 128 characters')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it.each([
    [
      'expired',
      400,
      'invalid_input',
      passwordResetMessages.expired,
      { token: passwordResetMessages.expired },
    ],
    ['used', 409, 'conflict', passwordResetMessages.used, undefined],
    [
      'not valid',
      400,
      'invalid_input',
      passwordResetMessages.invalid,
      { token: passwordResetMessages.invalid },
    ],
  ])(
    'says when the link is %s, with a link to ask for a new one',
    async (_, status, code, message, fields) => {
      mockApi({
        ...signedOut,
        'POST /api/auth/reset-password': () => apiError(status, code, message, fields ? { fields } : {}),
      });
      const { user, router } = open();
      await fill(user, 'brand-new-pass');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
      expect(router.state.location.pathname).toBe('/forgot-password');
    },
  );

  it('says the link is not valid when it has no token', async () => {
    mockApi(signedOut);
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(passwordResetMessages.invalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });

  it('keeps the form when the server cannot be reached, and puts a password refusal on the field', async () => {
    mockApi({ ...signedOut, 'POST /api/auth/reset-password': networkFailure });
    const { user } = open();
    await fill(user, 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.unknownError);
    expect(screen.getByLabelText('New password')).toHaveValue('brand-new-pass');

    mockApi({
      ...signedOut,
      'POST /api/auth/reset-password': () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { password: messages.passwordLength },
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.passwordLength)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });
});
