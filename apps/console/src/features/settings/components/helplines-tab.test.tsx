import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { messages } from '@storedesk/shared/messages';
import type { Helpline, HelplineUpdate } from '@storedesk/shared/settings/helplines';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { listOf, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

const care: Helpline = {
  id: 'b1000000-0000-4000-8000-000000000001',
  title: 'Customer care',
  phoneNumber: '1800-123-4567',
  version: 2,
  updatedAt: '2025-01-02T00:00:00.000Z',
};
const escalations: Helpline = {
  id: 'b1000000-0000-4000-8000-000000000002',
  title: 'Escalations',
  phoneNumber: '+91 98450 00000',
  version: 1,
  updatedAt: '2025-01-02T00:00:00.000Z',
};

const changed: LiveEvent = {
  id: '901',
  topic: 'settings',
  action: 'updated',
  recordId: 'helplines',
  zoneId: null,
  at: '2025-01-03T00:00:00.000Z',
};

function helplinesServer(first: Helpline[]) {
  const state = { helplines: first };
  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/settings/helplines': () => json(200, listOf(state.helplines)),
    'POST /api/settings/helplines': (call) => {
      const created = {
        id: 'b1000000-0000-4000-8000-000000000009',
        version: 1,
        updatedAt: '2025-01-03T00:00:00.000Z',
        ...(call.body as object),
      } as Helpline;
      state.helplines = [...state.helplines, created];
      return json(201, created);
    },
    [`PATCH /api/settings/helplines/${care.id}`]: (call) => {
      const update = call.body as HelplineUpdate;
      const now = state.helplines.find((each) => each.id === care.id)!;
      if (update.version !== now.version)
        return apiError(409, 'conflict', messages.staleRecord, { current: now });
      const next = { ...now, title: update.title, phoneNumber: update.phoneNumber, version: now.version + 1 };
      state.helplines = state.helplines.map((each) => (each.id === care.id ? next : each));
      return json(200, next);
    },
    [`DELETE /api/settings/helplines/${escalations.id}`]: () => {
      state.helplines = state.helplines.filter((each) => each.id !== escalations.id);
      return noContent();
    },
  };
  return { state, handlers };
}

function renderTab(overrides: Record<string, Handler> = {}, first: Helpline[] = [care, escalations]) {
  const server = helplinesServer(first);
  const api = mockApi({ ...server.handlers, ...overrides });
  return { ...renderApp('/settings?tab=helplines'), api, server };
}

const list = () => screen.findByRole('region', { name: 'Helplines' });

