/*
 * A store's catalogue through spreadsheets (B17): a preview that writes nothing, an import that
 * is all or nothing, the same file twice changing nothing, exports that import as they are, in
 * CSV and Excel, and every kind of bad row named by its row and column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import { aliasMessages } from '@storedesk/shared/catalogue/aliases';
import { catalogueMessages } from '@storedesk/shared/catalogue/copies';
import { spreadsheetMessages } from '@storedesk/shared/catalogue/spreadsheet';
import type { Store } from '@storedesk/shared/stores/schemas';
import { variantMessages } from '@storedesk/shared/catalogue/variants';
import {
  caller,
  createdBy,
  storeBody,
  createStaffWorld,
  type Call,
  errorOf,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let admin: Session;
let southAdmin: Session;
let rivalOwner: Session;
let store: Store;

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const header = 'sku,name,category,variant,price,mrp,stock,gst,hsn,veg';
/** The columns an export writes: the names in Hindi and Kannada (ADR 0085) after the name. */
const exportHeader =
  'sku,name,name_hi,name_kn,category,variant,price,mrp,stock,gst,hsn,veg,barcode,low_stock,step_g,max_g,aliases';

const created = <T>(session: Session, url: string, payload: object) =>
  createdBy<T>(call, session, url, payload);

const newStore = (session: Session, zoneId: string) =>
  createdBy<Store>(call, session, '/api/stores', storeBody(zoneId));

