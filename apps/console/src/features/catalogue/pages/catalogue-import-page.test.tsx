import { spreadsheetMessages, type ImportResult } from '@storedesk/shared/catalogue/spreadsheet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, storeFixture } from '@/testing/fixtures.ts';
import { fakeXhr } from '@/testing/fake-xhr.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const store = storeFixture();
const importPath = `/api/stores/${store.id}/catalogue/import`;
const csv = (name = 'items.csv', text = 'sku,name\n') => new File([text], name, { type: 'text/csv' });

const withError: ImportResult = {
  created: 2,
  updated: 0,
  unchanged: 1,
  errors: [{ row: 3, field: 'gst', message: spreadsheetMessages.gst }],
};
const clean: ImportResult = { created: 2, updated: 1, unchanged: 1, errors: [] };

function renderImport(importHandler: Handler) {
  fakeXhr();
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    [`GET /api/stores/${store.id}`]: () => json(200, store),
    [`POST ${importPath}`]: importHandler,
  });
  return { ...renderApp(`/stores/${store.id}/catalog/import`), api };
}

/** The file input, once the page is in. */
async function fileInput(): Promise<HTMLInputElement> {
  await screen.findByRole('button', { name: /^Choose (a|another) file$/ });
  return document.querySelector<HTMLInputElement>('input[type=file]')!;
}

