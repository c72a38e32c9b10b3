import { accountMessages } from '@storedesk/shared/account/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '@/testing/fixtures.ts';
import { apiError, sessionHandler, mockApi, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const unverified = { ...adminSession, user: { ...adminSession.user, emailVerified: false } };
const bannerText = /Please verify your email, admin@example\.com/;

describe('unverified email banner', () => {
  it('is not shown when the email is verified', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    renderApp('/account');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByText(bannerText)).not.toBeInTheDocument();
  });

  it("resends the link and says 'Email sent'", async () => {
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(unverified),
      'POST /api/account/verification-email': () => noContent(),
    });
    const { user } = renderApp('/account');

    expect(await screen.findByText(bannerText)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend' }));

    const dialog = await screen.findByRole('dialog', { name: 'Email sent' });
    expect(dialog).toHaveTextContent('Verification email is sent.');
    expect(api.callsTo('POST /api/account/verification-email')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal, such as asking again too soon", async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(unverified),
      'POST /api/account/verification-email': () =>
        apiError(429, 'rate_limited', accountMessages.tooManyVerificationEmails),
    });
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(accountMessages.tooManyVerificationEmails);
  });
});
