import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { messages } from '@storedesk/shared/messages';
import type { Zone, ZoneUpdate } from '@storedesk/shared/zones/schemas';
import { zoneInUseMessage } from '@storedesk/shared/zones/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listOf, ownerSession, zoneNorth, zoneSouth } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { applyLiveEvent } from '@/lib/live-events.ts';
import en from '@/i18n/en.json';

const zonePath = `/api/zones/${zoneNorth.id}`;
const editPath = `/zones/${zoneNorth.id}/edit`;

function zoneChanged(version: number): LiveEvent {
  return {
    id: String(100 + version),
    topic: 'zones',
    action: 'updated',
    recordId: zoneNorth.id,
    zoneId: zoneNorth.id,
    at: '2025-01-03T00:00:00.000Z',
  };
}

/** The zone as the server has it; a colleague's save replaces it. */
function zoneServer(first: Zone = zoneNorth) {
  const state = { zone: first };
  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/zones': () => json(200, listOf([state.zone, zoneSouth])),
    [`GET ${zonePath}`]: () => json(200, state.zone),
    [`PATCH ${zonePath}`]: (call) => {
      const update = call.body as ZoneUpdate;
      if (update.version !== state.zone.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: state.zone });
      }
      state.zone = { ...state.zone, name: update.name, version: state.zone.version + 1 };
      return json(200, state.zone);
    },
  };
  return { state, handlers };
}

function renderEdit(overrides: Record<string, Handler> = {}) {
  const server = zoneServer();
  const api = mockApi({ ...server.handlers, ...overrides });
  return { ...renderApp(editPath), api, server };
}

describe('edit zone', () => {
  it('sends an unknown zone back to the zones list', async () => {
    const { router } = renderEdit({
      [`GET ${zonePath}`]: () => apiError(404, 'not_found', messages.notFound),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/zones'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zones' })).toBeInTheDocument();
  });

  it('follows a colleague’s save while nobody has typed', async () => {
    const { server, queryClient } = renderEdit();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('North');

    server.state.zone = { ...zoneNorth, name: 'North Bengaluru', version: 2 };
    act(() => applyLiveEvent(queryClient, zoneChanged(2)));

    await waitFor(() => expect(name).toHaveValue('North Bengaluru'));
  });

  it('saves with the version the edits started from, so a colleague’s save in between is not overwritten (D9)', async () => {
    const { user, api, server, queryClient } = renderEdit();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'North Zone');

    // A colleague renames it while this form is being edited; the change arrives live.
    server.state.zone = { ...zoneNorth, name: 'Northern', version: 2 };
    act(() => applyLiveEvent(queryClient, zoneChanged(2)));
    await waitFor(() => expect(api.callsTo(`GET ${zonePath}`)).toHaveLength(2));
    expect(name).toHaveValue('North Zone');

    await user.click(screen.getByRole('button', { name: 'Save zone' }));

    expect(api.callsTo(`PATCH ${zonePath}`)[0]?.body).toEqual({ name: 'North Zone', version: 1 });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this zone while you were editing: Name changed. The form now shows their version; make your changes again.',
    );
    expect(name).toHaveValue('Northern');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Made again on their version, the change is saved.
    await user.clear(name);
    await user.type(name, 'North Zone{Enter}');
    expect(await screen.findByText('Zone saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${zonePath}`)[1]?.body).toEqual({ name: 'North Zone', version: 2 });
    expect(server.state.zone).toMatchObject({ name: 'North Zone', version: 3 });
  });

  it('shows the server’s message on the name when another zone has it', async () => {
    const { user } = renderEdit({
      [`PATCH ${zonePath}`]: () =>
        apiError(409, 'conflict', messages.zoneNameTaken, { fields: { name: messages.zoneNameTaken } }),
    });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'south');
    await user.click(screen.getByRole('button', { name: 'Save zone' }));

    expect(await screen.findByText(messages.zoneNameTaken)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('south');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a blank or overlong name without calling the server', async () => {
    const { user, api } = renderEdit();
    const name = await screen.findByRole('textbox', { name: /^Name/ });

    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save zone' }));
    expect(await screen.findByText('is required')).toBeInTheDocument();

    await user.clear(name);
    await user.click(name);
    await user.paste('x'.repeat(101));
    await user.tab();
    expect(await screen.findByText('must be at most 100 characters')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${zonePath}`)).toHaveLength(0);
  });

  it('deletes after the confirmation, goes back to the list and offers Undo', async () => {
    let deleted = false;
    const { user, api, router } = renderEdit({
      [`DELETE ${zonePath}`]: () => {
        deleted = true;
        return noContent();
      },
      'GET /api/zones': () => json(200, listOf(deleted ? [zoneSouth] : [zoneNorth, zoneSouth])),
      [`POST /api/trash/zones/${zoneNorth.id}/restore`]: () => {
        deleted = false;
        return json(200, { kind: 'zones', id: zoneNorth.id });
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete zone' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete zone “${zoneNorth.name}”?` });
    expect(dialog).toHaveTextContent(messages.deleteZone);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/zones'));
    expect(api.callsTo(`DELETE ${zonePath}`)[0]?.query.get('version')).toBe('1');
    expect(await screen.findByText('North deleted')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'South' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'North' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('North restored')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'North' })).toBeInTheDocument();
  });

  it('says what still uses the zone when the server refuses to delete it', async () => {
    const inUse = zoneInUseMessage({ stores: 2, staff: 1, openOrders: 0 });
    const { user, router } = renderEdit({
      [`DELETE ${zonePath}`]: () => apiError(409, 'conflict', inUse),
    });

    await user.click(await screen.findByRole('button', { name: 'Delete zone' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent(
      'This zone still has 2 stores and 1 staff member. Move or remove them before deleting the zone.',
    );
    expect(router.state.location.pathname).toBe(editPath);
  });
});

describe('edit zone in the language chosen', () => {
  it('asks before a delete in the shared message’s English', () => {
    expect(en['zonesPage.deleteQuestion']).toBe(messages.deleteZone);
  });

  it('speaks Hindi: the title, the name and its hint, the question before a delete, and the save', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderEdit();

    expect(await screen.findByRole('heading', { level: 1, name: 'ज़ोन बदलें' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /^नाम/ });
    expect(name).toHaveAccessibleDescription('स्टोर, एडमिन और डिलीवरी एग्ज़ीक्यूटिव किसी ज़ोन में होते हैं।');

    await user.click(screen.getByRole('button', { name: 'ज़ोन हटाएँ' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('क्या आप पक्का इस ज़ोन को हटाना चाहते हैं?');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.clear(name);
    await user.type(name, 'North Zone');
    await user.click(screen.getByRole('button', { name: 'ज़ोन सेव करें' }));
    expect(await screen.findByText('ज़ोन सेव हो गया')).toBeInTheDocument();
  });
});
