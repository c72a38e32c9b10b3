import type { Zone } from '@storedesk/shared/zones/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listOf, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { json, sessionHandler, mockApi, networkFailure } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function zone(n: number): Zone {
  return {
    id: `10000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    name: `Zone ${n}`,
    version: 1,
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

function renderZones(entry: string, zones: Handler) {
  const api = mockApi({ 'GET /api/auth/session': sessionHandler(ownerSession), 'GET /api/zones': zones });
  return { ...renderApp(entry), api };
}

describe('zones list', () => {
  it('numbers the rows from the page offset and links each to its edit screen', async () => {
    const { api } = renderZones('/zones?page=1&pageSize=5', () => json(200, listOf([zone(6), zone(7)], 7)));

    const table = await screen.findByRole('table', { name: 'Zones' });
    await within(table).findByRole('cell', { name: 'Zone 6' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['6', 'Zone 6', ''],
      ['7', 'Zone 7', ''],
    ]);
    expect(screen.getByRole('link', { name: 'Edit Zone 7' })).toHaveAttribute(
      'href',
      `/zones/${zone(7).id}/edit`,
    );
    expect(Object.fromEntries(api.callsTo('GET /api/zones')[0]!.query)).toEqual({ page: '1', pageSize: '5' });
    expect(screen.getByText('6–7 of 7')).toBeInTheDocument();
  });

  it('searches by name and keeps the search in the address', async () => {
    const { user, api, router } = renderZones('/zones', (call) =>
      json(200, call.query.get('q') === 'east' ? listOf([zone(3)]) : listOf([zone(1), zone(2), zone(3)])),
    );
    await screen.findByRole('cell', { name: 'Zone 1' });

    await user.type(screen.getByRole('searchbox', { name: 'Search zones' }), 'east');

    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Zone 1' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Zone 3' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=east');
    expect(api.callsTo('GET /api/zones').at(-1)?.query.get('q')).toBe('east');
  });

  it('says there are no zones yet and offers to add one', async () => {
    renderZones('/zones', () => json(200, listOf([])));

    expect(await screen.findByText('No zones yet')).toBeInTheDocument();
    expect(
      screen.getByText('Add a zone to group stores, admins and delivery executives by area.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add zone' })).toHaveLength(2);
  });

  it('says when the zones could not be loaded, and Try again loads them', async () => {
    let fail = true;
    const { user } = renderZones('/zones', () => (fail ? networkFailure() : json(200, listOf([zone(1)]))));

    expect(await screen.findByText('Could not load the zones')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Zone 1' })).toBeInTheDocument();
  });
});

describe('the zones list in the language chosen', () => {
  it('speaks Hindi: the title, the search, the columns and each row’s Edit', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderZones('/zones', () => json(200, listOf([zone(1), zone(2)])));

    expect(await screen.findByRole('heading', { level: 1, name: 'ज़ोन' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ज़ोन जोड़ें' })).toHaveAttribute('href', '/zones/add');
    expect(screen.getByRole('searchbox', { name: 'ज़ोन खोजें' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'ज़ोन' });
    await within(table).findByRole('cell', { name: 'Zone 1' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['क्रम संख्या', 'नाम', 'बदलें']);
    expect(screen.getByRole('link', { name: 'Zone 2 बदलें' })).toHaveAttribute(
      'href',
      `/zones/${zone(2).id}/edit`,
    );
  });

  it('says in Kannada that there are no zones yet', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    renderZones('/zones', () => json(200, listOf([])));

    expect(await screen.findByText('ಇನ್ನೂ ಯಾವುದೇ ವಲಯಗಳು ಇಲ್ಲ')).toBeInTheDocument();
    expect(
      screen.getByText('ಅಂಗಡಿಗಳು, ಅಡ್ಮಿನ್‌ಗಳು ಮತ್ತು ಡೆಲಿವರಿ ಎಕ್ಸಿಕ್ಯೂಟಿವ್‌ಗಳನ್ನು ಪ್ರದೇಶದ ಪ್ರಕಾರ ಗುಂಪು ಮಾಡಲು ವಲಯ ಸೇರಿಸಿ.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'ವಲಯ ಸೇರಿಸಿ' })).toHaveLength(2);
  });
});
