import { messages } from '@storedesk/shared/messages';
import { businessMessages } from '@storedesk/shared/settings/business';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { businessChanged, businessRecord, businessServer } from '@/testing/business-test-server.ts';

function renderAbout(overrides: Record<string, Handler> = {}) {
  const server = businessServer();
  const api = mockApi({ ...server.handlers, ...overrides });
  return { ...renderApp('/settings?tab=about'), api, server };
}

const nameField = () => screen.findByRole('textbox', { name: /^Business name/ });

describe('Settings > About', () => {
  it('shows the business’s name, description and time zone', async () => {
    renderAbout();
    expect(await nameField()).toHaveValue('Demo Fresh Mart');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Fresh groceries, delivered.');
    expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('Asia/Kolkata');
    expect(screen.getByText('27 of 1000 characters')).toBeInTheDocument();
  });

  it('takes a GSTIN as typed, in capitals without spaces, and refuses one whose check character is wrong', async () => {
    const { user, api } = renderAbout();
    await nameField();
    const gstin = screen.getByRole('textbox', { name: 'GSTIN' });
    await user.type(gstin, '27aapfu0939f1za');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('is not a valid GSTIN: its last character does not match'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business')).toHaveLength(0);

    await user.clear(gstin);
    await user.type(gstin, '27 aapfu0939f1zv');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business details saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business')[0]?.body).toMatchObject({ gstin: '27AAPFU0939F1ZV' });
  });

  it('says when the record could not be loaded, and Try again loads it', async () => {
    let fail = true;
    const { user } = renderAbout({
      'GET /api/settings/business': () =>
        fail ? apiError(500, 'internal', 'Something went wrong') : json(200, businessRecord),
    });
    expect(await screen.findByText('Could not load the business’s details')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await nameField()).toHaveValue('Demo Fresh Mart');
  });

  it('saves the name, description and a searched time zone with the version read; the shell follows', async () => {
    const { user, api } = renderAbout();
    const name = await nameField();
    await user.clear(name);
    await user.type(name, 'Fresh Mart Express');
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Open late');
    const zone = screen.getByRole('combobox', { name: /^Time zone/ });
    await user.clear(zone);
    await user.type(zone, 'Europe/Lond');
    await user.click(await screen.findByRole('option', { name: 'Europe/London' }));
    expect(zone).toHaveValue('Europe/London');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Business details saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business')[0]?.body).toEqual({
      name: 'Fresh Mart Express',
      description: 'Open late',
      timeZone: 'Europe/London',
      gstin: null,
      version: 4,
    });
    // The session is read again, so the sidebar shows the new name at once.
    const sidebar = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    await waitFor(() => expect(within(sidebar).getByText('Fresh Mart Express')).toBeInTheDocument());
  });

  it('needs a name, and refuses an overlong description, without calling the server', async () => {
    const { user, api } = renderAbout();
    const name = await nameField();
    await user.clear(name);
    await user.type(name, '   ');
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.click(description);
    await user.paste('d'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.businessName)).toBeInTheDocument();
    expect(screen.getByText('must be at most 1000 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH /api/settings/business')).toHaveLength(0);
  });

  it('puts the server’s field reasons on their fields', async () => {
    const { user } = renderAbout({
      'PATCH /api/settings/business': () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { timeZone: businessMessages.timeZone },
        }),
    });
    await user.type(await nameField(), ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(businessMessages.timeZone)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps every server reason in view and focuses the first field that has one', async () => {
    const { user } = renderAbout({
      'PATCH /api/settings/business': () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { name: 'must not be all spaces', timeZone: businessMessages.timeZone },
        }),
    });
    await user.type(await nameField(), ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('must not be all spaces')).toBeInTheDocument();
    expect(screen.getByText(businessMessages.timeZone)).toBeInTheDocument();
    expect(await nameField()).toHaveFocus();
  });

  it('follows a colleague’s save while untouched; once edited, a stale save shows theirs and says what changed (D9)', async () => {
    const { user, api, server, queryClient } = renderAbout();
    const name = await nameField();

    server.state.record = { ...businessRecord, description: 'Now open on Sundays', version: 5 };
    act(() => applyLiveEvent(queryClient, businessChanged));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Now open on Sundays'),
    );

    await user.clear(name);
    await user.type(name, 'Fresh Mart Prime');
    // A colleague renames it meanwhile; the change arrives live but the edits stay.
    server.state.record = { ...server.state.record, name: 'Fresh Mart One', version: 6 };
    act(() => applyLiveEvent(queryClient, businessChanged));
    await waitFor(() => expect(api.callsTo('GET /api/settings/business')).toHaveLength(3));
    expect(name).toHaveValue('Fresh Mart Prime');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this business’s settings while you were editing: Name changed. The form now shows their version; make your changes again.',
    );
    expect(api.callsTo('PATCH /api/settings/business')[0]?.body).toMatchObject({ version: 5 });
    expect(name).toHaveValue('Fresh Mart One');

    await user.clear(name);
    await user.type(name, 'Fresh Mart Prime{Enter}');
    expect(await screen.findByText('Business details saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business')[1]?.body).toMatchObject({
      name: 'Fresh Mart Prime',
      version: 6,
    });
  });
});

describe('Settings > About in Hindi', () => {
  it('speaks Hindi: the page’s title, the tabs, the fields and their help, Save and the saved message', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    try {
      const { user } = renderAbout();
      expect(await screen.findByRole('heading', { level: 1, name: 'सेटिंग्स' })).toBeInTheDocument();
      const tabs = within(screen.getByRole('tablist', { name: 'सेटिंग्स' })).getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'जानकारी',
        'पेमेंट के तरीके',
        'ऑर्डर सेटिंग्स',
        'रेफ़रल सेटिंग्स',
        'हेल्पलाइन',
        'अन्य',
        'सूचनाएँ',
      ]);
      const name = await screen.findByRole('textbox', { name: /^व्यवसाय का नाम/ });
      expect(name).toHaveValue('Demo Fresh Mart');
      expect(screen.getByText('साइडबार, फ़ुटर और हर अकाउंट पर दिखता है।')).toBeInTheDocument();
      expect(screen.getByText('1000 में से 27 अक्षर')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: /^टाइम ज़ोन/ })).toHaveValue('Asia/Kolkata');
      await user.clear(name);
      await user.type(name, 'Fresh Mart Prime');
      await user.click(screen.getByRole('button', { name: 'सेव करें' }));
      expect(await screen.findByText('व्यवसाय की जानकारी सेव हो गई')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('storedesk:console:language');
    }
  });

  it('says in Hindi when the record could not be loaded', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    try {
      renderAbout({ 'GET /api/settings/business': () => apiError(500, 'internal', 'Something went wrong') });
      expect(await screen.findByText('व्यवसाय की जानकारी लोड नहीं हो सकी')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('storedesk:console:language');
    }
  });
});
