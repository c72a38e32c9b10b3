import { messages } from '@storedesk/shared/messages';
import { onboardingMessages, onboardingVerificationMessages } from '@storedesk/shared/onboarding/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

type User = ReturnType<typeof renderApp>['user'];

const signedOut = { 'GET /api/auth/session': sessionHandler(null) };
const registered: Handler = () =>
  json(201, { email: 'new@example.com', verified: false, onboardingToken: 'pending-token' });

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function imageFile(name: string, head: number[], size: number, type = 'image/png'): File {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name, { type });
}

const goodLogo = () => imageFile('logo.png', pngSignature, 2_000);

async function start(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Get started' }));
  await screen.findByRole('heading', { name: 'Business details' });
}

async function fillBusiness(user: User) {
  await user.upload(screen.getByLabelText('Business logo'), goodLogo());
  await screen.findByRole('img', { name: 'Logo preview' });
  await user.type(screen.getByLabelText('Business name'), 'Green Basket');
  await user.click(screen.getByRole('radio', { name: /Indigo/ }));
  await user.type(screen.getByLabelText('Business description'), 'Fresh greens, delivered.');
}

async function fillUser(user: User, changes: { email?: string } = {}) {
  await user.type(screen.getByLabelText('Name'), 'Nisha Owner');
  await user.type(screen.getByLabelText('Email'), changes.email ?? 'new@example.com');
  await user.type(screen.getByLabelText('Phone'), '9876543210');
  await user.type(screen.getByLabelText('Password'), 'green-basket-1');
  await user.type(screen.getByLabelText('Confirm password'), 'green-basket-1');
}

