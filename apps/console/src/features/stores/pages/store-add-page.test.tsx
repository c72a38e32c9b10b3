import { messages } from '@storedesk/shared/messages';
import type { StoreInput } from '@storedesk/shared/stores/schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  adminSession,
  listOf,
  ownerSession,
  storeFixture,
  zoneNorth,
  zoneSouth,
} from '@/testing/fixtures.ts';
import type { ApiCall } from '@/testing/mock-api.ts';
import { json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function created(call: ApiCall) {
  const input = call.body as StoreInput;
  return json(201, storeFixture({ ...input, status: 0, version: 1 }));
}

function renderAddStore(session = adminSession) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/zones': () => json(200, listOf([zoneNorth, zoneSouth])),
    'GET /api/stores': () => json(200, listOf([])),
    'POST /api/stores': created,
    'PUT /api/stores/a0000000-0000-4000-8000-000000000001/image': () =>
      json(200, storeFixture({ imageUrl: '/files/store.jpg' })),
  });
  const view = renderApp('/stores/add');
  return { ...view, api };
}

async function choose(user: UserEvent, label: RegExp, option: string) {
  await user.click(within(screen.getByRole('main')).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function enter(user: UserEvent, label: RegExp, text: string) {
  await user.click(await screen.findByRole('textbox', { name: label }));
  await user.paste(text);
}

/** Everything but the point on the map. */
async function fillDetails(user: UserEvent) {
  await enter(user, /^Name/, 'Green Basket');
  await choose(user, /^Featured/, '3');
  await enter(user, /^Phone/, '+91-9812345678');
  await choose(user, /^Open time/, '09:30 AM');
  await choose(user, /^Close time/, '09:00 PM');
  await enter(user, /^Description$/, 'Organic vegetables');
  await enter(user, /^Location/, 'MG Road, Pune');
}

async function setPoint(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Use the centre of the map' }));
  expect(await screen.findByText(/^Location: 22\.50000, 79\.00000$/)).toBeInTheDocument();
}

/** Makes the browser's canvas give JPEGs of `bytes` bytes, whatever the size drawn. */
function fakeCanvas(bytes: number) {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 1600, height: 1200, close: () => undefined })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    fillRect: () => undefined,
    drawImage: () => undefined,
  } as unknown as CanvasRenderingContext2D);
  const toBlob = vi
    .spyOn(HTMLCanvasElement.prototype, 'toBlob')
    .mockImplementation((callback) => callback(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })));
  return { toBlob };
}

function photo(bytes: number) {
  return new File([new Uint8Array(bytes)], 'shop-front.png', { type: 'image/png' });
}

