import type { Account } from '@storedesk/shared/account/schemas';
import { accountMessages } from '@storedesk/shared/account/schemas';
import { messages } from '@storedesk/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountOf, adminSession } from '@/testing/fixtures.ts';
import type { ApiCall, Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi, networkFailure } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const account = accountOf(adminSession, 3);
const twoFactorOff = { totpEnabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };

function savedFrom(call: ApiCall): Account {
  const body = call.body as Partial<Account>;
  return { ...account, name: body.name ?? account.name, email: body.email ?? account.email, version: 4 };
}

function renderAccount(patch: Handler) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    'GET /api/account': () => json(200, account),
    'GET /api/account/passkeys': () => json(200, { passkeys: [] }),
    'GET /api/account/two-factor': () => json(200, twoFactorOff),
    'PATCH /api/account': patch,
  });
  const view = renderApp('/account');
  return { ...view, api };
}

async function form() {
  const name = await screen.findByLabelText('Name');
  return {
    name,
    email: screen.getByLabelText('Email'),
    phone: screen.getByLabelText('Phone'),
    password: screen.getByLabelText('Update password'),
    save: screen.getByRole('button', { name: 'Save details' }),
  };
}

describe('account page', () => {
  it('shows the profile card and fills the form with the account', async () => {
    renderAccount((call) => json(200, savedFrom(call)));

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Arjun Admin')).toBeInTheDocument();
    expect(within(profile).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Demo Fresh Mart')).toBeInTheDocument();
    const fields = await form();
    expect(fields.name).toHaveValue('Arjun Admin');
    expect(fields.email).toHaveValue('admin@example.com');
    expect(fields.phone).toHaveValue('+91-9876500000');
    expect(fields.password).toHaveValue('');
  });

  it('sends no password when the field is left blank', async () => {
    const { user, api } = renderAccount((call) => json(200, savedFrom(call)));
    const fields = await form();

    await user.click(fields.save);

    await screen.findByText('Details saved');
    const body = api.callsTo('PATCH /api/account')[0]?.body;
    expect(body).toEqual({
      name: 'Arjun Admin',
      email: 'admin@example.com',
      phone: '+91-9876500000',
      version: 3,
    });
    expect(body).not.toHaveProperty('password');
  });

  it('sends no password when the field holds only spaces', async () => {
    const { user, api } = renderAccount((call) => json(200, savedFrom(call)));
    const fields = await form();

    await user.type(fields.password, '   ');
    await user.click(fields.save);

    await screen.findByText('Details saved');
    expect(api.callsTo('PATCH /api/account')[0]?.body).not.toHaveProperty('password');
  });

  it('sends the new password when one is typed, then clears the field', async () => {
    const { user, api } = renderAccount((call) => json(200, savedFrom(call)));
    const fields = await form();

    await user.type(fields.password, 'a-new-secret');
    await user.type(screen.getByLabelText(/Current password/), 'admin-demo-1');
    await user.click(fields.save);

    await screen.findByText('Details saved');
    expect(api.callsTo('PATCH /api/account')[0]?.body).toMatchObject({
      password: 'a-new-secret',
      version: 3,
    });
    expect(fields.password).toHaveValue('');
  });

  it('asks for the current password only when the password or the email changes', async () => {
    const { user, api } = renderAccount((call) => json(200, savedFrom(call)));
    const fields = await form();
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();

    await user.type(fields.password, 'a-new-secret');
    const current = screen.getByLabelText(/Current password/);
    expect(current).toBeRequired();
    await user.click(fields.save);
    expect(await screen.findByText(accountMessages.currentPasswordRequired)).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH /api/account')).toHaveLength(0);

    await user.clear(fields.password);
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    await user.clear(fields.email);
    await user.type(fields.email, 'ADMIN@example.com');
    // Only the case changed: the same address.
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    await user.clear(fields.email);
    await user.type(fields.email, 'arjun@example.com');
    expect(screen.getByLabelText(/Current password/)).toBeInTheDocument();
  });

  it('sends the current password with a new password', async () => {
    const { user, api } = renderAccount((call) => json(200, savedFrom(call)));
    const fields = await form();

    await user.type(fields.password, 'a-new-secret');
    await user.type(screen.getByLabelText(/Current password/), 'admin-demo-1');
    await user.click(fields.save);

    await screen.findByText('Details saved');
    expect(api.callsTo('PATCH /api/account')[0]?.body).toEqual({
      name: 'Arjun Admin',
      email: 'admin@example.com',
      phone: '+91-9876500000',
      password: 'a-new-secret',
      currentPassword: 'admin-demo-1',
      version: 3,
    });
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
  });

  it('shows a wrong current password (403) on its field, without a dialog', async () => {
    const { user } = renderAccount(() =>
      apiError(403, 'forbidden', accountMessages.currentPasswordWrong, {
        fields: { currentPassword: accountMessages.currentPasswordWrong },
      }),
    );
    const fields = await form();

    await user.type(fields.password, 'a-new-secret');
    await user.type(screen.getByLabelText(/Current password/), 'not-it-at-all');
    await user.click(fields.save);

    expect(await screen.findByText(accountMessages.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Details saved')).not.toBeInTheDocument();
  });

  it('after an email change, says a link was sent to the new address', async () => {
    const { user, api } = renderAccount((call) =>
      json(200, { ...account, version: 4, pendingEmail: (call.body as Account).email }),
    );
    const fields = await form();

    await user.clear(fields.email);
    await user.type(fields.email, 'arjun@example.com');
    await user.type(screen.getByLabelText(/Current password/), 'admin-demo-1');
    await user.click(fields.save);

    expect(
      await screen.findByText(
        'We sent a link to arjun@example.com; your sign-in e-mail changes when you follow it.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/account')[0]?.body).toMatchObject({
      email: 'arjun@example.com',
      currentPassword: 'admin-demo-1',
    });
    // The sign-in email stays until the link is followed.
    expect(fields.email).toHaveValue('admin@example.com');
  });

  it('says the email is verified where a followed link lands', async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'GET /api/account': () => json(200, account),
      'GET /api/account/passkeys': () => json(200, { passkeys: [] }),
    });
    renderApp('/account?email-verified=1');
    expect(await screen.findByText('Your email is verified.')).toBeInTheDocument();
  });

  it('Cancel undoes the edits, and has nothing to undo before any', async () => {
    const { user, api } = renderAccount(() => json(500, {}));
    const fields = await form();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeDisabled();

    await user.clear(fields.name);
    await user.type(fields.name, 'Someone Else');
    await user.click(cancel);

    expect(fields.name).toHaveValue(account.name);
    expect(cancel).toBeDisabled();
    expect(api.callsTo('PATCH /api/account')).toHaveLength(0);
  });

  it('updates the greeting once saved', async () => {
    let saved = account;
    mockApi({
      'GET /api/auth/session': () =>
        json(200, { session: { ...adminSession, user: { ...adminSession.user, name: saved.name } } }),
      'GET /api/account': () => json(200, saved),
      'GET /api/account/passkeys': () => json(200, { passkeys: [] }),
      'PATCH /api/account': (call) => {
        saved = savedFrom(call);
        return json(200, saved);
      },
    });
    const { user } = renderApp('/account');
    const fields = await form();
    expect(screen.getByText('Hello, Arjun Admin')).toBeInTheDocument();

    await user.clear(fields.name);
    await user.type(fields.name, 'Arjun Kumar');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Details saved')).toBeInTheDocument();
    expect(screen.getByText('Hello, Arjun Kumar')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Profile' })).getByText('Arjun Kumar'),
    ).toBeInTheDocument();
  });

  it('is disabled and says so while saving', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = renderAccount(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const fields = await form();

    await user.click(fields.save);
    const busy = await screen.findByRole('button', { name: /Saving/ });
    expect(busy).toBeDisabled();

    answer(json(200, { ...account, version: 4 }));
    expect(await screen.findByRole('button', { name: 'Save details' })).toBeEnabled();
  });

  it('checks the fields before sending anything', async () => {
    const { user, api } = renderAccount((call) => json(200, savedFrom(call)));
    const fields = await form();

    await user.clear(fields.name);
    await user.tab();
    expect(await screen.findByText(messages.isRequired)).toBeInTheDocument();
    await user.type(fields.password, 'short');
    await user.click(fields.save);

    expect(await screen.findByText('Password should be at least 8 characters')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/account')).toHaveLength(0);
  });

  it("shows the server's refusal in an Error dialog", async () => {
    const { user } = renderAccount(() => apiError(403, 'forbidden', messages.forbidden));
    const fields = await form();

    await user.click(fields.save);

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(messages.forbidden);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Details saved')).not.toBeInTheDocument();
  });

  it('shows "Unknown error occured" when the server cannot be reached', async () => {
    const { user } = renderAccount(networkFailure);
    const fields = await form();

    await user.click(fields.save);

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.unknownError);
  });

  it("puts the server's field errors on the fields, the first taking the focus, with no dialog over them", async () => {
    const { user } = renderAccount(() =>
      apiError(409, 'conflict', messages.emailTaken, { fields: { email: messages.emailTaken } }),
    );
    const fields = await form();

    await user.clear(fields.email);
    await user.type(fields.email, 'owner@example.com');
    await user.type(screen.getByLabelText(/Current password/), 'admin-secret-1');
    await user.click(fields.save);

    await waitFor(() => expect(fields.email).toHaveAccessibleDescription(messages.emailTaken));
    expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    expect(fields.email).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('saves with the version its edits started from, so another save in between is refused (D9)', async () => {
    let saved = account;
    const { user, api, queryClient } = renderAccount((call) => {
      const { version, ...changes } = call.body as Partial<Account>;
      if (version !== saved.version)
        return apiError(409, 'conflict', messages.staleRecord, { current: saved });
      saved = { ...saved, ...changes, version: saved.version + 1 };
      return json(200, saved);
    });
    const fields = await form();
    await user.clear(fields.name);
    await user.type(fields.name, 'Arjun Kumar');

    // The account is saved from another tab; the live event brings it.
    saved = { ...account, phone: '+91-9000000000', version: 4 };
    act(() => queryClient.setQueryData(['account'], saved));
    expect(fields.phone).toHaveValue('+91-9876500000');

    await user.click(fields.save);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this account while you were editing: Phone changed. The form now shows their version; make your changes again.',
    );
    expect(api.callsTo('PATCH /api/account')[0]?.body).toMatchObject({ name: 'Arjun Kumar', version: 3 });
    expect(fields.name).toHaveValue('Arjun Admin');
    expect(fields.phone).toHaveValue('+91-9000000000');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(fields.name);
    await user.type(fields.name, 'Arjun Kumar');
    await user.click(fields.save);
    expect(await screen.findByText('Details saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/account')[1]?.body).toEqual({
      name: 'Arjun Kumar',
      email: account.email,
      phone: '+91-9000000000',
      version: 4,
    });
  });

  it('says what failed when the account cannot be loaded, and retries', async () => {
    let fail = true;
    mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'GET /api/account': () => (fail ? apiError(500, 'internal', messages.internal) : json(200, account)),
      'GET /api/account/passkeys': () => json(200, { passkeys: [] }),
    });
    const { user } = renderApp('/account');

    expect(await screen.findByText('Could not load your account')).toBeInTheDocument();
    expect(screen.getByText(messages.internal)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Arjun Admin');
  });
});

