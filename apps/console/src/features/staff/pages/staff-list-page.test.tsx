import { messages } from '@storedesk/shared/messages';
import type { StaffKind, StaffMember } from '@storedesk/shared/staff/schemas';
import { dexHasOpenOrdersMessage } from '@storedesk/shared/staff/schemas';
import type { MeResponse } from '@storedesk/shared/auth/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, ownerSession, zoneNorth } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { anita, meena, ravi, staffServer, suresh } from '@/testing/staff-test-server.ts';

function renderList(
  entry: string,
  kind: StaffKind,
  initial: StaffMember[],
  options: { session?: MeResponse; overrides?: Record<string, Handler> } = {},
) {
  let people = initial;
  const api = mockApi({
    ...staffServer(kind, {
      session: options.session,
      people: () => people,
      save: (next) => {
        people = next;
      },
    }),
    ...options.overrides,
  });
  return { ...renderApp(entry), api };
}

function rowOf(name: string) {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('staff lists', () => {
  it('lists admins with initials, email, phone and zone, and an Add Admin button', async () => {
    renderList('/admins', 'admins', [anita]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Admins' })).toBeInTheDocument();
    const row = within(await screen.findByRole('table', { name: 'Admins' }))
      .getByText('Anita Sharma')
      .closest('tr')!;
    expect(within(row).getByText('AS')).toBeInTheDocument();
    expect(within(row).getAllByText('anita@example.test')).not.toHaveLength(0);
    expect(within(row).getAllByText('+91-9100000001')).not.toHaveLength(0);
    expect(within(row).getAllByText('North')).not.toHaveLength(0);
    expect(within(row).getByRole('link', { name: 'Edit Anita Sharma' })).toHaveAttribute(
      'href',
      `/admins/${anita.id}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Add Admin' })).toHaveAttribute('href', '/admins/add');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Zone',
      'Action',
    ]);
  });

  it("follows the owner's zone switcher for delivery executives", async () => {
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, zoneNorth.id);
    const { api } = renderList('/dexs', 'delivery-executives', [ravi, meena, suresh]);

    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByText('Meena Das')).toBeInTheDocument();
    expect(screen.queryByText('Suresh Rao')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/delivery-executives').at(-1)?.query.get('zoneId')).toBe(zoneNorth.id);
    expect(screen.getByRole('link', { name: 'Add Delivery Executive' })).toHaveAttribute('href', '/dexs/add');
  });

  it("shows an admin their zone's executives, with no zone to choose or show", async () => {
    const { api } = renderList('/dexs', 'delivery-executives', [ravi, meena, suresh], {
      session: adminSession,
    });

    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.queryByText('Suresh Rao')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/delivery-executives').every((call) => !call.query.has('zoneId'))).toBe(true);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Action',
    ]);
  });

  it('searches by name and keeps the search and page size in the URL', async () => {
    const { user, api, router } = renderList('/dexs?pageSize=5', 'delivery-executives', [
      ravi,
      meena,
      suresh,
    ]);
    await screen.findByText('Ravi Kumar');

    await user.type(screen.getByRole('searchbox', { name: 'Search delivery executives' }), 'meena');

    await waitFor(() => expect(screen.queryByText('Ravi Kumar')).not.toBeInTheDocument());
    expect(screen.getByText('Meena Das')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?pageSize=5&q=meena');
    const last = api.callsTo('GET /api/delivery-executives').at(-1)!;
    expect(last.query.get('q')).toBe('meena');
    expect(last.query.get('pageSize')).toBe('5');
  });

  it('asks before deleting, deletes with the version, and offers no Undo', async () => {
    const { user, api } = renderList('/admins', 'admins', [anita]);
    await screen.findByText('Anita Sharma');

    await user.click(screen.getByRole('button', { name: 'Delete Anita Sharma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete admin “Anita Sharma”?' });
    expect(dialog).toHaveTextContent(messages.deleteUser);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Anita Sharma deleted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/admins/${anita.id}`)[0]?.query.get('version')).toBe('3');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No admins yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add Admin' })).toHaveLength(2);
  });

  it("shows the server's refusal to delete an executive with open orders in the Error dialog", async () => {
    const refusal = dexHasOpenOrdersMessage([1002, 1005]);
    const { user } = renderList('/dexs', 'delivery-executives', [ravi], {
      overrides: { [`DELETE /api/delivery-executives/${ravi.id}`]: () => apiError(409, 'conflict', refusal) },
    });
    await screen.findByText('Ravi Kumar');

    await user.click(screen.getByRole('button', { name: 'Delete Ravi Kumar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent(
      'This delivery executive has open orders #1002 and #1005. Reassign or close them first.',
    );
    expect(rowOf('Ravi Kumar')).toBeInTheDocument();
  });
});

describe('staff lists in the language chosen', () => {
  it('speaks Hindi: the title, the columns, the search, Add, and the empty list', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderList('/admins', 'admins', [anita]);

    expect(await screen.findByRole('heading', { level: 1, name: 'एडमिन' })).toBeInTheDocument();
    await screen.findByText('Anita Sharma');
    expect(screen.getByText('एडमिन अपने ज़ोन के स्टोर और ऑर्डर चलाते हैं।')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'एडमिन, तालिका' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'नाम',
      'ईमेल',
      'फ़ोन',
      'ज़ोन',
      'कार्रवाई',
    ]);
    expect(screen.getByRole('searchbox', { name: 'एडमिन खोजें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'एडमिन जोड़ें' })).toHaveAttribute('href', '/admins/add');
  });

  it('speaks Hindi: the delete question and the empty list after it', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderList('/dexs', 'delivery-executives', [ravi]);
    await screen.findByText('Ravi Kumar');

    await user.click(screen.getByRole('button', { name: 'Ravi Kumar हटाएँ' }));
    const dialog = await screen.findByRole('dialog', { name: 'डिलीवरी एग्ज़ीक्यूटिव “Ravi Kumar” को हटाएँ?' });
    await user.click(within(dialog).getByRole('button', { name: 'हटाएँ' }));

    expect(await screen.findByText('Ravi Kumar हटाया गया')).toBeInTheDocument();
    expect(await screen.findByText('अभी तक कोई डिलीवरी एग्ज़ीक्यूटिव नहीं')).toBeInTheDocument();
  });
});
