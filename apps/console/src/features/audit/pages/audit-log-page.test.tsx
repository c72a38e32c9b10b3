import {
  auditActionLabels,
  auditActions,
  auditKindLabels,
  auditKinds,
  type AuditEntry,
} from '@storedesk/shared/audit/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';
import en from '@/i18n/en.json';

const storeEdit: AuditEntry = {
  id: 3,
  at: '2025-01-02T18:40:00.000Z',
  actor: { id: 'u-owner', name: 'Olivia Owner', ip: '203.0.113.7' },
  action: 'edit',
  kind: 'store',
  recordId: 'a0000000-0000-4000-8000-000000000001',
  changes: {
    name: { from: 'Fresh Mart', to: 'Fresh Mart Indiranagar' },
    featured: { from: 2, to: 4 },
  },
};
const priceChange: AuditEntry = {
  id: 2,
  at: '2025-01-02T10:05:00.000Z',
  actor: { id: 'u-admin', name: 'Arjun Admin', ip: '198.51.100.4' },
  action: 'edit',
  kind: 'item',
  recordId: 'd0000000-0000-4000-8000-000000000001',
  changes: { pricePaise: { from: 3000, to: 4550 }, inStock: { from: true, to: false } },
};
const ravi = 'e0000000-0000-4000-8000-000000000001';
const orderMove: AuditEntry = {
  id: 4,
  at: '2025-01-02T19:00:00.000Z',
  actor: { id: 'u-admin', name: 'Arjun Admin', ip: '192.0.2.5' },
  action: 'status',
  kind: 'order',
  recordId: 'f0000000-0000-4000-8000-000000000001',
  changes: {
    status: { from: 2, to: -2 },
    dexId: { from: null, to: ravi },
    cashCollectedPaise: { from: null, to: 274_900 },
  },
};
const failedSignIn: AuditEntry = {
  id: 1,
  at: '2025-01-01T04:00:00.000Z',
  actor: { id: null, name: 'arjun@example.com', ip: '198.51.100.9' },
  action: 'sign-in-failed',
  kind: 'session',
  recordId: 'u-admin',
  changes: {},
};

function renderLog(entry = '/audit-log', overrides: Record<string, Handler> = {}) {
  const entries = [orderMove, storeEdit, priceChange, failedSignIn];
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/audit-log': (call) => {
      const actorId = call.query.get('actorId');
      const kind = call.query.get('kind');
      const items = entries.filter(
        (each) => (!actorId || each.actor.id === actorId) && (!kind || each.kind === kind),
      );
      // The names of what the changes name by id, as the server looks them up.
      return json(200, { items, total: items.length, names: { [ravi]: 'Ravi Kumar' } });
    },
    'GET /api/audit-log/actors': () =>
      json(200, {
        items: [
          { id: 'u-admin', name: 'Arjun Admin' },
          { id: 'u-owner', name: 'Olivia Owner' },
        ],
      }),
    ...overrides,
  });
  return { ...renderApp(entry), api };
}

function cellsOf(text: string): string[] {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
}

