import { apiKeyMessages } from '@storedesk/shared/settings/api-keys';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { businessServer } from '@/testing/business-test-server.ts';

function renderOthers() {
  const server = businessServer();
  const api = mockApi(server.handlers);
  return { ...renderApp('/settings?tab=others'), api };
}

describe('Settings > Others: secret API keys', () => {
  it('says there are none yet, makes one named as asked, shows its secret once, and lists it by its last four', async () => {
    const { user, api } = renderOthers();
    expect(
      await screen.findByText('No keys yet. Make one for each system that places orders.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make a key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a secret API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Make key' }));
    expect(await within(dialog).findByText(apiKeyMessages.name)).toBeInTheDocument();
    expect(api.callsTo('POST /api/settings/api-keys')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Counter till{Enter}');
    const shown = await screen.findByRole('dialog', { name: 'Copy the key “Counter till” now' });
    expect(api.callsTo('POST /api/settings/api-keys')[0]?.body).toEqual({ name: 'Counter till' });
    const secret = within(shown).getByRole('textbox', { name: 'Secret API key' });
    expect(secret).toHaveValue(`sk_live_${'k'.repeat(39)}0000`);
    expect(within(shown).getByText(/This is the only time the key is shown/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const list = await screen.findByRole('list', { name: 'Secret API keys' });
    expect(within(list).getByText('sk_…0000')).toBeInTheDocument();
    expect(
      within(list).getByText('Made by Olivia Owner on 02/01/2025 10:00 AM; never used'),
    ).toBeInTheDocument();
    expect(screen.queryByText(`sk_live_${'k'.repeat(39)}0000`)).not.toBeInTheDocument();
  });

  it('revokes a key after asking, naming it, and then offers no Revoke for it', async () => {
    const { user, api } = renderOthers();
    await user.click(await screen.findByRole('button', { name: 'Make a key' }));
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Phone desk{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Done' }));

    await user.click(await screen.findByRole('button', { name: 'Revoke Phone desk' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the key?' });
    expect(
      within(confirm).getByText(
        'Orders that carry the key “Phone desk” are refused from the moment it is revoked, and it cannot be used again. Revoke it?',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Key “Phone desk” revoked')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/settings/api-keys/key-1')).toHaveLength(1);
    expect(await screen.findByText('Revoked on 03/01/2025 11:30 AM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Phone desk' })).not.toBeInTheDocument();
  });
});
