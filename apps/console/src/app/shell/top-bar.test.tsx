import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, withBusiness } from '@/testing/fixtures.ts';
import { mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

const reason = 'The customer app address is not a web address: the owner changes it in Settings › Others';

function renderWithAppAddress(customerAppUrl: string) {
  mockApi({ 'GET /api/auth/session': sessionHandler(withBusiness(adminSession, { customerAppUrl })) });
  return renderApp('/dashboard');
}

describe('Open App when it cannot open', () => {
  it('is reached by keyboard and says why it is greyed out', async () => {
    const { user, router } = renderWithAppAddress('ftp://shop.example.com');

    const openApp = await screen.findByRole('button', { name: 'Open App' });
    expect(openApp).toHaveAttribute('aria-disabled', 'true');
    expect(openApp).toHaveAccessibleDescription(reason);
    expect(screen.queryByRole('link', { name: 'Open App' })).not.toBeInTheDocument();

    // Tab reaches it, and the tooltip says the same to a sighted keyboard user.
    for (let tries = 0; tries < 30 && document.activeElement !== openApp; tries++) await user.tab();
    expect(openApp).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);

    await user.keyboard('{Enter}');
    await user.click(openApp);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('on a phone, is the same named icon with the same reason', async () => {
    setViewportWidth(375);
    renderWithAppAddress('not an address');

    const openApp = await screen.findByRole('button', { name: 'Open App' });
    await waitFor(() => expect(openApp).toHaveAttribute('aria-disabled', 'true'));
    expect(openApp).toHaveAccessibleDescription(reason);
    expect(openApp).not.toHaveTextContent('Open App');
  });
});
