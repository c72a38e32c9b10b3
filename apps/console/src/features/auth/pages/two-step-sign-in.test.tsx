import { twoFactorMessages } from '@storedesk/shared/auth/two-factor-messages';
import { messages } from '@storedesk/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownerSession } from '@/testing/fixtures.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const challenge = 'challenge-from-the-server';

function signInWithTwoStep(secondStep: Handler, answer: object = { twoFactorRequired: true, challenge }) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(null),
    'POST /api/auth/sign-in': () => json(200, answer),
    'POST /api/auth/two-factor': secondStep,
    'GET /api/dashboard': () => apiError(500, 'internal', messages.internal),
  });
  return { ...renderApp('/sign-in'), api };
}

async function passPassword(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
  await user.type(screen.getByLabelText('Password'), 'owner-demo-1');
  await user.click(screen.getByRole('button', { name: 'Sign in now' }));
}

describe('the second step of sign-in', () => {
  it('asks for the app’s code after the password, and signs in with it', async () => {
    const { user, api, router } = signInWithTwoStep(() => json(200, { ...ownerSession, token: 'secret' }));
    await passPassword(user);

    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '123 456{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/two-factor').map((call) => call.body)).toEqual([
      { challenge, code: '123456' },
    ]);
  });

  it('checks the code has 6 digits before sending it', async () => {
    const { user, api } = signInWithTwoStep(() => json(200, { ...ownerSession, token: 'secret' }));
    await passPassword(user);

    await user.type(await screen.findByLabelText('Code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(twoFactorMessages.codeRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/auth/two-factor')).toHaveLength(0);
  });

  it('shows a refused code in the page’s alert and lets the person try again', async () => {
    let tries = 0;
    const { user, router } = signInWithTwoStep(() =>
      ++tries === 1
        ? apiError(401, 'unauthenticated', twoFactorMessages.codeWrong)
        : json(200, { ...ownerSession, token: 'secret' }),
    );
    await passPassword(user);

    await user.type(await screen.findByLabelText('Code'), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorMessages.codeWrong);
    expect(router.state.location.pathname).toBe('/sign-in');

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '654321{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('takes a recovery code instead, and switches back', async () => {
    const { user, api, router } = signInWithTwoStep(() => json(200, { ...ownerSession, token: 'secret' }));
    await passPassword(user);

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByText('Enter one of your recovery codes. Each code works once.')).toBeInTheDocument();
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter one of your recovery codes')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/two-factor')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghij{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/two-factor')[0]?.body).toEqual({ challenge, code: 'abcde-fghij' });
  });

  it('says so when too many codes were wrong, and Back returns to the password', async () => {
    const { user } = signInWithTwoStep(() => apiError(429, 'rate_limited', messages.tooManySignInAttempts));
    await passPassword(user);

    await user.type(await screen.findByLabelText('Code'), '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.tooManySignInAttempts);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('heading', { name: 'Two-step sign-in' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('owner@example.com');
    expect(screen.getByRole('button', { name: 'Sign in now' })).toBeEnabled();
  });

  it('sets up the app first when the business requires it, and signs in once the codes are saved', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `code${index}-aaaaa`);
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(null),
      'POST /api/auth/sign-in': () => json(200, { twoFactorEnrolmentRequired: true, challenge }),
      'POST /api/auth/two-factor/enrolment': () =>
        json(200, {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Demo:owner@example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        }),
      'POST /api/auth/two-factor/enrolment/confirm': () =>
        json(200, { ...ownerSession, token: 'secret', recoveryCodes: codes }),
      'GET /api/dashboard': () => apiError(500, 'internal', messages.internal),
    });
    const { user, router } = renderApp('/sign-in');
    await passPassword(user);

    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByText(twoFactorMessages.enrolmentRequired)).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'QR code of the authenticator secret' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Authenticator secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await user.type(screen.getByLabelText('Code from the app'), '123456{Enter}');

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(router.state.location.pathname).toBe('/sign-in');
    const done = screen.getByRole('button', { name: 'Continue' });
    expect(done).toBeDisabled();
    await user.click(screen.getByLabelText('I have saved my recovery codes'));
    await user.click(done);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/two-factor/enrolment')).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/two-factor/enrolment/confirm')[0]?.body).toEqual({
      challenge,
      code: '123456',
    });
  });
});