describe('importing a catalogue', () => {
  it('previews the file with its bad rows, writes nothing until a fixed file is imported', async () => {
    let previews = 0;
    const { user, api } = renderImport((call) => {
      if (call.query.get('dryRun') === 'true') return json(200, previews++ === 0 ? withError : clean);
      return json(200, clean);
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Import items' })).toBeInTheDocument();
    expect(
      screen.getByText(/sku, name, category, variant, price, mrp, stock, gst, hsn, veg/),
    ).toBeInTheDocument();
    expect(screen.getByText(/sku, name, category, variant/).closest('p')).toHaveTextContent(
      'step_g and max_g are for items sold loose: the step and the most one order may take, in grams; price, MRP and stock are then per kg and in grams; aliases are the item’s other names, separated by commas (a file without the column leaves them as they are).',
    );
    expect(screen.getByRole('link', { name: 'Download the sample file' })).toHaveAttribute(
      'href',
      '/api/catalogue/sample.csv',
    );

    await user.upload(await fileInput(), csv());
    const preview = await screen.findByRole('heading', { name: 'Preview' });
    await waitFor(() => expect(preview).toHaveFocus());
    expect(screen.getByText('1 row needs attention')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows that need attention' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', 'gst', spreadsheetMessages.gst]);
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
    expect(api.callsTo(`POST ${importPath}`).map((call) => call.query.get('dryRun'))).toEqual(['true']);

    await user.upload(await fileInput(), csv());
    const apply = await screen.findByRole('button', { name: 'Import 3 rows' });
    expect(apply).toBeEnabled();
    expect(screen.queryByRole('table', { name: 'Rows that need attention' })).not.toBeInTheDocument();
    await user.click(apply);

    const done = await screen.findByRole('heading', { name: 'Imported items.csv' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('2 new, 1 changed, 1 unchanged.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${importPath}`).map((call) => call.query.get('dryRun'))).toEqual([
      'true',
      'true',
      'false',
    ]);
    expect(screen.getByRole('link', { name: 'See the items' })).toHaveAttribute(
      'href',
      `/stores/${store.id}/catalog?tab=items`,
    );
  });

  it('shows the bad rows when the apply is refused, as the file is now', async () => {
    const { user } = renderImport((call) =>
      call.query.get('dryRun') === 'true'
        ? json(200, clean)
        : apiError(400, 'validation', spreadsheetMessages.rowsNeedAttention(1), { current: withError }),
    );
    await user.upload(await fileInput(), csv());
    await user.click(await screen.findByRole('button', { name: 'Import 3 rows' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(spreadsheetMessages.rowsNeedAttention(1));
    expect(screen.getByRole('table', { name: 'Rows that need attention' })).toHaveTextContent(
      spreadsheetMessages.gst,
    );
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
  });

  it('says what to do with a file too large or of another kind', async () => {
    const { user, api } = renderImport(() => apiError(413, 'too_large', 'Payload too large'));
    await screen.findByRole('heading', { level: 1, name: 'Import items' });

    await user.upload(await fileInput(), csv());
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is larger than 5 MB');

    // Another kind of file is refused before it is sent.
    // (The file dialog offers only those; a drop can bring any.)
    fireEvent.drop(screen.getByTestId('spreadsheet-drop'), {
      dataTransfer: { files: [new File(['x'], 'items.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This is not a CSV or Excel (.xlsx) file'),
    );
    expect(api.callsTo(`POST ${importPath}`)).toHaveLength(1);
  });

  it('shows the progress of the upload while it is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = renderImport(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.upload(await fileInput(), csv('big.csv', 'x'.repeat(2000)));

    expect(await screen.findByRole('progressbar', { name: 'Sending big.csv' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking big.csv…');
    expect(screen.getByRole('button', { name: 'Choose another file' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    answer(json(200, withError));
    expect(await screen.findByRole('heading', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('importing several stores in one file', () => {
  it('sends the file to the import of all stores, and leads back to the stores', async () => {
    fakeXhr();
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'POST /api/catalogue/import': () => json(200, clean),
    });
    const { user } = renderApp('/stores/import');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import for all stores' }),
    ).toBeInTheDocument();
    expect(screen.getByText('One file for several stores: each row names its store.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to stores' })).toHaveAttribute('href', '/stores');

    await user.upload(await fileInput(), csv('all-stores.csv'));
    await user.click(await screen.findByRole('button', { name: 'Import 3 rows' }));
    expect(await screen.findByRole('heading', { name: 'Imported all-stores.csv' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/catalogue/import').map((call) => call.query.get('dryRun'))).toEqual([
      'true',
      'false',
    ]);
    expect(screen.getByRole('link', { name: 'See the stores' })).toHaveAttribute('href', '/stores');
  });
});

describe('importing in the language chosen', () => {
  it('speaks Hindi: the help, the preview with its bad rows, and the import', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    let previews = 0;
    const { user } = renderImport((call) => {
      if (call.query.get('dryRun') === 'true') return json(200, previews++ === 0 ? withError : clean);
      return json(200, clean);
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'आइटम इम्पोर्ट करें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'कैटलॉग' })).toHaveAttribute(
      'href',
      `/stores/${store.id}/catalog?tab=items`,
    );
    expect(screen.getByText(/sku, name, category, variant/).closest('p')).toHaveTextContent(
      'कैटेगरी इस स्टोर में पहले से होनी चाहिए;',
    );
    expect(screen.getByRole('link', { name: 'नमूना फ़ाइल डाउनलोड करें' })).toBeInTheDocument();
    expect(screen.getByText('या CSV या Excel (.xlsx) फ़ाइल यहाँ छोड़ें, ज़्यादा से ज़्यादा 5 MB')).toBeInTheDocument();

    await screen.findByRole('button', { name: 'फ़ाइल चुनें' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, csv());
    expect(await screen.findByRole('heading', { name: 'झलक' })).toBeInTheDocument();
    expect(screen.getByText('1 पंक्ति ठीक करनी है')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'ठीक करने वाली पंक्तियाँ' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['पंक्ति', 'कॉलम', 'क्या ग़लत है']);
    expect(screen.getByRole('button', { name: '2 पंक्तियाँ इम्पोर्ट करें' })).toBeDisabled();

    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, csv());
    await user.click(await screen.findByRole('button', { name: '3 पंक्तियाँ इम्पोर्ट करें' }));
    expect(await screen.findByRole('heading', { name: 'items.csv इम्पोर्ट हुई' })).toBeInTheDocument();
    expect(screen.getByText('2 नए, 1 बदले, 1 वैसे ही।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'आइटम देखें' })).toBeInTheDocument();
  });
});
