import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ownerSession, zones } from '@/testing/fixtures.ts';
import { json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** The zone picker's code arrives only when the test lets it: a slow connection. */
const arrival = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release: () => release() };
});
vi.mock('@/components/zone-picker.tsx', async (importOriginal) => {
  await arrival.gate;
  return importOriginal();
});

describe("the top bar's zone switcher while its picker loads", () => {
  it('keeps the focus in the field, then hands it to the picker with its list open after a press', async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
    });
    const { user } = renderApp('/dashboard');

    const standIn = await screen.findByRole('combobox', { name: 'Zone' });
    expect(standIn).toHaveValue('All zones');
    await user.click(standIn);
    // Still loading: the field is the same element, focused, its list not shown.
    expect(screen.getByRole('combobox', { name: 'Zone' })).toBe(standIn);
    expect(standIn).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    act(() => arrival.release());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Zone' })).not.toBe(standIn));
    const picker = screen.getByRole('combobox', { name: 'Zone' });
    await waitFor(() => expect(picker).toHaveFocus());
    expect(await screen.findByRole('option', { name: 'North' })).toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-expanded', 'true');
  });
});