async function next(user: User) {
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function reachUserDetails(user: User) {
  await start(user);
  await fillBusiness(user);
  await next(user);
  await screen.findByRole('heading', { name: 'User details' });
}

async function reachAlmostThere(user: User) {
  await reachUserDetails(user);
  await fillUser(user);
  await next(user);
  await screen.findByRole('heading', { name: 'Almost there' });
}

describe('onboarding wizard', () => {
  it('starts at Welcome with the four steps in view', async () => {
    mockApi(signedOut);
    renderApp('/onboarding');

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    for (const title of ['Business details', 'User details', 'Almost there']) {
      expect(screen.getByText(title)).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('Business details says what is missing only once touched, and every message on Next', async () => {
    mockApi(signedOut);
    const { user } = renderApp('/onboarding');
    await start(user);

    expect(screen.queryByText(onboardingMessages.businessName)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Business name'));
    await user.tab();
    expect(await screen.findByText(onboardingMessages.businessName)).toBeInTheDocument();
    expect(screen.queryByText(onboardingMessages.description)).not.toBeInTheDocument();

    await next(user);
    for (const message of [
      onboardingMessages.logoRequired,
      onboardingMessages.businessName,
      onboardingMessages.theme,
      onboardingMessages.description,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Business details' })).toBeInTheDocument();

    // A choice made after the messages clears its own.
    await user.click(screen.getByRole('radio', { name: /Cyan/ }));
    expect(screen.getByRole('radio', { name: /Cyan/ })).toBeChecked();
    await waitFor(() => expect(screen.queryByText(onboardingMessages.theme)).not.toBeInTheDocument());
    // Signed out, the picker speaks English.
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toHaveAccessibleDescription(
      'The console and the customer app take these colours.',
    );
  });

  it('judges the logo by its bytes: more than 102,400 bytes or not PNG or JPEG is refused', async () => {
    mockApi(signedOut);
    const { user } = renderApp('/onboarding');
    await start(user);
    const logo = screen.getByLabelText('Business logo');

    await user.upload(logo, imageFile('big.png', pngSignature, 102_401));
    expect(await screen.findByText(onboardingMessages.logoTooLarge)).toBeInTheDocument();

    // A GIF whose name and type claim PNG.
    await user.upload(logo, imageFile('fake.png', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 500));
    expect(await screen.findByText(messages.imageType)).toBeInTheDocument();

    await user.upload(logo, imageFile('photo.jpg', [0xff, 0xd8, 0xff, 0xe0], 102_400, 'image/jpeg'));
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toBeInTheDocument();
    expect(screen.getByText('photo.jpg, 100.0 KB')).toBeInTheDocument();
    expect(screen.queryByText(messages.imageType)).not.toBeInTheDocument();
  });

  it("User details checks each field with the spec's messages", async () => {
    mockApi(signedOut);
    const { user } = renderApp('/onboarding');
    await reachUserDetails(user);

    await next(user);
    for (const message of [
      onboardingMessages.name,
      onboardingMessages.emailRequired,
      onboardingMessages.phone,
      onboardingMessages.passwordLength,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }

    await user.type(screen.getByLabelText('Email'), 'new@');
    await user.type(screen.getByLabelText('Phone'), '987654321');
    await user.type(screen.getByLabelText('Password'), 'seven77');
    await user.type(screen.getByLabelText('Confirm password'), 'other-password');
    await user.tab();
    expect(await screen.findByText(onboardingMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(onboardingMessages.phone)).toBeInTheDocument();
    expect(screen.getByText(onboardingMessages.passwordLength)).toBeInTheDocument();
    expect(screen.getByText(onboardingMessages.confirmPassword)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User details' })).toBeInTheDocument();
  });

  it('Previous and Next keep what was typed', async () => {
    mockApi(signedOut);
    const { user } = renderApp('/onboarding');
    await reachUserDetails(user);
    await user.type(screen.getByLabelText('Name'), 'Nisha Owner');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByLabelText('Business name')).toHaveValue('Green Basket');
    expect(screen.getByLabelText('Business description')).toHaveValue('Fresh greens, delivered.');
    expect(screen.getByRole('radio', { name: /Indigo/ })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Logo preview' })).toBeInTheDocument();

    await next(user);
    expect(await screen.findByLabelText('Name')).toHaveValue('Nisha Owner');
  });

  it('registers the owner on leaving User details, with the fields the server expects', async () => {
    const api = mockApi({ ...signedOut, 'POST /api/onboarding/account': registered });
    const { user } = renderApp('/onboarding');
    await reachAlmostThere(user);

    expect(api.callsTo('POST /api/onboarding/account')[0]?.body).toEqual({
      name: 'Nisha Owner',
      email: 'new@example.com',
      phone: '9876543210',
      password: 'green-basket-1',
      confirmPassword: 'green-basket-1',
    });
    expect(screen.getByText('new@example.com')).toBeInTheDocument();

    // Back and on again with nothing changed mails no second link.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await next(user);
    await screen.findByRole('heading', { name: 'Almost there' });
    expect(api.callsTo('POST /api/onboarding/account')).toHaveLength(1);

    // Nor does a new name or phone, which go with Finish; a new password registers again.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.type(await screen.findByLabelText('Name'), ' Rao');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '9876500000');
    await next(user);
    await screen.findByRole('heading', { name: 'Almost there' });
    expect(api.callsTo('POST /api/onboarding/account')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.type(await screen.findByLabelText('Password'), '2');
    await user.type(screen.getByLabelText('Confirm password'), '2');
    await next(user);
    await screen.findByRole('heading', { name: 'Almost there' });
    expect(api.callsTo('POST /api/onboarding/account')).toHaveLength(2);
  });

  it('says why User details was refused with 429, as the server words it', async () => {
    mockApi({
      ...signedOut,
      'POST /api/onboarding/account': () => apiError(429, 'rate_limited', onboardingMessages.tooManyForEmail),
    });
    const { user } = renderApp('/onboarding');
    await reachUserDetails(user);
    await fillUser(user);
    await next(user);

    const dialog = await screen.findByRole('dialog', { name: onboardingMessages.oopsTitle });
    expect(dialog).toHaveTextContent(onboardingMessages.tooManyForEmail);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'User details' })).toBeInTheDocument();
  });

  it("shows the server's refusal of the e-mail on the e-mail field and stays on User details", async () => {
    mockApi({
      ...signedOut,
      'POST /api/onboarding/account': () =>
        apiError(400, 'invalid_input', onboardingMessages.emailInvalid, {
          fields: { email: onboardingMessages.emailInvalid },
        }),
    });
    const { user } = renderApp('/onboarding');
    await reachUserDetails(user);
    await fillUser(user, { email: 'owner@example.com' });
    await next(user);

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription(onboardingMessages.emailInvalid));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'User details' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Oops...' when registering fails otherwise, and keeps the data", async () => {
    mockApi({
      ...signedOut,
      'POST /api/onboarding/account': () => apiError(500, 'internal', messages.internal),
    });
    const { user } = renderApp('/onboarding');
    await reachUserDetails(user);
    await fillUser(user);
    await next(user);

    const dialog = await screen.findByRole('dialog', { name: onboardingMessages.oopsTitle });
    expect(dialog).toHaveTextContent(onboardingMessages.oops);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'User details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('green-basket-1');
  });

  it("Resend link mails a new link and says 'Email sent'", async () => {
    const api = mockApi({
      ...signedOut,
      'POST /api/onboarding/account': registered,
      'POST /api/onboarding/verification-email': () => noContent(),
    });
    const { user } = renderApp('/onboarding');
    await reachAlmostThere(user);

    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    const dialog = await screen.findByRole('dialog', { name: onboardingMessages.emailSentTitle });
    expect(dialog).toHaveTextContent(onboardingMessages.emailSent);
    expect(api.callsTo('POST /api/onboarding/verification-email')).toHaveLength(1);
  });

  it('Resend link says the e-mail is already verified when its link was followed meanwhile', async () => {
    mockApi({
      ...signedOut,
      'POST /api/onboarding/account': registered,
      'POST /api/onboarding/verification-email': () =>
        apiError(409, 'conflict', onboardingMessages.alreadyVerified, {
          fields: { email: onboardingMessages.alreadyVerified },
        }),
    });
    const { user } = renderApp('/onboarding');
    await reachAlmostThere(user);

    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    const dialog = await screen.findByRole('dialog', { name: onboardingMessages.alreadyVerifiedTitle });
    expect(dialog).toHaveTextContent(onboardingMessages.alreadyVerified);
  });

  it('Finish creates the business, starts the session and lands on the dashboard', async () => {
    const newSession = {
      ...ownerSession,
      user: { ...ownerSession.user, name: 'Nisha Owner', email: 'new@example.com' },
      business: { ...ownerSession.business, name: 'Green Basket' },
      token: 'session-token',
    };
    const api = mockApi({
      ...signedOut,
      'POST /api/onboarding/account': registered,
      'POST /api/onboarding': () => json(201, newSession),
    });
    const { user, router, queryClient } = renderApp('/onboarding');
    await reachAlmostThere(user);

    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));

    const body = api.callsTo('POST /api/onboarding')[0]?.body as Record<string, unknown>;
    expect(body.business).toEqual({
      name: 'Green Basket',
      description: 'Fresh greens, delivered.',
      theme: { primaryColor: '#3949ab', accentColor: '#7986cb', textPrimary: '#1a237e' },
    });
    expect(body.user).toMatchObject({ email: 'new@example.com', password: 'green-basket-1' });
    expect(String(body.iconFileData)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(queryClient.getQueryData(['auth', 'session'])).toMatchObject({
      user: { email: 'new@example.com' },
      business: { name: 'Green Basket' },
    });
  });

  it("shows 'Oops...' when Finish fails and keeps the wizard where it was", async () => {
    mockApi({
      ...signedOut,
      'POST /api/onboarding/account': registered,
      'POST /api/onboarding': () => apiError(500, 'internal', messages.internal),
    });
    const { user, router } = renderApp('/onboarding');
    await reachAlmostThere(user);

    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: onboardingMessages.oopsTitle });
    expect(dialog).toHaveTextContent(onboardingMessages.oops);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('new@example.com');
  });

  it('Finish before the link is followed says to verify first, and stays on Almost there', async () => {
    mockApi({
      ...signedOut,
      'POST /api/onboarding/account': registered,
      'POST /api/onboarding': () => apiError(403, 'forbidden', onboardingMessages.notVerified),
    });
    const { user, router } = renderApp('/onboarding');
    await reachAlmostThere(user);

    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: onboardingMessages.oopsTitle });
    expect(dialog).toHaveTextContent(onboardingMessages.notVerified);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.getByRole('heading', { name: 'Almost there' })).toBeInTheDocument();
  });

  it('says what became of a followed verification link', async () => {
    mockApi(signedOut);
    renderApp('/onboarding?verification=verified');
    expect(await screen.findByText(new RegExp(onboardingVerificationMessages.verified))).toBeInTheDocument();
  });

  it('sends a signed-in user to the dashboard', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(ownerSession) });
    const { router } = renderApp('/onboarding');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