describe('add store', () => {
  it('refuses a phone without a run of 10 digits', async () => {
    const { user, api } = renderAddStore();
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    expect(phone).toHaveAttribute('placeholder', '+91-1234567890');

    await user.type(phone, '+91-98123-45678');
    await user.tab();

    expect(await screen.findByText(messages.storePhone)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Add store' }));
    expect(api.callsTo('POST /api/stores')).toHaveLength(0);
  });

  it('asks for the point on the map before saving', async () => {
    const { user, api } = renderAddStore();
    await fillDetails(user);

    await user.click(screen.getByRole('button', { name: 'Add store' }));

    const dialog = await screen.findByRole('dialog', { name: 'Store Location' });
    expect(dialog).toHaveTextContent(messages.storeLocation);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/stores')).toHaveLength(0);
  });

  it('with other fields to fix, focuses the first of them and says under the map what is missing, without the dialog', async () => {
    const { user, api } = renderAddStore();
    await screen.findByRole('textbox', { name: /^Phone/ });

    await user.click(screen.getByRole('button', { name: 'Add store' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus());
    expect(screen.getByText(messages.storeLocation)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Store Location' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/stores')).toHaveLength(0);
  });

  it('sends times as HH:mm and numbers as numbers, then goes back with a message', async () => {
    const { user, api, router } = renderAddStore();
    await fillDetails(user);
    await setPoint(user);

    await user.click(screen.getByRole('button', { name: 'Add store' }));

    expect(await screen.findByText('Store added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/stores')[0]?.body).toEqual({
      name: 'Green Basket',
      featured: 3,
      phone: '+91-9812345678',
      openTime: '09:30',
      closeTime: '21:00',
      description: 'Organic vegetables',
      descriptionHi: null,
      descriptionKn: null,
      location: 'MG Road, Pune',
      latitude: 22.5,
      longitude: 79,
      deliveryRadiusKm: 5,
      deliverySlots: null,
      specialDays: [],
      deliveryRule: null,
    });
    expect(api.callsTo('PUT /api/stores/a0000000-0000-4000-8000-000000000001/image')).toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/stores'));
  });

  it('takes a delivery radius from 0.5 to 50 km, 5 unless changed, and says so when it is out of range', async () => {
    const { user, api } = renderAddStore();
    await fillDetails(user);
    await setPoint(user);
    const radius = screen.getByRole('spinbutton', { name: /^Delivery radius \(km\)/ });
    expect(radius).toHaveValue(5);

    await user.clear(radius);
    await user.type(radius, '60');
    await user.click(screen.getByRole('button', { name: 'Add store' }));
    expect(await screen.findByText('must be from 0.5 to 50 km')).toBeInTheDocument();
    expect(radius).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/stores')).toHaveLength(0);

    await user.clear(radius);
    await user.type(radius, '7.5');
    await user.click(screen.getByRole('button', { name: 'Add store' }));
    expect(await screen.findByText('Store added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/stores')[0]?.body).toMatchObject({ deliveryRadiusKm: 7.5 });
  });

  it("lets the owner choose the store's zone and sends it", async () => {
    const { user, api } = renderAddStore(ownerSession);
    await fillDetails(user);
    await choose(user, /^Zone/, 'South');
    await setPoint(user);

    await user.click(screen.getByRole('button', { name: 'Add store' }));

    await screen.findByText('Store added');
    expect(api.callsTo('POST /api/stores')[0]?.body).toMatchObject({ zoneId: zoneSouth.id });
  });

  it('shows the Error dialog for an image over 15 KB that cannot be shrunk enough', async () => {
    const { toBlob } = fakeCanvas(20_000);
    const { user, api } = renderAddStore();
    await fillDetails(user);

    await user.upload(screen.getByLabelText('Choose store image'), photo(40_000));

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(messages.imageTooLarge);
    expect(toBlob).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('PNG or JPEG, at most 15 KB.')).toBeInTheDocument();

    await setPoint(user);
    await user.click(screen.getByRole('button', { name: 'Add store' }));
    await screen.findByText('Store added');
    expect(api.callsTo('PUT /api/stores/a0000000-0000-4000-8000-000000000001/image')).toHaveLength(0);
  });

  it('shrinks a large picture to a JPEG under the limit and uploads it after saving', async () => {
    fakeCanvas(9_000);
    const { user, api } = renderAddStore();
    await fillDetails(user);
    await setPoint(user);

    await user.upload(screen.getByLabelText('Choose store image'), photo(40_000));
    expect(await screen.findByText('shop-front.jpg, 8.8 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add store' }));

    await screen.findByText('Store added');
    const upload = api.callsTo('PUT /api/stores/a0000000-0000-4000-8000-000000000001/image')[0];
    const image = (upload?.body as FormData).get('image') as File;
    expect(image.type).toBe('image/jpeg');
    expect(image.size).toBe(9_000);
  });

  it('waits for a picture being shrunk before saving, so the save never goes without it', async () => {
    fakeCanvas(9_000);
    // The shrink holds until released, as a large photo does on a slow phone.
    let release = () => undefined as void;
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => {
      release = () => callback(new Blob([new Uint8Array(9_000)], { type: 'image/jpeg' }));
    });
    const { user, api } = renderAddStore();
    await fillDetails(user);
    await setPoint(user);

    await user.upload(screen.getByLabelText('Choose store image'), photo(40_000));
    await screen.findByRole('button', { name: /Shrinking image…/ });
    const waiting = screen.getByRole('button', { name: /Waiting for the image…/ });
    expect(waiting).toBeDisabled();
    // Nor does Enter in a field send the form meanwhile.
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), '{Enter}');
    expect(api.callsTo('POST /api/stores')).toHaveLength(0);

    act(() => release());
    await user.click(await screen.findByRole('button', { name: 'Add store' }));
    await screen.findByText('Store added');
    const upload = api.callsTo('PUT /api/stores/a0000000-0000-4000-8000-000000000001/image')[0];
    expect(((upload?.body as FormData).get('image') as File).size).toBe(9_000);
  });

  it('refuses a file that is not PNG or JPEG', async () => {
    renderAddStore();
    const input = await screen.findByLabelText('Choose store image');

    // A browser's picker can be told to show all files, whatever `accept` says.
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.imageType);
  });
});

describe('add store in the language chosen', () => {
  it('asks in Kannada for the point on the map, and for the fields to fix first', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    const { user, api } = renderAddStore();
    expect(await screen.findByRole('heading', { level: 1, name: 'ಅಂಗಡಿ ಸೇರಿಸಿ' })).toBeInTheDocument();
    await screen.findByRole('textbox', { name: /^ಫೋನ್/ });
    expect(screen.getByText('ಅಂಗಡಿಯ ಸ್ಥಳ ಗುರುತಿಸಲು ಮ್ಯಾಪ್ ಮೇಲೆ ಕ್ಲಿಕ್ ಮಾಡಿ.')).toBeInTheDocument();
    expect(screen.getByText('ಯಾವುದೂ ಇಲ್ಲ: ಅಂಗಡಿ ಪ್ರತಿದಿನ ತನ್ನ ಎಂದಿನ ಸಮಯದಲ್ಲಿ ತೆರೆದಿರುತ್ತದೆ.')).toBeInTheDocument();
    expect(screen.getByText('ಆಫ್: ಆರ್ಡರ್‌ಗಳನ್ನು ಆದಷ್ಟು ಬೇಗ ಡೆಲಿವರಿ ಮಾಡಲಾಗುತ್ತದೆ.')).toBeInTheDocument();
    expect(screen.getByText('ಆಫ್: ಅಂಗಡಿ ಬಿಸಿನೆಸ್‌ನ ಸೆಟ್ಟಿಂಗ್‌ಗಳು › ಆರ್ಡರ್ ಸೆಟ್ಟಿಂಗ್‌ಗಳನ್ನು ಪಾಲಿಸುತ್ತದೆ.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ಅಂಗಡಿ ಸೇರಿಸಿ' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^ಹೆಸರು/ })).toHaveFocus());
    expect(screen.getByText('ಅಂಗಡಿಯ ಸ್ಥಳ ಆರಿಸಲು ಮ್ಯಾಪ್ ಮೇಲೆ ಕ್ಲಿಕ್ ಮಾಡಿ')).toBeInTheDocument();
    expect(api.callsTo('POST /api/stores')).toHaveLength(0);
  });
});
