import type { MeResponse } from '@storedesk/shared/auth/schemas';
import { messages } from '@storedesk/shared/messages';
import type { StaffKind, StaffMember } from '@storedesk/shared/staff/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, ownerSession, zoneNorth, zoneSouth } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { anita, meena, ravi, staffServer } from '@/testing/staff-test-server.ts';

function renderForm(
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
  return {
    ...renderApp(entry),
    api,
    people: () => people,
    setPeople: (next: StaffMember[]) => (people = next),
  };
}

/** The form's zone, not the top bar's zone switcher. */
const zonePicker = () => within(screen.getByRole('main')).getByRole('combobox', { name: /^Zone/ });
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function fillPerson(user: UserEvent) {
  await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Kiran Rao');
  await user.type(field('Email'), 'kiran@example.test');
  await user.type(field('Phone'), '+91-9000000044');
}

describe('admin and delivery executive forms', () => {
  it('adds an admin in the zone the owner picks, and goes back to the list', async () => {
    const { user, api, router } = renderForm('/admins/add', 'admins', [anita]);
    await fillPerson(user);
    expect(field('Phone')).toHaveAttribute('placeholder', '+91-1234567890');
    await user.type(screen.getByLabelText(/^Password/), 'kiran-secret-1');
    await user.click(zonePicker());
    await user.click(await screen.findByRole('option', { name: 'South' }));

    await user.click(screen.getByRole('button', { name: 'Add Admin' }));

    expect(await screen.findByText('Kiran Rao added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admins')[0]?.body).toEqual({
      name: 'Kiran Rao',
      email: 'kiran@example.test',
      phone: '+91-9000000044',
      password: 'kiran-secret-1',
      zoneId: zoneSouth.id,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admins'));
  });

  it("starts the owner's new executive in the top bar's zone", async () => {
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, zoneSouth.id);
    const { user, api } = renderForm('/dexs/add', 'delivery-executives', []);
    await fillPerson(user);
    await user.type(screen.getByLabelText(/^Password/), 'kiran-secret-1');

    await waitFor(() => expect(zonePicker()).toHaveValue('South'));
    await user.click(screen.getByRole('button', { name: 'Add Delivery Executive' }));

    await screen.findByText('Kiran Rao added');
    expect(api.callsTo('POST /api/delivery-executives')[0]?.body).toMatchObject({ zoneId: zoneSouth.id });
  });

  it('starts in the zone a link names, as the order screens\' "Add a delivery executive" does', async () => {
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, zoneNorth.id);
    renderForm(`/dexs/add?zoneId=${zoneSouth.id}`, 'delivery-executives', []);

    await waitFor(() => expect(zonePicker()).toHaveValue('South'));
  });

  it("gives an admin no zone field: their executive joins the admin's zone", async () => {
    const { user, api } = renderForm('/dexs/add', 'delivery-executives', [], { session: adminSession });
    await fillPerson(user);
    expect(
      within(screen.getByRole('main')).queryByRole('combobox', { name: /^Zone/ }),
    ).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), 'kiran-secret-1');

    await user.click(screen.getByRole('button', { name: 'Add Delivery Executive' }));

    await screen.findByText('Kiran Rao added');
    expect(api.callsTo('POST /api/delivery-executives')[0]?.body).toEqual({
      name: 'Kiran Rao',
      email: 'kiran@example.test',
      phone: '+91-9000000044',
      password: 'kiran-secret-1',
    });
  });

  it('needs a password of 8 characters or more on add, and the zone for the owner', async () => {
    const { user, api } = renderForm('/admins/add', 'admins', []);
    await fillPerson(user);
    await user.type(screen.getByLabelText(/^Password/), 'short');

    await user.click(screen.getByRole('button', { name: 'Add Admin' }));

    expect(await screen.findByText(messages.passwordLength)).toBeInTheDocument();
    expect(screen.getByText('Choose a zone')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admins')).toHaveLength(0);
  });

  it("puts the server's message on the field it names, which takes the focus, with no alert", async () => {
    const { user, api } = renderForm('/dexs/add', 'delivery-executives', [ravi], { session: adminSession });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Ravi Again');
    await user.type(field('Email'), ravi.email);
    await user.type(field('Phone'), '+91-9000000045');
    await user.type(screen.getByLabelText(/^Password/), 'ravi-secret-2');

    await user.click(screen.getByRole('button', { name: 'Add Delivery Executive' }));

    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(messages.emailTaken));
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/delivery-executives')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancel leaves without adding anyone, back to the list', async () => {
    const { user, api, router } = renderForm('/admins/add', 'admins', [anita]);
    await fillPerson(user);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admins'));
    expect(api.callsTo('POST /api/admins')).toHaveLength(0);
  });

  it('shows a refusal that names no field (403) in the alert', async () => {
    const { user } = renderForm('/dexs/add', 'delivery-executives', [], {
      session: adminSession,
      overrides: { 'POST /api/delivery-executives': () => apiError(403, 'forbidden', messages.forbidden) },
    });
    await fillPerson(user);
    await user.type(screen.getByLabelText(/^Password/), 'kiran-secret-1');

    await user.click(screen.getByRole('button', { name: 'Add Delivery Executive' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.forbidden);
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fills the edit form; the password is optional and a blank one is not sent', async () => {
    const { user, api, router } = renderForm(`/dexs/${meena.id}/edit`, 'delivery-executives', [ravi, meena]);

    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Meena Das');
    expect(field('Email')).toHaveValue(meena.email);
    expect(field('Phone')).toHaveValue(meena.phone);
    expect(zonePicker()).toHaveValue('North');
    const password = screen.getByLabelText('Update Password (Optional)');
    expect(password).toHaveValue('');
    expect(password).not.toBeRequired();

    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+91-9000000022');
    await user.click(screen.getByRole('button', { name: 'Save Delivery Executive' }));

    expect(await screen.findByText('Meena Das saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/delivery-executives/${meena.id}`)[0]?.body).toEqual({
      name: 'Meena Das',
      email: meena.email,
      phone: '+91-9000000022',
      zoneId: zoneNorth.id,
      version: 3,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dexs'));
  });

  it('sends a new password when one is typed on edit', async () => {
    const { user, api } = renderForm(`/admins/${anita.id}/edit`, 'admins', [anita]);
    await screen.findByRole('textbox', { name: /^Name/ });

    await user.type(screen.getByLabelText('Update Password (Optional)'), 'anita-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save Admin' }));

    await screen.findByText('Anita Sharma saved');
    expect(api.callsTo(`PATCH /api/admins/${anita.id}`)[0]?.body).toMatchObject({
      password: 'anita-new-pass',
      version: 3,
    });
  });

  it("saves with the version its edits started from, so a colleague's save in between is refused (D9)", async () => {
    const { user, api, queryClient, people, setPeople } = renderForm(`/admins/${anita.id}/edit`, 'admins', [
      anita,
    ]);
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '+91-9100000077');

    // The owner, in another tab, moves Anita to the South zone; the live event brings it.
    const moved = { ...anita, name: 'Anita S', zoneId: zoneSouth.id, zoneName: zoneSouth.name, version: 4 };
    setPeople([moved]);
    act(() => queryClient.setQueryData(['staff', 'admins', 'detail', anita.id], moved));
    expect(phone).toHaveValue('+91-9100000077');

    await user.click(screen.getByRole('button', { name: 'Save Admin' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this admin while you were editing: Name and Zone changed. The form now shows their version; make your changes again.',
    );
    expect(api.callsTo(`PATCH /api/admins/${anita.id}`)[0]?.body).toMatchObject({
      phone: '+91-9100000077',
      version: 3,
    });
    expect(field('Name')).toHaveValue('Anita S');
    expect(phone).toHaveValue(anita.phone);
    expect(zonePicker()).toHaveValue('South');
    expect(people()[0]).toEqual(moved);

    await user.clear(phone);
    await user.type(phone, '+91-9100000077');
    await user.click(screen.getByRole('button', { name: 'Save Admin' }));
    await screen.findByText('Anita S saved');
    expect(api.callsTo(`PATCH /api/admins/${anita.id}`)[1]?.body).toMatchObject({
      name: 'Anita S',
      phone: '+91-9100000077',
      zoneId: zoneSouth.id,
      version: 4,
    });
  });

  it('sends an unknown person back to their list', async () => {
    const { router } = renderForm(
      '/dexs/e0000000-0000-4000-8000-000000000404/edit',
      'delivery-executives',
      [],
      {
        overrides: {
          'GET /api/delivery-executives/e0000000-0000-4000-8000-000000000404': () =>
            apiError(404, 'not_found', messages.notFound),
        },
      },
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/dexs'));
  });

  it('sends an admin who opens the admins screens to the dashboard', async () => {
    const { router } = renderForm('/admins/add', 'admins', [], { session: adminSession });

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('admin and delivery executive forms in the language chosen', () => {
  it('speaks Hindi: the add form’s title, fields, zone message, and its saved message', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderForm('/admins/add', 'admins', [anita]);

    expect(await screen.findByRole('heading', { level: 1, name: 'एडमिन जोड़ें' })).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: /^नाम/ }), 'Kiran Rao');
    await user.type(screen.getByRole('textbox', { name: /^ईमेल/ }), 'kiran@example.test');
    await user.type(screen.getByRole('textbox', { name: /^फ़ोन/ }), '+91-9000000044');
    await user.type(screen.getByLabelText(/^पासवर्ड/), 'kiran-secret-1');
    expect(screen.getByText('8 से 128 अक्षर।')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'एडमिन जोड़ें' }));
    expect(await screen.findByText('एक ज़ोन चुनें')).toBeInTheDocument();

    await user.click(within(screen.getByRole('main')).getByRole('combobox', { name: /^ज़ोन/ }));
    await user.click(await screen.findByRole('option', { name: 'South' }));
    await user.click(screen.getByRole('button', { name: 'एडमिन जोड़ें' }));
    expect(await screen.findByText('Kiran Rao जोड़ा गया')).toBeInTheDocument();
  });

  it('speaks Hindi: the edit form’s title, its optional password and the colleague’s save', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user, queryClient, setPeople } = renderForm(`/admins/${anita.id}/edit`, 'admins', [anita]);

    expect(await screen.findByRole('heading', { level: 1, name: 'एडमिन बदलें' })).toBeInTheDocument();
    const phone = await screen.findByRole('textbox', { name: /^फ़ोन/ });
    expect(screen.getByLabelText('पासवर्ड बदलें (वैकल्पिक)')).toHaveValue('');
    expect(screen.getByText('मौजूदा पासवर्ड रखने के लिए खाली छोड़ें।')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '+91-9100000077');

    const moved = { ...anita, name: 'Anita S', zoneId: zoneSouth.id, zoneName: zoneSouth.name, version: 4 };
    setPeople([moved]);
    act(() => queryClient.setQueryData(['staff', 'admins', 'detail', anita.id], moved));
    await user.click(screen.getByRole('button', { name: 'एडमिन सेव करें' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'एडमिन: आपके बदलाव करते समय किसी और ने इसे सेव कर दिया (बदलाव: नाम और ज़ोन)। फ़ॉर्म में अब उनका संस्करण है; अपने बदलाव फिर से करें।',
    );
  });
});
