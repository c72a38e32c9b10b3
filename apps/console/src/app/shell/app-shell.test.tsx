import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountOf, adminSession, ownerSession, withBusiness, zones } from '@/testing/fixtures.ts';
import { apiError, json, sessionHandler, mockApi, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

const zonesHandler = () => json(200, { items: zones, total: zones.length });

/** Waits until the open list of zones shows these names, in this order (the search answers after it opens). */
async function untilListed(names: string[]) {
  const listbox = await screen.findByRole('listbox');
  await waitFor(() =>
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(names),
  );
}

function navLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('signed-in shell', () => {
  it('starts the keyboard on "Skip to content", which takes it past the bar and the menu to the screen', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it("moves the focus to the new screen's heading after a move from the menu", async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'GET /api/account': () => json(200, accountOf(adminSession)),
    });
    const { user } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('link', { name: 'Account' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Account' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('shows the owner every sidebar entry', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(ownerSession), 'GET /api/zones': zonesHandler });
    renderApp('/dashboard');

    await screen.findByRole('navigation', { name: 'Main' });
    expect(navLabels()).toEqual([
      'Dashboard',
      'Stores',
      'Low stock',
      'Orders',
      'Dispatch',
      'Reports',
      'Delivery Executives',
      'Push Notifications',
      'Zones',
      'Admins',
      'Coupons',
      'Customers',
      'Slides',
      'Settings',
      'Trash',
      'Audit log',
      'Account',
    ]);
  });

  it('hides the owner-only entries from an admin', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    renderApp('/dashboard');

    await screen.findByRole('navigation', { name: 'Main' });
    expect(navLabels()).toEqual([
      'Dashboard',
      'Stores',
      'Low stock',
      'Orders',
      'Dispatch',
      'Reports',
      'Delivery Executives',
      'Account',
    ]);
  });

  it('greets the user and names the business', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    renderApp('/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('Hello, Arjun Admin')).toBeInTheDocument();
    expect(within(nav).getByText('Demo Fresh Mart')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Storedesk');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Demo Fresh Mart');
  });

  it('highlights the entry of the current screen', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    renderApp('/stores/s1/catalog');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const stores = within(nav).getByRole('link', { name: 'Stores' });
    expect(stores).toHaveAttribute('aria-current', 'page');
    expect(stores).toHaveClass('Mui-selected');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('keeps the sidebar in a drawer on a phone, opened from the menu button', async () => {
    setViewportWidth(375);
    mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    const { user, router } = renderApp('/dashboard');

    const menu = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(menu);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Orders' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument());
    // The top bar's buttons keep their names as icons.
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open App' })).toBeInTheDocument();
  });

  it('has no menu button where the sidebar is persistent', async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    renderApp('/dashboard');

    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });

  it("opens the business's customer app in a new tab", async () => {
    mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    renderApp('/dashboard');

    const openApp = await screen.findByRole('link', { name: 'Open App' });
    expect(openApp).toHaveAttribute('href', 'https://shop.example.com/');
    expect(openApp).toHaveAttribute('target', '_blank');
    expect(openApp).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('opens the customer app this server serves on its own origin while the business has no address of its own', async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(withBusiness(adminSession, { customerAppUrl: null })),
    });
    renderApp('/dashboard');

    const openApp = await screen.findByRole('link', { name: 'Open App' });
    expect(openApp).toHaveAttribute('href', 'http://demo-fresh-mart.localhost:3000/');
    expect(openApp).toHaveAttribute('target', '_blank');
  });

  it('signs out, and the next sign-in starts at the dashboard', async () => {
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'POST /api/auth/sign-out': () => noContent(),
      'POST /api/auth/sign-in': () => json(200, { ...adminSession, token: 'secret' }),
    });
    const { user, router } = renderApp('/orders');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in now' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);

    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'admin-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('zone switcher', () => {
  it('lets the owner choose all zones or one, and remembers the choice', async () => {
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/zones': zonesHandler,
      'GET /api/zones/z2': () => json(200, zones[1]),
    });
    const first = renderApp('/dashboard');

    const zone = await screen.findByRole('combobox', { name: 'Zone' });
    expect(zone).toHaveValue('All zones');

    await first.user.click(zone);
    await untilListed(['All zones', 'North', 'South']);
    expect(api.callsTo('GET /api/zones')[0]?.query.get('pageSize')).toBe('25');
    await first.user.click(screen.getByRole('option', { name: 'South' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Zone' })).toHaveValue('South'));
    expect(localStorage.getItem(`storedesk:zone:${ownerSession.user.id}`)).toBe('z2');

    first.unmount();
    renderApp('/stores');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Zone' })).toHaveValue('South'));
  });

  it('works from the keyboard: the field takes the focus, then what is typed searches and Enter chooses', async () => {
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/zones': (call) => {
        const q = call.query.get('q')?.toLowerCase() ?? '';
        const found = zones.filter((zone) => zone.name.toLowerCase().includes(q));
        return json(200, { items: found, total: found.length });
      },
    });
    const { user } = renderApp('/dashboard');

    const standIn = await screen.findByRole('combobox', { name: 'Zone' });
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(api.callsTo('GET /api/zones')).toHaveLength(0);

    act(() => standIn.focus());
    // The picker takes the field's place and the focus, its list still closed.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Zone' })).not.toBe(standIn));
    const picker = screen.getByRole('combobox', { name: 'Zone' });
    await waitFor(() => expect(picker).toHaveFocus());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.keyboard('Sou');
    await untilListed(['South']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(picker).toHaveValue('South'));
    expect(localStorage.getItem(`storedesk:zone:${ownerSession.user.id}`)).toBe('z2');
  });

  it('finds a zone by name among any number of them', async () => {
    const many = Array.from({ length: 40 }, (_, index) => ({
      id: `z${index + 1}`,
      name: `Zone ${index + 1}`,
      version: 1,
      updatedAt: '2025-01-01T00:00:00.000Z',
    }));
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/zones': (call) => {
        const q = call.query.get('q')?.toLowerCase() ?? '';
        const found = many.filter((each) => each.name.toLowerCase().includes(q));
        return json(200, { items: found.slice(0, 25), total: found.length });
      },
    });
    const { user } = renderApp('/dashboard');

    const zone = await screen.findByRole('combobox', { name: 'Zone' });
    await user.click(zone);
    expect(await screen.findByText('Type to search all zones')).toBeInTheDocument();
    // The chosen name is selected on focus, so typing replaces it.
    await user.keyboard('Zone 37');
    await user.click(await screen.findByRole('option', { name: 'Zone 37' }));

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Zone' })).toHaveValue('Zone 37'));
    expect(api.callsTo('GET /api/zones').at(-1)?.query.get('q')).toBe('Zone 37');
    expect(localStorage.getItem(`storedesk:zone:${ownerSession.user.id}`)).toBe('z37');
  });

  it('names a remembered zone without listing the zones', async () => {
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, 'z2');
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/zones/z2': () => json(200, zones[1]),
    });
    renderApp('/dashboard');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Zone' })).toHaveValue('South'));
    expect(api.callsTo('GET /api/zones')).toHaveLength(0);
  });

  it('falls back to all zones when the remembered zone is gone', async () => {
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, 'deleted-zone');
    mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/zones': zonesHandler,
      'GET /api/zones/deleted-zone': () => apiError(404, 'not_found', 'Not found'),
    });
    renderApp('/dashboard');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Zone' })).toHaveValue('All zones'));
    expect(localStorage.getItem(`storedesk:zone:${ownerSession.user.id}`)).toBeNull();
  });

  it('is not there for an admin, who always sees their own zone', async () => {
    const api = mockApi({ 'GET /api/auth/session': sessionHandler(adminSession) });
    renderApp('/dashboard');

    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('combobox', { name: 'Zone' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/zones')).toHaveLength(0);
  });
});