describe('Settings > Helplines', () => {
  it('lists the helplines with numbers to call', async () => {
    renderTab();
    const region = await list();
    expect(within(region).getByRole('heading', { name: 'Customer care' })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: '1800-123-4567' })).toHaveAttribute(
      'href',
      'tel:18001234567',
    );
    expect(within(region).getByRole('link', { name: '+91 98450 00000' })).toHaveAttribute(
      'href',
      'tel:+919845000000',
    );
  });

  it('says when there are none, and when they could not be loaded', async () => {
    renderTab({}, []);
    expect(await screen.findByText('No helplines yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add helpline' })).toBeEnabled();
  });

  it('says when they could not be loaded, and Try again loads them', async () => {
    let fail = true;
    const { user } = renderTab({
      'GET /api/settings/helplines': () =>
        fail ? apiError(500, 'internal', 'Something went wrong') : json(200, listOf([care])),
    });
    expect(await screen.findByText('Could not load the helplines')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await list()).toBeInTheDocument();
  });

  it('adds a helpline; a blank title and a wrong number are refused with the spec messages first', async () => {
    const { user, api } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add helpline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add helpline' });
    const phone = within(dialog).getByRole('textbox', { name: /^Phone number/ });
    await user.type(phone, '98450O0000');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(messages.helplineTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.helplinePhone)).toBeInTheDocument();
    expect(api.callsTo('POST /api/settings/helplines')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Night line');
    await user.clear(phone);
    await user.type(phone, '080-2345-6789{Enter}');

    expect(await screen.findByText('Night line added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/settings/helplines')[0]?.body).toEqual({
      title: 'Night line',
      phoneNumber: '080-2345-6789',
    });
    expect(await screen.findByRole('heading', { name: 'Night line' })).toBeInTheDocument();
  });

  it('shows the server’s reason when the business has all its helplines', async () => {
    const tooMany = 'A business can have at most 20 helplines';
    const { user } = renderTab({ 'POST /api/settings/helplines': () => apiError(409, 'conflict', tooMany) });
    await user.click(await screen.findByRole('button', { name: 'Add helpline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add helpline' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'One more');
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone number/ }), '100{Enter}');
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent(tooMany);
  });

  it('edits with the version the edits started from; a colleague’s save in between is shown, not overwritten', async () => {
    const { user, api, server, queryClient } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Customer care' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer care' });
    const phone = within(dialog).getByRole('textbox', { name: /^Phone number/ });
    await user.clear(phone);
    await user.type(phone, '1800 000 1111');

    server.state.helplines = [{ ...care, phoneNumber: '1800-999-0000', version: 3 }, escalations];
    act(() => applyLiveEvent(queryClient, changed));
    await waitFor(() => expect(api.callsTo('GET /api/settings/helplines')).toHaveLength(2));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else saved this helpline while you were editing: Phone number changed.',
    );
    expect(phone).toHaveValue('1800-999-0000');
    expect(api.callsTo(`PATCH /api/settings/helplines/${care.id}`)[0]?.body).toEqual({
      title: 'Customer care',
      phoneNumber: '1800 000 1111',
      version: 2,
    });

    await user.clear(phone);
    await user.type(phone, '1800 000 1111{Enter}');
    expect(await screen.findByText('Customer care saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/settings/helplines/${care.id}`)[1]?.body).toMatchObject({ version: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: '1800 000 1111' })).toBeInTheDocument();
  });

  it('deletes a helpline after a confirmation that names it', async () => {
    const { user, api } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete Escalations' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete helpline' });
    expect(confirm).toHaveTextContent('Are you sure? You want to delete the helpline “Escalations”');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Escalations deleted')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/settings/helplines/${escalations.id}`)[0]?.query.get('version')).toBe(
      '1',
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Escalations' })).not.toBeInTheDocument(),
    );
  });

  it('fits a phone: every action is still there at 375 px', async () => {
    setViewportWidth(375);
    renderTab();
    const region = await list();
    expect(within(region).getByRole('button', { name: 'Edit Escalations' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Delete Escalations' })).toBeInTheDocument();
  });
});

describe('Settings > Helplines in Hindi', () => {
  it('speaks Hindi: the list, the edit dialog, the delete question and the messages', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    try {
      const { user } = renderTab();
      const lines = await screen.findByRole('region', { name: 'हेल्पलाइन' });
      expect(screen.getByText('व्यवसाय को कॉल करने के लिए ग्राहक ऐप में दिखने वाले नंबर।')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'हेल्पलाइन जोड़ें' })).toBeEnabled();

      await user.click(within(lines).getByRole('button', { name: 'Customer care बदलें' }));
      const dialog = await screen.findByRole('dialog', { name: 'Customer care बदलें' });
      expect(within(dialog).getByRole('textbox', { name: /^फ़ोन नंबर/ })).toHaveValue('1800-123-4567');
      await user.click(within(dialog).getByRole('button', { name: 'सेव करें' }));
      expect(await screen.findByText('Customer care सेव हो गई')).toBeInTheDocument();

      await user.click(within(lines).getByRole('button', { name: 'Escalations हटाएँ' }));
      const question = await screen.findByRole('dialog', { name: 'हेल्पलाइन हटाएँ' });
      expect(question).toHaveTextContent('क्या आप पक्का हेल्पलाइन “Escalations” हटाना चाहते हैं?');
      await user.click(within(question).getByRole('button', { name: 'हटाएँ' }));
      expect(await screen.findByText('Escalations हटा दी गई')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('storedesk:console:language');
    }
  });

  it('says in Hindi when there are none', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    try {
      renderTab({}, []);
      expect(await screen.findByText('अभी कोई हेल्पलाइन नहीं है')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('storedesk:console:language');
    }
  });
});
