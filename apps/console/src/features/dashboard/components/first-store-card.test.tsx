import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerSession, storeFixture, zones } from '@/testing/fixtures.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';

function renderWithStores(stores: ReturnType<typeof storeFixture>[]) {
  return mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
    'GET /api/dashboard': () => apiError(503, 'unavailable', 'Not in this test'),
    'GET /api/stores': () => json(200, { items: stores, total: stores.length }),
  });
}

beforeAll(() => loadScreensOf('/dashboard'), LOADING_SCREENS_MS);

describe('dashboard of a business with no store', () => {
  it('says to add a store first, with a link to the store form', async () => {
    renderWithStores([]);
    const { user, router } = renderApp('/dashboard');

    expect(await screen.findByText('Start by adding your first store')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add store' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stores/add'));
  });

  it('says nothing of it once there is a store', async () => {
    const api = renderWithStores([storeFixture()]);
    renderApp('/dashboard');

    await waitFor(() => expect(api.callsTo('GET /api/stores')).toHaveLength(1));
    await screen.findByText('Could not load the dashboard');
    expect(screen.queryByText('Start by adding your first store')).not.toBeInTheDocument();
  });
});
