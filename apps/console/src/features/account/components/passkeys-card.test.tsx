import { accountMessages } from '@storedesk/shared/account/schemas';
import type { Passkey } from '@storedesk/shared/auth/passkeys';
import { twoFactorMessages } from '@storedesk/shared/auth/two-factor-messages';
import type { MeResponse } from '@storedesk/shared/auth/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePasskeyBrowser, removeFakePasskeyBrowser } from '@/testing/fake-webauthn.ts';
import { accountOf, adminSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, noContent, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const phone: Passkey = {
  id: '8a1f0c56-3f0e-4d38-9d0a-1d2c3b4a5f60',
  name: 'My phone',
  // 18:30 and 09:45 in Kolkata, the business's time zone.
  createdAt: '2026-11-20T13:00:00.000Z',
  lastUsedAt: '2026-11-26T04:15:00.000Z',
};

const creationOptions = {
  challenge: 'AQID',
  rp: { id: 'localhost', name: 'Demo' },
  user: { id: 'dXNlcg', name: 'admin@example.test', displayName: 'Admin' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  excludeCredentials: [{ id: 'BAUG', type: 'public-key' }],
};

afterEach(removeFakePasskeyBrowser);

function renderCard(session: MeResponse, handlers: Record<string, Handler>) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/account': () => json(200, accountOf(session)),
    'GET /api/account/two-factor': () =>
      json(200, { totpEnabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false }),
    ...handlers,
  });
  return { ...renderApp('/account'), api };
}

const card = async () => screen.findByRole('region', { name: 'Passkeys' });