function upload(
  session: Session,
  storeId: string,
  body: string | Buffer,
  options: { dryRun?: boolean; type?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/stores/${storeId}/catalogue/import${options.dryRun ? '?dryRun=true' : ''}`,
    headers: { ...session.headers, 'content-type': options.type ?? 'text/csv' },
    payload: body,
  });
}

const csv = (...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';

async function counts(storeId: string) {
  const { rows } = await ctx.db.execute<{ items: number; variants: number; adjustments: number }>(sql`
    SELECT (SELECT count(*)::int FROM items WHERE store_id = ${storeId}) AS items,
           (SELECT count(*)::int FROM item_variants WHERE store_id = ${storeId}) AS variants,
           (SELECT count(*)::int FROM stock_adjustments WHERE store_id = ${storeId}) AS adjustments`);
  return rows[0]!;
}

async function itemsOf(storeId: string, session: Session = owner): Promise<Item[]> {
  return (await call(session, 'GET', `/api/stores/${storeId}/items?pageSize=25`)).json<{ items: Item[] }>()
    .items;
}

async function freshStore(categories: string[] = ['Staples', 'Dairy & Eggs']) {
  const made = await newStore(admin, biz.zones[0]!);
  for (const name of categories)
    await created<Category>(admin, `/api/stores/${made.id}/categories`, { name });
  return made;
}

/** A small catalogue; `prefix` gives its SKUs to another product than the first store's. */
const sampleRows = (prefix = '') => [
  `${prefix}ATTA-5,Aashirvaad Atta,Staples,5 kg,240,265,12,5,1101,yes`,
  `${prefix}ATTA-10,Aashirvaad Atta,staples,10 kg,460.50,520,,5,1101,yes`,
  ',Toned Milk,Dairy & Eggs,500 ml,28,,0,0,,yes',
  ',Toned Milk,Dairy & Eggs,1 l,54,,30,0,,yes',
  `${prefix}EGG-6,Brown Eggs,Dairy & Eggs,,72,,,0,,no`,
];
const sample = () => csv(...sampleRows());

beforeAll(async () => {
  ({ ctx, biz, rival, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
  store = await freshStore();
});
afterAll(() => ctx.close());

describe('importing a catalogue', () => {
  it('previews what a file would do and writes nothing', async () => {
    const before = await counts(store.id);
    const res = await upload(owner, store.id, sample(), { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 5, updated: 0, unchanged: 0, errors: [] });
    expect(await counts(store.id)).toEqual(before);
  });

  it('creates items of their rows’ variants, then the same file changes nothing', async () => {
    const res = await upload(admin, store.id, sample());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 5, updated: 0, unchanged: 0, errors: [] });
    const items = await itemsOf(store.id);
    const atta = items.find((item) => item.name === 'Aashirvaad Atta')!;
    expect(atta).toMatchObject({
      categoryName: 'Staples',
      gstRate: 5,
      hsn: '1101',
      veg: true,
      pricePaise: 24_000,
    });
    expect(atta.variants.map(({ id: _id, ...variant }) => variant)).toEqual([
      {
        label: '5 kg',
        pricePaise: 24_000,
        mrpPaise: 26_500,
        sku: 'ATTA-5',
        barcode: null,
        stepGrams: null,
        maxGrams: null,
        stock: 12,
        lowStockAt: null,
      },
      {
        label: '10 kg',
        pricePaise: 46_050,
        mrpPaise: 52_000,
        sku: 'ATTA-10',
        barcode: null,
        stepGrams: null,
        maxGrams: null,
        stock: null,
        lowStockAt: null,
      },
    ]);
    const milk = items.find((item) => item.name === 'Toned Milk')!;
    expect(milk.variants.map((variant) => [variant.label, variant.stock])).toEqual([
      ['500 ml', 0],
      ['1 l', 30],
    ]);
    expect(items.find((item) => item.name === 'Brown Eggs')!.variants).toMatchObject([
      { label: '', sku: 'EGG-6' },
    ]);
    // Each count was recorded as counted, for the audit log.
    expect((await counts(store.id)).adjustments).toBe(3);

    const before = await counts(store.id);
    const again = await upload(admin, store.id, sample());
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 5, errors: [] });
    expect(await counts(store.id)).toEqual(before);
    expect(await itemsOf(store.id)).toEqual(items);
  });

  it('updates prices, stock and item fields by SKU, and counts each row once', async () => {
    const res = await upload(
      admin,
      store.id,
      csv(
        'ATTA-5,Aashirvaad Atta,Staples,5 kg,235,265,20,5,1101,yes',
        'ATTA-10,Aashirvaad Atta,Staples,10 kg,460.50,520,,5,1101,yes',
        'EGG-6,Brown Eggs (6),Dairy & Eggs,,75,,,0,,no',
      ),
    );
    expect(res.json()).toEqual({ created: 0, updated: 2, unchanged: 1, errors: [] });
    const items = await itemsOf(store.id);
    const atta = items.find((item) => item.name === 'Aashirvaad Atta')!;
    expect(atta.variants.map((variant) => [variant.pricePaise, variant.stock])).toEqual([
      [23_500, 20],
      [46_050, null],
    ]);
    // Renamed by its SKU, not added again.
    expect(items.filter((item) => item.name.startsWith('Brown Eggs')).map((item) => item.name)).toEqual([
      'Brown Eggs (6)',
    ]);
    const { rows } = await ctx.db.execute<{ stock_from: number; stock_to: number; reason: string }>(
      sql`SELECT stock_from, stock_to, reason FROM stock_adjustments WHERE variant_id = ${atta.variants[0]!.id} ORDER BY created_at`,
    );
    expect(rows.map((row) => [row.reason, row.stock_from, row.stock_to])).toEqual([
      ['counted', null, 12],
      ['counted', 12, 20],
    ]);
  });

  it('names every bad row by its row and column, and writes nothing', async () => {
    const target = await freshStore();
    const before = await counts(target.id);
    const file = csv(
      'A1,Rice,Staples,1 kg,abc,,,0,,no',
      'A2,Dal,Staples,1 kg,90,,-4,0,,no',
      'A3,Soap,Toiletries,,40,,,0,,no',
      'A4,Salt,Staples,,25,,,0,,no',
      'A4,Sugar,Staples,,45,,,0,,no',
      'A6,Ghee,Staples,,500,450,,0,,no',
      'A7,Jam,Staples,,100,,,7,,no',
      'A8,Tea,Staples,,100,,,0,12,no',
      'A9,Oats,Staples,,100,,,0,,maybe',
      'A 10,Poha,Staples,,100,,2.5,0,,no',
      ',Oil,Staples,1 l,100,,,0,,no',
      ',Oil,Staples,1 l,180,,,0,,no',
      ',Ragi,Staples,,100,,,0,,no',
      ',Ragi,Staples,,100,,,5,,no',
      "B1,=cmd|' /C calc'!A0,Staples,,10,,,0,,no",
    );
    for (const dryRun of [true, false]) {
      const res = await upload(owner, target.id, file, { dryRun });
      const expected = [
        { row: 2, field: 'price', message: spreadsheetMessages.price },
        { row: 3, field: 'stock', message: spreadsheetMessages.stock },
        { row: 4, field: 'category', message: spreadsheetMessages.unknownCategory('Toiletries') },
        { row: 6, field: 'sku', message: spreadsheetMessages.skuTwice(5) },
        { row: 7, field: 'mrp', message: spreadsheetMessages.mrpBelowPrice },
        { row: 8, field: 'gst', message: spreadsheetMessages.gst },
        { row: 9, field: 'hsn', message: spreadsheetMessages.hsn },
        { row: 10, field: 'veg', message: spreadsheetMessages.veg },
        { row: 11, field: 'sku', message: spreadsheetMessages.code },
        { row: 11, field: 'stock', message: spreadsheetMessages.stock },
        { row: 13, field: 'variant', message: spreadsheetMessages.variantTwice(12) },
        { row: 14, field: 'variant', message: spreadsheetMessages.variantNeeded },
        { row: 15, field: 'gst', message: spreadsheetMessages.itemDiffers('gst', 14) },
        { row: 15, field: 'variant', message: spreadsheetMessages.variantNeeded },
        { row: 15, field: 'variant', message: spreadsheetMessages.variantTwice(14) },
      ];
      if (dryRun) {
        expect(res.statusCode).toBe(200);
        expect(res.json().errors).toEqual(expected);
      } else {
        expect(res.statusCode).toBe(400);
        const error = errorOf(res);
        expect(error.message).toBe(spreadsheetMessages.rowsNeedAttention(12));
        expect((error.current as { errors: unknown }).errors).toEqual(expected);
        expect(error.fields!['rows.2.price']).toBe(spreadsheetMessages.price);
      }
    }
    expect(await counts(target.id)).toEqual(before);
  });

  it('reads an item sold loose: price and MRP per kg, step and maximum in grams, stock in grams', async () => {
    const target = await freshStore(['Vegetables']);
    const looseHeader = `${header},barcode,low_stock,step_g,max_g`;
    const file = (...rows: string[]) => [looseHeader, ...rows].join('\r\n') + '\r\n';
    const good = file('ONION,Onions,Vegetables,,36,40,20000,0,,yes,,2000,250,5000');
    const res = await upload(owner, target.id, good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1, updated: 0, unchanged: 0, errors: [] });
    const [onions] = await itemsOf(target.id);
    expect(onions!.variants.map(({ id: _id, ...variant }) => variant)).toEqual([
      {
        label: '',
        pricePaise: 3_600,
        mrpPaise: 4_000,
        sku: 'ONION',
        barcode: null,
        stepGrams: 250,
        maxGrams: 5_000,
        stock: 20_000,
        lowStockAt: 2_000,
      },
    ]);
    const exported = await call(owner, 'GET', `/api/stores/${target.id}/catalogue/export.csv`);
    expect(exported.body.split('\r\n')).toContain(
      'ONION,Onions,,,Vegetables,,36.00,40.00,20000,0,,yes,,2000,250,5000,',
    );
    expect((await upload(owner, target.id, exported.body)).json()).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
      errors: [],
    });
    const before = await counts(target.id);
    const bad = file(
      'O1,Garlic,Vegetables,,200,,,0,,yes,,,250,',
      'O2,Ginger,Vegetables,,37.55,,,0,,yes,,,250,5000',
      'O3,Chilli,Vegetables,,80,,,0,,yes,,,500,250',
      'O4,Lemon,Vegetables,,80,,,0,,yes,,,0,250',
      'O5,Beans,Vegetables,,80,,,0,,yes,,,250,60000',
    );
    const refused = await upload(owner, target.id, bad, { dryRun: true });
    expect(refused.json().errors).toEqual([
      { row: 2, field: 'max_g', message: variantMessages.looseNeedsBoth },
      { row: 3, field: 'price', message: variantMessages.notExact(3_755, 250) },
      { row: 4, field: 'max_g', message: variantMessages.maxBelowStep },
      { row: 5, field: 'step_g', message: variantMessages.grams },
      { row: 6, field: 'max_g', message: variantMessages.grams },
    ]);
    expect((await upload(owner, target.id, bad)).statusCode).toBe(400);
    expect(await counts(target.id)).toEqual(before);
  });

  it('refuses a file that is not a catalogue: no header, missing columns, broken quotes, empty', async () => {
    const target = await freshStore();
    const cases: Array<[string, Array<{ row: number; field: string; message: string }>]> = [
      ['', [{ row: 1, field: 'file', message: spreadsheetMessages.empty }]],
      [`${header}\r\n`, [{ row: 2, field: 'file', message: spreadsheetMessages.empty }]],
      [
        'sku,name,price\r\nA,Rice,10\r\n',
        ['category', 'gst', 'hsn', 'mrp', 'stock', 'variant', 'veg'].map((column) => ({
          row: 1,
          field: column,
          message: spreadsheetMessages.missingColumn(column),
        })),
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await upload(owner, target.id, body, { dryRun: true });
      expect(res.statusCode, body).toBe(200);
      expect(res.json().errors).toEqual(errors);
    }
    const broken = await upload(owner, target.id, `${header}\r\nA,"Rice,Staples,,10,,,0,,no\r\n`);
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).fields).toEqual({ file: spreadsheetMessages.notSpreadsheet });
    const notXlsx = await upload(owner, target.id, 'not a workbook', { type: xlsx });
    expect(notXlsx.statusCode).toBe(400);
    expect(errorOf(notXlsx).fields).toEqual({ file: spreadsheetMessages.notSpreadsheet });
    const plain = await upload(owner, target.id, sample(), { type: 'text/plain' });
    expect(plain.statusCode).toBe(415);
    const huge = await upload(owner, target.id, header + '\r\n' + 'x'.repeat(10 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect((await counts(target.id)).items).toBe(0);
  });

  it('refuses a SKU another product of the business has, in another store', async () => {
    const other = await freshStore();
    const res = await upload(owner, other.id, csv('ATTA-5,Chakki Atta,Staples,5 kg,200,,,0,,no'));
    expect(res.statusCode).toBe(400);
    expect((errorOf(res).current as { errors: unknown }).errors).toEqual([
      { row: 2, field: 'sku', message: spreadsheetMessages.skuTaken },
    ]);
  });

  it('is another zone’s admin’s and another business’s 404', async () => {
    expect((await upload(southAdmin, store.id, sample(), { dryRun: true })).statusCode).toBe(404);
    expect((await upload(rivalOwner, store.id, sample(), { dryRun: true })).statusCode).toBe(404);
    for (const kind of ['csv', 'xlsx']) {
      expect(
        (await call(southAdmin, 'GET', `/api/stores/${store.id}/catalogue/export.${kind}`)).statusCode,
      ).toBe(404);
      expect(
        (await call(rivalOwner, 'GET', `/api/stores/${store.id}/catalogue/export.${kind}`)).statusCode,
      ).toBe(404);
    }
    // Another business keeps its own codes.
    const rivalStore = await newStore(rivalOwner, rival.zones[0]!);
    await created<Category>(rivalOwner, `/api/stores/${rivalStore.id}/categories`, { name: 'Staples' });
    const res = await upload(rivalOwner, rivalStore.id, csv('ATTA-5,Atta,Staples,5 kg,200,,,0,,no'));
    expect(res.json()).toEqual({ created: 1, updated: 0, unchanged: 0, errors: [] });
  });
});