describe('audit log', () => {
  it('shows when (in the business time zone), who and from where, the action, the record and each change', async () => {
    renderLog();
    // The first render loads the page's code.
    const table = await screen.findByRole('table', { name: 'Audit log' }, { timeout: 15_000 });
    await within(table).findByText('203.0.113.7');

    expect(cellsOf('203.0.113.7')).toEqual([
      '03/01/2025 12:10 AM',
      'Olivia Owner203.0.113.7',
      'Edited',
      'Store a0000000',
      'Name: Fresh Mart → Fresh Mart IndiranagarFeatured: 2 → 4',
    ]);
    expect(cellsOf('198.51.100.4')[4]).toBe('Price: ₹30.00 → ₹45.50In stock: Yes → No');
    // Statuses, people and money as staff see them elsewhere: never "2 → -2" or an id.
    expect(cellsOf('192.0.2.5')[4]).toBe(
      'Status: Picked Up → DeliveredDelivery executive: — → Ravi KumarCash collected: — → ₹2,749.00',
    );
    expect(cellsOf('198.51.100.9').slice(1, 4)).toEqual([
      'arjun@example.com198.51.100.9',
      'Sign-in failed',
      'Sign-in u-admin',
    ]);
    expect(screen.getByRole('link', { name: 'Open store a0000000' })).toHaveAttribute(
      'href',
      '/stores/a0000000-0000-4000-8000-000000000001/edit',
    );
  });

  it('filters by person and kind, kept in the address, and clears them', async () => {
    const { user, api, router } = renderLog();
    await screen.findByText('203.0.113.7');

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'Arjun Admin' }));
    await waitFor(() => expect(screen.queryByText('203.0.113.7')).not.toBeInTheDocument());
    expect(screen.getByText('198.51.100.4')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?actorId=u-admin');

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Store' }));
    expect(await screen.findByText('Nothing in the audit log matches these filters')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET /api/audit-log').at(-1)!.query)).toEqual({
      actorId: 'u-admin',
      kind: 'store',
      page: '0',
      pageSize: '10',
    });

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('203.0.113.7')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('sends the period as days', async () => {
    const { api } = renderLog('/audit-log?from=2025-01-01&to=2025-01-31');
    await screen.findByText('203.0.113.7');
    expect(api.callsTo('GET /api/audit-log')[0]?.query.get('from')).toBe('2025-01-01');
    expect(api.callsTo('GET /api/audit-log')[0]?.query.get('to')).toBe('2025-01-31');
  });

  it('says when nothing is recorded yet, and offers a retry when the log fails to load', async () => {
    let fail = true;
    const { user } = renderLog('/audit-log', {
      'GET /api/audit-log': () =>
        fail
          ? apiError(500, 'internal', 'Unknown error occured')
          : json(200, { items: [], total: 0, names: {} }),
    });
    expect(await screen.findByText('Could not load the audit log')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument();
  });

  it('shows each entry as a card at 375 px', async () => {
    setViewportWidth(375);
    renderLog();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Fresh Mart Indiranagar', { exact: false });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Change']);
    expect(within(table).getByText('03/01/2025 12:10 AM · Olivia Owner · 203.0.113.7')).toBeInTheDocument();
  });

  it("is the owner's: an admin is taken to the dashboard", async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'GET /api/dashboard': () => json(200, {}),
    });
    const { router } = renderApp('/audit-log');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('the audit log in the language chosen', () => {
  it('says each action and kind in English as the server names them', () => {
    const catalogue: Record<string, string> = en;
    for (const action of auditActions) {
      expect(catalogue[`audit.action.${action}`]).toBe(auditActionLabels[action]);
    }
    for (const kind of auditKinds) expect(catalogue[`audit.kind.${kind}`]).toBe(auditKindLabels[kind]);
  });

  it('speaks Hindi: title, columns, actions, kinds, changes, filters and the empty state; names as they are', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderLog();

    expect(await screen.findByRole('heading', { level: 1, name: 'ऑडिट लॉग' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'ऑडिट लॉग' });
    await within(table).findByText('203.0.113.7');
    expect(screen.getByRole('region', { name: 'ऑडिट लॉग, तालिका' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['कब', 'किसने', 'कार्रवाई', 'रिकॉर्ड', 'बदलाव']);
    expect(cellsOf('203.0.113.7').slice(1, 4)).toEqual(['Olivia Owner203.0.113.7', 'बदला', 'स्टोर a0000000']);
    expect(cellsOf('198.51.100.9').slice(2, 4)).toEqual(['साइन-इन नहीं हो सका', 'साइन-इन u-admin']);
    // Fields and values in Hindi too: a status by its name, yes and no; names and money as they are.
    expect(cellsOf('198.51.100.4')[4]).toBe('कीमत: ₹30.00 → ₹45.50स्टॉक में: हाँ → नहीं');
    expect(cellsOf('192.0.2.5')[4]).toBe(
      'स्थिति: पिकअप हो गया → डिलीवर हो गयाडिलीवरी एग्ज़ीक्यूटिव: — → Ravi Kumarलिया गया नकद: — → ₹2,749.00',
    );
    expect(screen.getByRole('link', { name: 'स्टोर a0000000 खोलें' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'व्यक्ति' }));
    await user.click(await screen.findByRole('option', { name: 'Arjun Admin' }));
    await waitFor(() => expect(screen.queryByText('203.0.113.7')).not.toBeInTheDocument());
    await user.click(screen.getByRole('combobox', { name: 'प्रकार' }));
    await user.click(await screen.findByRole('option', { name: 'स्टोर' }));
    expect(await screen.findByText('इन फ़िल्टर से ऑडिट लॉग में कुछ नहीं मिला')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'फ़िल्टर हटाएँ' })[0]!);
    expect(await screen.findByText('203.0.113.7')).toBeInTheDocument();
    localStorage.removeItem('storedesk:console:language');
  });
});
