import { twoFactorMessages } from '@storedesk/shared/auth/two-factor-messages';
import { messages } from '@storedesk/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePasskeyBrowser, removeFakePasskeyBrowser } from '@/testing/fake-webauthn.ts';
import { ownerSession } from '@/testing/fixtures.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * Signing in with a passkey (ADR 0049) on the sign-in page, with a browser whose
 * `navigator.credentials.get` answers as a phone's passkey would, or is cancelled.
 */

const requestOptions = {
  challenge: 'AQID',
  rpId: 'localhost',
  userVerification: 'required',
  allowCredentials: [{ id: 'BAUG', type: 'public-key' }],
};

afterEach(removeFakePasskeyBrowser);

function render(handlers: Record<string, Handler>) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(null),
    'GET /api/dashboard': () => apiError(500, 'internal', messages.internal),
    ...handlers,
  });
  return { ...renderApp('/sign-in'), api };
}

const signedIn = () => json(200, { ...ownerSession, token: 'secret' });
const expectedCredential = {
  id: 'CgsM',
  rawId: 'CgsM',
  type: 'public-key',
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
  response: { clientDataJSON: 'e30', authenticatorData: 'AQI', signature: 'Aw', userHandle: 'dQ' },
};

describe('signing in with a passkey', () => {
  it('asks the browser with the server’s options and signs in with its answer, no e-mail or password typed', async () => {
    const { get } = fakePasskeyBrowser();
    const { user, api, router } = render({
      'POST /api/auth/passkey/options': () => json(200, { options: requestOptions }),
      'POST /api/auth/passkey': signedIn,
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const publicKey = (get.mock.calls[0] as unknown as [{ publicKey: Record<string, unknown> }])[0].publicKey;
    expect(new Uint8Array(publicKey.challenge as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    expect(new Uint8Array((publicKey.allowCredentials as { id: ArrayBuffer }[])[0]!.id)).toEqual(
      new Uint8Array([4, 5, 6]),
    );
    expect(api.callsTo('POST /api/auth/passkey').map((call) => call.body)).toEqual([
      { credential: expectedCredential },
    ]);
  });

  it('says so when the prompt is cancelled, and when the server refuses the passkey, staying on the page', async () => {
    fakePasskeyBrowser(new DOMException('Not allowed', 'NotAllowedError'));
    const { user, api, router } = render({
      'POST /api/auth/passkey/options': () => json(200, { options: requestOptions }),
      'POST /api/auth/passkey': () => apiError(401, 'unauthenticated', twoFactorMessages.passkeyNotAccepted),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorMessages.passkeyCancelled);
    expect(api.callsTo('POST /api/auth/passkey')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/sign-in');

    fakePasskeyBrowser();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(twoFactorMessages.passkeyNotAccepted),
    );
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('says to open the console by its name when the browser refuses the address (an IP address)', async () => {
    fakePasskeyBrowser(new DOMException('This is an invalid domain.', 'SecurityError'));
    const { user } = render({
      'POST /api/auth/passkey/options': () =>
        json(200, { options: { ...requestOptions, rpId: '127.0.0.1' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorMessages.passkeyWrongAddress);
  });

  it('says so in a browser without passkeys', async () => {
    const { user } = render({
      'POST /api/auth/passkey/options': () => json(200, { options: requestOptions }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorMessages.passkeyUnsupported);
  });

  it('offers a passkey at the second step only to a person who has one, with the challenge', async () => {
    fakePasskeyBrowser();
    const { user, api, router } = render({
      'POST /api/auth/sign-in': () =>
        json(200, { twoFactorRequired: true, challenge: 'the-challenge', passkey: true }),
      'POST /api/auth/two-factor/passkey/options': () => json(200, { options: requestOptions }),
      'POST /api/auth/two-factor/passkey': signedIn,
    });
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'owner-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in now' }));
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/two-factor/passkey/options').map((call) => call.body)).toEqual([
      { challenge: 'the-challenge' },
    ]);
    expect(api.callsTo('POST /api/auth/two-factor/passkey').map((call) => call.body)).toEqual([
      { challenge: 'the-challenge', credential: expectedCredential },
    ]);
  });

  it('offers none at the second step to a person without one', async () => {
    fakePasskeyBrowser();
    const { user } = render({
      'POST /api/auth/sign-in': () => json(200, { twoFactorRequired: true, challenge: 'c', passkey: false }),
    });
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'owner-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in now' }));
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });
});
