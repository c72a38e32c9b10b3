import { messages } from '@storedesk/shared/messages';
import type { ZoneInput } from '@storedesk/shared/zones/schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listOf, ownerSession, zoneSouth } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function renderAdd(create: Handler) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/zones': () => json(200, listOf([zoneSouth])),
    'POST /api/zones': create,
  });
  return { ...renderApp('/zones/add'), api };
}

describe('add zone', () => {
  it('adds the zone and goes back to the list', async () => {
    const { user, api, router } = renderAdd((call) =>
      json(201, { ...zoneSouth, id: 'z-new', name: (call.body as ZoneInput).name, version: 1 }),
    );

    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), '  East  {Enter}');

    expect(await screen.findByText('Zone added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/zones')[0]?.body).toEqual({ name: 'East' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/zones'));
  });

  it('Cancel leaves without saving, back to the list', async () => {
    const { user, api, router } = renderAdd(() => json(500, {}));

    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'East');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/zones'));
    expect(api.callsTo('POST /api/zones')).toHaveLength(0);
  });

  it('requires a name', async () => {
    const { user, api } = renderAdd(() => json(500, {}));

    await user.click(await screen.findByRole('button', { name: 'Add zone' }));

    expect(await screen.findByText('is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/zones')).toHaveLength(0);
  });

  it('shows the server’s message on the name when a zone already has it', async () => {
    const { user, router } = renderAdd(() =>
      apiError(409, 'conflict', messages.zoneNameTaken, { fields: { name: messages.zoneNameTaken } }),
    );

    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'SOUTH{Enter}');

    expect(await screen.findByText(messages.zoneNameTaken)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/zones/add');
  });

  it('shows a refusal without field reasons in the Error dialog', async () => {
    const { user } = renderAdd(() => apiError(403, 'forbidden', messages.forbidden));

    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'East{Enter}');

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.forbidden);
  });
});

describe('add zone in the language chosen', () => {
  it('speaks Kannada: the title, the name, and the zone added', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    const { user } = renderAdd((call) =>
      json(201, { ...zoneSouth, id: 'z-new', name: (call.body as ZoneInput).name, version: 1 }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'ವಲಯ ಸೇರಿಸಿ' })).toBeInTheDocument();
    expect(
      screen.getByText('ಅಂಗಡಿಗಳು, ಅಡ್ಮಿನ್‌ಗಳು ಮತ್ತು ಡೆಲಿವರಿ ಎಕ್ಸಿಕ್ಯೂಟಿವ್‌ಗಳನ್ನು ವಲಯದ ಪ್ರಕಾರ ಗುಂಪು ಮಾಡಲಾಗುತ್ತದೆ.'),
    ).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: /^ಹೆಸರು/ }), 'East');
    await user.click(screen.getByRole('button', { name: 'ವಲಯ ಸೇರಿಸಿ' }));
    expect(await screen.findByText('ವಲಯ ಸೇರಿಸಲಾಗಿದೆ')).toBeInTheDocument();
  });
});