describe('exporting a catalogue', () => {
  it('writes the import’s columns, never a formula, and imports back unchanged', async () => {
    const target = await freshStore();
    const imported = await upload(
      owner,
      target.id,
      csv("F1,=cmd|' /C calc'!A0,Staples,,10,,,0,,no", ...sampleRows('X-')),
    );
    expect(imported.json()).toEqual({ created: 6, updated: 0, unchanged: 0, errors: [] });
    const res = await call(owner, 'GET', `/api/stores/${target.id}/catalogue/export.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(exportHeader);
    expect(lines).toContain("F1,'=cmd|' /C calc'!A0,,,Staples,,10.00,,,0,,no,,,,,");
    expect(lines).toContain('X-ATTA-5,Aashirvaad Atta,,,Staples,5 kg,240.00,265.00,12,5,1101,yes,,,,,');
    expect(lines.filter((line) => line !== '')).toHaveLength(7);
    const back = await upload(owner, target.id, res.body);
    expect(back.json()).toEqual({ created: 0, updated: 0, unchanged: 6, errors: [] });
    // The name is the text it was given.
    expect((await itemsOf(target.id)).some((item) => item.name === "=cmd|' /C calc'!A0")).toBe(true);
  });

  it('reads and writes other names; a file without the column leaves them, an empty cell clears them', async () => {
    const target = await freshStore();
    const withAliases = (...rows: string[]) => [`${header},aliases`, ...rows].join('\r\n') + '\r\n';
    const made = await upload(
      owner,
      target.id,
      withAliases(
        'RICE-1,Basmati Rice,Staples,1 kg,140,,,5,1006,yes,"chawal, चावल, Chawal"',
        // The item's other rows may leave them empty.
        'RICE-5,Basmati Rice,Staples,5 kg,650,,,5,1006,yes,',
      ),
    );
    expect(made.json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    const rice = async () => (await itemsOf(target.id)).find((item) => item.name === 'Basmati Rice')!;
    // Each name once, whatever its case.
    expect((await rice()).aliases).toEqual(['chawal', 'चावल']);

    const exported = await call(owner, 'GET', `/api/stores/${target.id}/catalogue/export.csv`);
    const lines = exported.body.split('\r\n');
    expect(lines).toContain('RICE-1,Basmati Rice,,,Staples,1 kg,140.00,,,5,1006,yes,,,,,"chawal, चावल"');
    expect(lines).toContain('RICE-5,Basmati Rice,,,Staples,5 kg,650.00,,,5,1006,yes,,,,,"chawal, चावल"');
    expect((await upload(owner, target.id, exported.body)).json()).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
      errors: [],
    });

    // Without the column: a price change, the names kept.
    const priced = await upload(owner, target.id, csv('RICE-1,Basmati Rice,Staples,1 kg,145,,,5,1006,yes'));
    expect(priced.json()).toEqual({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect((await rice()).aliases).toEqual(['chawal', 'चावल']);
    // The search finds the item by them.
    const found = await call(owner, 'GET', `/api/stores/${target.id}/items?q=chawal`);
    expect(found.json<{ items: Item[] }>().items.map((item) => item.name)).toEqual(['Basmati Rice']);

    // With the column and every cell empty: none.
    const cleared = await upload(
      owner,
      target.id,
      withAliases(
        'RICE-1,Basmati Rice,Staples,1 kg,145,,,5,1006,yes,',
        'RICE-5,Basmati Rice,Staples,5 kg,650,,,5,1006,yes,',
      ),
    );
    expect(cleared.json()).toEqual({ created: 0, updated: 1, unchanged: 1, errors: [] });
    expect((await rice()).aliases).toEqual([]);
  });

  it('refuses other names that differ between an item’s rows, or are too long or too many', async () => {
    const target = await freshStore();
    const before = await counts(target.id);
    const res = await upload(
      owner,
      target.id,
      [
        `${header},aliases`,
        'DAL-1,Toor Dal,Staples,1 kg,150,,,5,,yes,"arhar, tuvar"',
        'DAL-2,Toor Dal,Staples,2 kg,290,,,5,,yes,arhar',
        `SALT-1,Salt,Staples,1 kg,25,,,0,,yes,${'x'.repeat(41)}`,
        `SUGAR-1,Sugar,Staples,1 kg,45,,,5,,yes,"${Array.from({ length: 21 }, (_, i) => `s${i}`).join(',')}"`,
      ].join('\r\n') + '\r\n',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect((errorOf(res).current as { errors: unknown }).errors).toEqual([
      { row: 3, field: 'aliases', message: spreadsheetMessages.itemDiffers('aliases', 2) },
      { row: 4, field: 'aliases', message: spreadsheetMessages.alias },
      { row: 5, field: 'aliases', message: aliasMessages.tooMany },
    ]);
    expect(await counts(target.id)).toEqual(before);
  });

  it('writes an Excel workbook of strings that imports back unchanged', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/stores/${store.id}/catalogue/export.xlsx`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(xlsx);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...exportHeader.split(',')]);
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeUndefined()));
    const back = await upload(owner, store.id, res.rawPayload, { type: xlsx });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ created: 0, updated: 0, errors: [] });
  });

  it('reads a workbook typed by hand, numbers as numbers', async () => {
    const target = await freshStore();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(header.split(','));
    sheet.addRow(['SUGAR-1', 'Sugar', 'Staples', '1 kg', 45, 50, 10, 5, 1701, 'yes']);
    sheet.addRow(['SUGAR-5', 'Sugar', 'Staples', '5 kg', 215.5, null, null, 5, 1701, 'yes']);
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(owner, target.id, body, { type: xlsx });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    const sugar = (await itemsOf(target.id)).find((item) => item.name === 'Sugar')!;
    expect(
      sugar.variants.map((variant) => [variant.label, variant.pricePaise, variant.mrpPaise, variant.stock]),
    ).toEqual([
      ['1 kg', 4_500, 5_000, 10],
      ['5 kg', 21_550, null, null],
    ]);
  });
});