describe('the account page in the language chosen', () => {
  it('speaks Hindi: the title, the profile, the form’s fields and buttons, and the saved message', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderAccount((call) => json(200, savedFrom(call)));

    expect(await screen.findByRole('heading', { level: 1, name: 'खाता' })).toBeInTheDocument();
    expect(screen.getByText('आपकी प्रोफ़ाइल और साइन-इन की जानकारी।')).toBeInTheDocument();
    const profile = await screen.findByRole('region', { name: 'प्रोफ़ाइल' });
    expect(within(profile).getByText('एडमिन, इस व्यवसाय के')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'जानकारी बदलें' })).toBeInTheDocument();
    const name = await screen.findByLabelText('नाम');
    expect(name).toHaveValue('Arjun Admin');
    expect(screen.getByLabelText('ईमेल')).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('फ़ोन')).toHaveValue('+91-9876500000');
    const password = screen.getByLabelText('पासवर्ड बदलें');
    expect(password).toHaveAccessibleDescription('मौजूदा पासवर्ड रखने के लिए खाली छोड़ें।');
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeDisabled();

    await user.type(password, 'a-new-secret');
    const current = screen.getByLabelText(/^मौजूदा पासवर्ड/);
    expect(current).toHaveAccessibleDescription('पासवर्ड या ईमेल बदलने के लिए ज़रूरी है।');
    await user.type(current, 'admin-demo-1');
    await user.click(screen.getByRole('button', { name: 'जानकारी सेव करें' }));
    expect(await screen.findByText('जानकारी सेव हो गई')).toBeInTheDocument();
  });

  it('says in Hindi what a colleague’s save changed', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const current = { ...account, phone: '+91-9000000000', version: 4 };
    const { user } = renderAccount(() => apiError(409, 'conflict', messages.staleRecord, { current }));
    await user.click(await screen.findByRole('button', { name: 'जानकारी सेव करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'खाता: आपके बदलाव करते समय किसी और ने इसे सेव कर दिया (बदलाव: फ़ोन)। फ़ॉर्म में अब उनका संस्करण है; अपने बदलाव फिर से करें।',
    );
  });
});