describe('the Account page’s passkeys', () => {
  it('lists each passkey with when it was added and last used, in the business’s time zone', async () => {
    fakePasskeyBrowser();
    renderCard(adminSession, { 'GET /api/account/passkeys': () => json(200, { passkeys: [phone] }) });
    const section = await card();
    const item = within(section).getByRole('listitem');
    expect(item).toHaveTextContent('My phone');
    expect(item).toHaveTextContent('Added 20/11/2026 06:30 PM · last used 26/11/2026 09:45 AM');
  });

  it('says when there are none, and when the browser cannot make them', async () => {
    renderCard(adminSession, { 'GET /api/account/passkeys': () => json(200, { passkeys: [] }) });
    const section = await card();
    expect(within(section).getByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(within(section).getByText('This browser cannot make passkeys.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('adds one: name and password, the browser’s prompt with the server’s options, then the credential as JSON', async () => {
    const { create } = fakePasskeyBrowser();
    let list: Passkey[] = [];
    const { user, api } = renderCard(adminSession, {
      'GET /api/account/passkeys': () => json(200, { passkeys: list }),
      'POST /api/account/passkeys/options': (call) =>
        (call.body as { currentPassword: string }).currentPassword === 'right-password'
          ? json(200, { options: creationOptions })
          : apiError(403, 'forbidden', accountMessages.currentPasswordWrong, {
              fields: { currentPassword: accountMessages.currentPasswordWrong },
            }),
      'POST /api/account/passkeys': (call) => {
        const body = call.body as { name: string };
        list = [{ ...phone, name: body.name, lastUsedAt: null }];
        return json(201, list[0]);
      },
    });
    const section = await card();
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Give it a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter your current password')).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/passkeys/options')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Work laptop');
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong{Enter}');
    expect(await within(dialog).findByText(accountMessages.currentPasswordWrong)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'right-password{Enter}');

    await waitFor(() => expect(api.callsTo('POST /api/account/passkeys')).toHaveLength(1));
    const publicKey = (create.mock.calls[0] as unknown as [{ publicKey: Record<string, unknown> }])[0]
      .publicKey;
    expect(new Uint8Array(publicKey.challenge as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    expect(new TextDecoder().decode((publicKey.user as { id: ArrayBuffer }).id)).toBe('user');
    expect(new Uint8Array((publicKey.excludeCredentials as { id: ArrayBuffer }[])[0]!.id)).toEqual(
      new Uint8Array([4, 5, 6]),
    );
    expect(api.callsTo('POST /api/account/passkeys')[0]!.body).toEqual({
      name: 'Work laptop',
      credential: {
        id: 'CgsM',
        rawId: 'CgsM',
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: { clientDataJSON: 'e30', attestationObject: '__4', transports: ['internal'] },
      },
    });
    expect(await screen.findByText('Passkey “Work laptop” added')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await within(section).findByText('Work laptop')).toBeInTheDocument();
  });

  it('says so when the person cancels the browser’s prompt, and adds nothing', async () => {
    fakePasskeyBrowser(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const { user, api } = renderCard(adminSession, {
      'GET /api/account/passkeys': () => json(200, { passkeys: [] }),
      'POST /api/account/passkeys/options': () => json(200, { options: creationOptions }),
    });
    const section = await card();
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText('Name'), 'Phone');
    await user.type(within(dialog).getByLabelText('Current password'), 'right-password{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(twoFactorMessages.passkeyCancelled);
    expect(api.callsTo('POST /api/account/passkeys')).toHaveLength(0);
  });

  it('removes one after the password, naming it', async () => {
    fakePasskeyBrowser();
    let list = [phone];
    const { user, api } = renderCard(adminSession, {
      'GET /api/account/passkeys': () => json(200, { passkeys: list }),
      [`DELETE /api/account/passkeys/${phone.id}`]: () => {
        list = [];
        return noContent();
      },
    });
    const section = await card();
    await user.click(within(section).getByRole('button', { name: 'Remove My phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey' });
    expect(dialog).toHaveTextContent('“My phone” will no longer sign you in.');
    await user.type(within(dialog).getByLabelText('Current password'), 'right-password{Enter}');
    await waitFor(() =>
      expect(api.callsTo(`DELETE /api/account/passkeys/${phone.id}`)[0]?.body).toEqual({
        currentPassword: 'right-password',
      }),
    );
    expect(await screen.findByText('Passkey “My phone” removed')).toBeInTheDocument();
    expect(await within(section).findByText('You have no passkeys yet.')).toBeInTheDocument();
  });
});

describe('passkeys in the language chosen', () => {
  it('speaks Hindi: the card, a passkey’s dates, Remove, and the add dialog’s fields and checks', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    fakePasskeyBrowser();
    const { user, api } = renderCard(adminSession, {
      'GET /api/account/passkeys': () => json(200, { passkeys: [phone] }),
    });
    const section = await screen.findByRole('region', { name: 'पासकी' });
    expect(
      within(section).getByText(
        'पासकी से आप पासवर्ड के बजाय अपने फ़िंगरप्रिंट, चेहरे या स्क्रीन लॉक से साइन इन करते हैं। दो-चरण साइन-इन चालू हो तो यह कोड की जगह भी काम करती है।',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByRole('listitem')).toHaveTextContent(
      '20/11/2026, 06:30 pm को जोड़ी · आख़िरी बार 26/11/2026, 09:45 am को इस्तेमाल हुई',
    );
    expect(within(section).getByRole('button', { name: 'My phone हटाएँ' })).toHaveTextContent('हटाएँ');

    await user.click(within(section).getByRole('button', { name: 'पासकी जोड़ें' }));
    const dialog = await screen.findByRole('dialog', { name: 'पासकी जोड़ें' });
    expect(within(dialog).getByLabelText('नाम')).toHaveAccessibleDescription('जैसे, “ऑफ़िस लैपटॉप” या “मेरा फ़ोन”');
    await user.click(within(dialog).getByRole('button', { name: 'आगे बढ़ें' }));
    expect(within(dialog).getByText('इसे एक नाम दें')).toBeInTheDocument();
    expect(within(dialog).getByText('अपना मौजूदा पासवर्ड डालें')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('मौजूदा पासवर्ड')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/account/passkeys/options')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'रद्द करें' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('speaks Hindi when there are none and the browser cannot make them', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderCard(adminSession, { 'GET /api/account/passkeys': () => json(200, { passkeys: [] }) });
    const section = await screen.findByRole('region', { name: 'पासकी' });
    expect(within(section).getByText('आपकी अभी कोई पासकी नहीं है।')).toBeInTheDocument();
    expect(within(section).getByText('यह ब्राउज़र पासकी नहीं बना सकता।')).toBeInTheDocument();
  });
});