describe('several stores in one file', () => {
  const importAll = (session: Session, body: string, dryRun = false) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/catalogue/import${dryRun ? '?dryRun=true' : ''}`,
      headers: { ...session.headers, 'content-type': 'text/csv' },
      payload: body,
    });
  const file = (...rows: string[]) => [`store,${header}`, ...rows].join('\r\n') + '\r\n';
  async function productOf(itemId: string) {
    const { rows } = await ctx.db.execute<{ product: string }>(
      sql`SELECT product_id AS product FROM items WHERE id = ${itemId}`,
    );
    return rows[0]!.product;
  }

  it('imports each row into the store it names, one item kept in both as copies, then changes nothing', async () => {
    const [a, b] = [await freshStore(), await freshStore()];
    const body = file(
      `${a.name},M-GHEE,Cow Ghee,Staples,500 ml,310,340,8,12,0405,yes`,
      `${a.name},,Jaggery,Staples,,60,,,0,,yes`,
      `${b.name.toUpperCase()},M-GHEE,Cow Ghee,Staples,500 ml,325,340,3,12,0405,yes`,
    );
    const before = [await counts(a.id), await counts(b.id)];
    const preview = await importAll(admin, body, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ created: 3, updated: 0, unchanged: 0, errors: [] });
    expect([await counts(a.id), await counts(b.id)]).toEqual(before);

    const res = await importAll(admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 3, updated: 0, unchanged: 0, errors: [] });
    const gheeA = (await itemsOf(a.id)).find((item) => item.name === 'Cow Ghee')!;
    const gheeB = (await itemsOf(b.id)).find((item) => item.name === 'Cow Ghee')!;
    expect([gheeA.variants[0]!.pricePaise, gheeB.variants[0]!.pricePaise]).toEqual([31_000, 32_500]);
    expect([gheeA.variants[0]!.stock, gheeB.variants[0]!.stock]).toEqual([8, 3]);
    // One product in two stores: an edit of its name in one is the other's too.
    expect(await productOf(gheeB.id)).toBe(await productOf(gheeA.id));
    const renamed = await call(admin, 'PATCH', `/api/stores/${a.id}/items/${gheeA.id}`, {
      version: gheeA.version,
      name: 'Cow Ghee (desi)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await itemsOf(b.id)).map((item) => item.name)).toContain('Cow Ghee (desi)');

    const exported = await call(admin, 'GET', '/api/catalogue/export.csv');
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.split('\r\n');
    expect(lines[0]).toBe(`store,${exportHeader}`);
    expect(lines).toContain(
      `${a.name},M-GHEE,Cow Ghee (desi),,,Staples,500 ml,310.00,340.00,8,12,0405,yes,,,,,`,
    );
    expect(lines).toContain(
      `${b.name},M-GHEE,Cow Ghee (desi),,,Staples,500 ml,325.00,340.00,3,12,0405,yes,,,,,`,
    );
    const mine = [
      lines[0]!,
      ...lines.filter((line) => line.startsWith(`${a.name},`) || line.startsWith(`${b.name},`)),
    ];
    const again = await importAll(admin, mine.join('\r\n') + '\r\n');
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 3, errors: [] });
  });

  it('one store’s file that changes what copies share changes every copy; its prices stay its own', async () => {
    const [a, b] = [await freshStore(), await freshStore()];
    const made = await importAll(
      admin,
      file(
        `${a.name},S-POHA,Thick Poha,Staples,500 g,45,50,,5,1904,yes`,
        `${b.name},S-POHA,Thick Poha,Staples,500 g,48,50,,5,1904,yes`,
      ),
    );
    expect(made.json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });

    // Store A's own file: a new name, GST, MRP and a second pack, and a new price.
    const changed = await upload(
      admin,
      a.id,
      csv(
        'S-POHA,Poha (thick),Staples,500 g,44,52,,12,1904,yes',
        'S-POHA-1,Poha (thick),Staples,1 kg,86,99,,12,1904,yes',
      ),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ created: 1, updated: 1, unchanged: 0, errors: [] });
    const copy = (await itemsOf(b.id)).find((item) => item.name === 'Poha (thick)')!;
    expect(copy, 'the copy in the other store took the new name').toBeDefined();
    expect(copy.gstRate).toBe(12);
    expect(
      copy.variants.map((variant) => [
        variant.label,
        variant.pricePaise,
        variant.mrpPaise,
        variant.sku,
        variant.stock,
      ]),
    ).toEqual([
      // Its own price kept; the shared MRP changed.
      ['500 g', 4_800, 5_200, 'S-POHA', null],
      // A pack added in one store is added to the copy at that price, not counted.
      ['1 kg', 8_600, 9_900, 'S-POHA-1', null],
    ]);

    // The other store's own file then finds its copy as the shared fields are: only its price moves.
    const again = await upload(
      admin,
      b.id,
      csv(
        'S-POHA,Poha (thick),Staples,500 g,47,52,,12,1904,yes',
        'S-POHA-1,Poha (thick),Staples,1 kg,86,99,,12,1904,yes',
      ),
    );
    expect(again.json()).toEqual({ created: 0, updated: 1, unchanged: 1, errors: [] });
    expect((await itemsOf(a.id)).find((item) => item.name === 'Poha (thick)')!.variants[0]!.pricePaise).toBe(
      4_400,
    );
  });

  it('refuses a shared MRP below a copy’s own price as the row’s error, naming the store', async () => {
    const [a, b] = [await freshStore(), await freshStore()];
    await importAll(
      admin,
      file(
        `${a.name},S-RAVA,Rava,Staples,1 kg,40,60,,5,1103,yes`,
        `${b.name},S-RAVA,Rava,Staples,1 kg,58,60,,5,1103,yes`,
      ),
    );
    const before = [await counts(a.id), await counts(b.id)];
    const body = csv('S-RAVA,Rava,Staples,1 kg,40,55,,5,1103,yes');
    for (const dryRun of [true, false]) {
      const res = await upload(admin, a.id, body, { dryRun });
      const errors = [{ row: 2, field: 'mrp', message: catalogueMessages.mrpBelowCopyPrice(b.name) }];
      if (dryRun) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ created: 0, updated: 1, unchanged: 0, errors });
      } else {
        expect(res.statusCode, res.body).toBe(400);
        expect(errorOf(res).current).toEqual({ created: 0, updated: 1, unchanged: 0, errors });
      }
    }
    expect([await counts(a.id), await counts(b.id)]).toEqual(before);
    expect((await itemsOf(b.id)).find((item) => item.name === 'Rava')!.variants[0]!.mrpPaise).toBe(6_000);
  });

  it('names a row without its store, or of a store the caller does not see, and writes nothing', async () => {
    const a = await freshStore();
    const south = await newStore(owner, biz.zones[1]!);
    const before = await counts(a.id);
    const body = file(
      `${a.name},,Poha,Staples,,45,,,0,,yes`,
      `,,Rava,Staples,,40,,,0,,yes`,
      `Nowhere Mart,,Sago,Staples,,70,,,0,,yes`,
      `${south.name},,Ragi,Staples,,90,,,0,,yes`,
    );
    const expected = [
      { row: 3, field: 'store', message: spreadsheetMessages.storeNeeded },
      { row: 4, field: 'store', message: spreadsheetMessages.unknownStore },
      // Another zone's store does not exist for this admin.
      { row: 5, field: 'store', message: spreadsheetMessages.unknownStore },
    ];
    const preview = await importAll(admin, body, true);
    expect(preview.json()).toEqual({ created: 1, updated: 0, unchanged: 0, errors: expected });
    const res = await importAll(admin, body);
    expect(res.statusCode).toBe(400);
    expect((errorOf(res).current as { errors: unknown }).errors).toEqual(expected);
    expect(await counts(a.id)).toEqual(before);
    const noColumn = await importAll(admin, csv(...sampleRows('N-')));
    expect(noColumn.statusCode).toBe(400);
    expect((errorOf(noColumn).current as { errors: unknown }).errors).toEqual([
      { row: 1, field: 'store', message: spreadsheetMessages.missingColumn('store') },
    ]);
    const rival = await importAll(rivalOwner, body);
    expect(rival.statusCode).toBe(400);
    expect(await counts(a.id)).toEqual(before);
  });

  it('into one store, refuses rows the store column gives to another', async () => {
    const a = await freshStore();
    const res = await upload(
      admin,
      a.id,
      file(`${a.name},,Poha,Staples,,45,,,0,,yes`, `Another Mart,,Rava,Staples,,40,,,0,,yes`),
      { dryRun: true },
    );
    expect(res.json()).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 3, field: 'store', message: spreadsheetMessages.otherStore(a.name) }],
    });
  });
});
