import { accountMessages } from '@storedesk/shared/account/schemas';
import { twoFactorMessages } from '@storedesk/shared/auth/two-factor-messages';
import { type TwoFactorStatus } from '@storedesk/shared/auth/two-factor';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountOf, adminSession, ownerSession } from '@/testing/fixtures.ts';
import type { MeResponse } from '@storedesk/shared/auth/schemas';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, noContent, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const off: TwoFactorStatus = { totpEnabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
const on: TwoFactorStatus = {
  totpEnabled: true,
  // 18:30 in Kolkata, the business's time zone.
  enabledAt: '2026-11-20T13:00:00.000Z',
  recoveryCodesLeft: 7,
  required: false,
};
const codes = Array.from({ length: 10 }, (_, index) => `abcd${index}-efghi`);

function renderCard(session: MeResponse, handlers: Record<string, Handler>) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/account': () => json(200, accountOf(session)),
    'GET /api/account/passkeys': () => json(200, { passkeys: [] }),
    ...handlers,
  });
  return { ...renderApp('/account'), api };
}

const card = async () => screen.findByRole('region', { name: 'Two-step sign-in' });

describe('the Account page’s two-step sign-in', () => {
  it('turns on: password, the secret as a QR code and text, the first code, then the codes saved', async () => {
    let status = off;
    const { user, api } = renderCard(adminSession, {
      'GET /api/account/two-factor': () => json(200, status),
      'POST /api/account/two-factor/totp': (call) =>
        (call.body as { currentPassword: string }).currentPassword === 'right-password'
          ? json(200, {
              secret: 'JBSWY3DPEHPK3PXP',
              otpauthUrl: 'otpauth://totp/Demo:a?secret=JBSWY3DPEHPK3PXP',
            })
          : apiError(403, 'forbidden', accountMessages.currentPasswordWrong, {
              fields: { currentPassword: accountMessages.currentPasswordWrong },
            }),
      'POST /api/account/two-factor/totp/confirm': () => {
        status = { ...on, recoveryCodesLeft: 10 };
        return json(200, { recoveryCodes: codes });
      },
    });
    const section = await card();
    expect(within(section).getByText(/^Off\./)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));

    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step sign-in' });
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong{Enter}');
    expect(await within(dialog).findByText(accountMessages.currentPasswordWrong)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'right-password{Enter}');

    expect(
      await within(dialog).findByRole('img', { name: 'QR code of the authenticator secret' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Authenticator secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(within(dialog).getByLabelText('Code from the app'), '12345{Enter}');
    expect(await within(dialog).findByText(twoFactorMessages.codeRequired)).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/two-factor/totp/confirm')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Code from the app'), '6{Enter}');

    const saving = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const list = within(saving).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    const done = within(saving).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(saving).getByLabelText('I have saved my recovery codes'));
    await user.click(done);

    expect(await screen.findByText('Two-step sign-in is on')).toBeInTheDocument();
    expect(await within(await card()).findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/two-factor/totp/confirm')[0]?.body).toEqual({ code: '123456' });
    // A journey of many keystrokes: slow on a busy machine.
  }, 40_000);

  it('shows since when it is on, in the business’s time zone, and turns off with the password after a warning', async () => {
    let status = on;
    const { user, api } = renderCard(adminSession, {
      'GET /api/account/two-factor': () => json(200, status),
      'DELETE /api/account/two-factor': () => {
        status = off;
        return noContent();
      },
    });
    const section = await card();
    expect(within(section).getByText(/^On since 20\/11\/2026 06:30 PM/)).toBeInTheDocument();
    expect(within(section).getByText('7 recovery codes left.')).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' });
    expect(
      within(dialog).getByText(/removes your authenticator app and your recovery codes/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Enter your current password')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Current password'), 'right-password{Enter}');

    expect(await screen.findByText('Two-step sign-in is off')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/account/two-factor')[0]?.body).toEqual({
      currentPassword: 'right-password',
    });
    expect(await within(await card()).findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  }, 40_000);

  it('gives the owner the switch that requires it of all staff', async () => {
    let required = false;
    const { user, api } = renderCard(ownerSession, {
      'GET /api/account/two-factor': () => json(200, { ...off, required }),
      'GET /api/settings/two-factor': () => json(200, { required, version: 4 }),
      'PUT /api/settings/two-factor': (call) => {
        required = (call.body as { required: boolean }).required;
        return json(200, { required, version: 5 });
      },
    });
    const toggle = await within(await card()).findByRole('switch', {
      name: 'Require two-step sign-in for all staff',
    });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    expect(await screen.findByText('Two-step sign-in is required of all staff')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(api.callsTo('PUT /api/settings/two-factor')[0]?.body).toEqual({ required: true, version: 4 });
  });

  it('says what failed when the state cannot be loaded, and retries', async () => {
    let fail = true;
    const { user } = renderCard(adminSession, {
      'GET /api/account/two-factor': () =>
        fail ? apiError(500, 'internal', 'Something went wrong') : json(200, off),
    });
    expect(await screen.findByText('Could not load two-step sign-in')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await card()).findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });
});

describe('two-step sign-in in the language chosen', () => {
  it('speaks Hindi: the card, since when it is on, the owner’s switch, and turning it off', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    let status = on;
    const { user } = renderCard(ownerSession, {
      'GET /api/account/two-factor': () => json(200, status),
      'GET /api/settings/two-factor': () => json(200, { required: false, version: 4 }),
      'DELETE /api/account/two-factor': () => {
        status = off;
        return noContent();
      },
    });
    const section = await screen.findByRole('region', { name: 'दो-चरण साइन-इन' });
    expect(
      within(section).getByText(
        '20/11/2026, 06:30 pm से चालू: साइन इन करते समय पासवर्ड के बाद आपके ऑथेंटिकेटर ऐप का कोड माँगा जाता है।',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByText('7 रिकवरी कोड बचे हैं।')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'नए रिकवरी कोड' })).toBeInTheDocument();
    expect(
      await within(section).findByRole('switch', { name: 'सभी स्टाफ़ के लिए दो-चरण साइन-इन ज़रूरी करें' }),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'बंद करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'दो-चरण साइन-इन बंद करें' });
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'बंद करें' }));
    expect(await within(dialog).findByText('अपना मौजूदा पासवर्ड डालें')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('मौजूदा पासवर्ड'), 'right-password{Enter}');

    expect(await screen.findByText('दो-चरण साइन-इन बंद है')).toBeInTheDocument();
    expect(
      await within(await screen.findByRole('region', { name: 'दो-चरण साइन-इन' })).findByRole('button', {
        name: 'चालू करें',
      }),
    ).toBeInTheDocument();
  });
});
