/*
 * A store's catalogue as a spreadsheet (B17): one row per variant, rows of one item sharing its
 * name. The columns, how each cell reads and what it may hold live here, for the server that
 * imports and exports and for the console that explains the format.
 */
import { groupedDigits } from '../numbers.ts';
import { amountLimits, parseRupees } from '../money.ts';
import { noControlCharacters } from '../text.ts';
import { gstRates, hsnPattern } from '../orders/invoice.ts';
import { aliasesSchema, aliasLimits, aliasMessages } from './aliases.ts';
import { looseIssues, variantLimits, variantMessages } from './variants.ts';

/** The columns, in the order an export writes them; those of `requiredSpreadsheetColumns` must be in every import. */
export const spreadsheetColumns = [
  'sku',
  'name',
  /**
   * The item's name in Hindi and in Kannada (ADR 0085). A file without these columns leaves them
   * as they are; with them, an empty cell means none.
   */
  'name_hi',
  'name_kn',
  'category',
  'variant',
  'price',
  'mrp',
  'stock',
  'gst',
  'hsn',
  'veg',
  'barcode',
  'low_stock',
  /** Sold loose (B17): the step and the most one order may take, in grams; price and MRP are then per kg, stock in grams. */
  'step_g',
  'max_g',
  /**
   * The item's other names (ADR 0065), separated by commas. A file without this column leaves
   * them as they are; with it, an empty cell means none.
   */
  'aliases',
] as const;
/**
 * A file of several stores' catalogues has a `store` column (the store's name), first in its
 * export; a store's own import reads it too, and refuses rows of another store.
 */
export const storeColumn = 'store';
export type SpreadsheetColumn = (typeof spreadsheetColumns)[number] | typeof storeColumn;
/** The columns every import must have, in the export's order. */
export const requiredSpreadsheetColumns = [
  'sku',
  'name',
  'category',
  'variant',
  'price',
  'mrp',
  'stock',
  'gst',
  'hsn',
  'veg',
] as const satisfies ReadonlyArray<(typeof spreadsheetColumns)[number]>;
/** The columns a file may leave out, in the export's order. */
export const optionalSpreadsheetColumns = spreadsheetColumns.filter(
  (column) => !(requiredSpreadsheetColumns as readonly string[]).includes(column),
);

export const spreadsheetLimits = {
  /** A file larger than this is 413. */
  maxBytes: 5 * 1024 * 1024,
  maxRows: 20_000,
  nameMax: 100,
  categoryMax: 100,
} as const;

export const spreadsheetMessages = {
  empty: 'The file has no rows: a header row, then one row per variant',
  missingColumn: (column: string) => `The header row has no “${column}” column`,
  columnTwice: (column: string) => `The header row has “${column}” twice`,
  tooManyRows: `At most ${groupedDigits(spreadsheetLimits.maxRows)} rows in one file`,
  notSpreadsheet: 'This file could not be read as CSV or Excel (.xlsx)',
  nameNeeded: 'Every row needs the item’s name',
  nameTooLong: `at most ${spreadsheetLimits.nameMax} characters`,
  categoryNeeded: 'Every row needs a category',
  storeNeeded: 'Every row needs its store’s name',
  /** The name is not repeated: an answer never holds what it does not own, even as the caller typed it. */
  unknownStore: 'None of your stores has this name: check its spelling in the store column',
  otherStore: (name: string) =>
    `This file is imported into ${name}: import rows of several stores from Import for all stores`,
  unknownCategory: (name: string) =>
    `This store has no category “${name}”: add it first, or fix its spelling`,
  price: 'must be an amount in rupees, such as 45 or 45.50',
  priceTooLarge: 'must be at most ₹1,00,00,000',
  mrpBelowPrice: 'The MRP must not be less than the price',
  stock: `must be empty (not counted) or a whole number from 0 to ${variantLimits.maxStock}`,
  gst: 'must be 0, 5, 12, 18 or 28',
  hsn: 'must be 4, 6 or 8 digits',
  veg: 'must be yes or no',
  alias: `other names separated by commas, each at most ${aliasLimits.maxLength} characters on one line`,
  code: `letters, digits and . - _ / only, at most ${variantLimits.codeMax}`,
  skuTwice: (row: number) => `Row ${row} has this SKU too`,
  barcodeTwice: (row: number) => `Row ${row} has this barcode too`,
  variantTwice: (row: number) => `Row ${row} is this item’s variant of the same name`,
  variantNeeded: 'An item with several rows needs a variant name on each',
  itemDiffers: (field: string, row: number) => `Differs from row ${row}, of the same item (${field})`,
  skuTaken: 'Another item of this business has this SKU',
  barcodeTaken: 'Another item of this business has this barcode',
  skuOfOtherItem: 'This SKU is a variant of another item of this store',
  codesTraded: 'Two variants trade SKUs or barcodes in this file: import it in two steps',
  tooManyVariants: `An item has at most ${variantLimits.maxVariants} variants`,
  rowsNeedAttention: (count: number) =>
    count === 1
      ? '1 row needs attention; nothing was imported'
      : `${count} rows need attention; nothing was imported`,
} as const;

/** One bad cell: its row as a spreadsheet numbers it (the header is row 1), its column and why. */
export type SpreadsheetError = { row: number; field: string; message: string };

/** What an import did, or would do with `dryRun`: counted in rows (variants). */
export type ImportResult = {
  created: number;
  updated: number;
  unchanged: number;
  errors: SpreadsheetError[];
};

/** One row, read. */
export type CatalogueRow = {
  row: number;
  /** The store's name in a file of several stores; empty without a `store` column. */
  store: string;
  sku: string | null;
  name: string;
  category: string;
  variant: string;
  pricePaise: number;
  mrpPaise: number | null;
  stock: number | null;
  gstRate: number;
  hsn: string | null;
  veg: boolean;
  barcode: string | null;
  lowStockAt: number | null;
  stepGrams: number | null;
  maxGrams: number | null;
  /** The item's other names; null in a file without an `aliases` column (they stay as they are). */
  aliases: string[] | null;
  /**
   * The item's name in Hindi and in Kannada (ADR 0085): null for none (an empty cell), left out
   * (undefined) in a file without the column, which keeps the names the item has.
   */
  nameHi?: string | null;
  nameKn?: string | null;
};

/**
 * A cell as text: trimmed, and without the apostrophe an export puts before text a spreadsheet
 * would otherwise take for a formula, so an exported file imports as it was.
 */
export function cellText(value: string | undefined): string {
  const text = (value ?? '').trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

const codePattern = new RegExp(`^[A-Za-z0-9._/-]{1,${variantLimits.codeMax}}$`);
const yes = new Set(['yes', 'y', 'true', '1', 'veg']);
const no = new Set(['no', 'n', 'false', '0', 'non-veg', 'nonveg', '']);

function wholeNumber(text: string, max: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

/**
 * The header row's columns by position: every required column once, unknown ones ignored (an
 * owner's notes). Answers the problems when it is not such a row.
 */
export function readHeader(
  cells: string[],
): { columns: Map<SpreadsheetColumn, number> } | { errors: SpreadsheetError[] } {
  const columns = new Map<SpreadsheetColumn, number>();
  const errors: SpreadsheetError[] = [];
  cells.forEach((cell, index) => {
    const name = cellText(cell).toLowerCase().replace(/\s+/g, '_') as SpreadsheetColumn;
    if (name !== storeColumn && !(spreadsheetColumns as readonly string[]).includes(name)) return;
    if (columns.has(name))
      errors.push({ row: 1, field: name, message: spreadsheetMessages.columnTwice(name) });
    columns.set(name, index);
  });
  for (const column of requiredSpreadsheetColumns) {
    if (!columns.has(column))
      errors.push({ row: 1, field: column, message: spreadsheetMessages.missingColumn(column) });
  }
  return errors.length > 0 ? { errors } : { columns };
}

/** One data row read by the header's columns, or its bad cells. */
export function readRow(
  cells: string[],
  row: number,
  columns: Map<SpreadsheetColumn, number>,
): { value: CatalogueRow } | { errors: SpreadsheetError[] } {
  const cell = (column: SpreadsheetColumn) => {
    const index = columns.get(column);
    return index === undefined ? '' : cellText(cells[index]);
  };
  const errors: SpreadsheetError[] = [];
  const fail = (field: SpreadsheetColumn, message: string) => errors.push({ row, field, message });

  const name = cell('name').replace(/\s+/g, ' ');
  if (!name) fail('name', spreadsheetMessages.nameNeeded);
  else if (name.length > spreadsheetLimits.nameMax) fail('name', spreadsheetMessages.nameTooLong);
  // The name in another language: the name's rule, but an empty cell is none.
  const localName = (column: 'name_hi' | 'name_kn'): string | null | undefined => {
    if (!columns.has(column)) return undefined;
    const text = cell(column).replace(/[ \t\r\n]+/g, ' ');
    if (text.length > spreadsheetLimits.nameMax) fail(column, spreadsheetMessages.nameTooLong);
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    else if (/[\u0000-\u001f\u007f]/.test(text)) fail(column, noControlCharacters);
    return text || null;
  };
  const nameHi = localName('name_hi');
  const nameKn = localName('name_kn');
  const category = cell('category').replace(/\s+/g, ' ');
  if (!category) fail('category', spreadsheetMessages.categoryNeeded);
  const variant = cell('variant').replace(/\s+/g, ' ');
  if (variant.length > variantLimits.labelMax)
    fail('variant', `at most ${variantLimits.labelMax} characters`);

  const money = (column: 'price' | 'mrp', optional: boolean): number | null => {
    const text = cell(column);
    if (!text && optional) return null;
    const paise = parseRupees(text);
    if (paise === null || paise < 0) fail(column, spreadsheetMessages.price);
    else if (paise > amountLimits.maxPaise) fail(column, spreadsheetMessages.priceTooLarge);
    else return paise;
    return null;
  };
  const pricePaise = money('price', false);
  const mrpPaise = money('mrp', true);
  if (pricePaise !== null && mrpPaise !== null && mrpPaise < pricePaise)
    fail('mrp', spreadsheetMessages.mrpBelowPrice);

  const count = (column: 'stock' | 'low_stock'): number | null => {
    const text = cell(column);
    if (!text) return null;
    const value = wholeNumber(text, variantLimits.maxStock);
    if (value === null) fail(column, spreadsheetMessages.stock);
    return value;
  };
  const stock = count('stock');
  const lowStockAt = count('low_stock');

  const gstText = cell('gst').replace(/%$/, '');
  const gstRate = gstText ? Number(gstText) : 0;
  if (!(gstRates as readonly number[]).includes(gstRate)) fail('gst', spreadsheetMessages.gst);
  const hsn = cell('hsn') || null;
  if (hsn !== null && !hsnPattern.test(hsn)) fail('hsn', spreadsheetMessages.hsn);
  const vegText = cell('veg').toLowerCase();
  if (!yes.has(vegText) && !no.has(vegText)) fail('veg', spreadsheetMessages.veg);

  const code = (column: 'sku' | 'barcode') => {
    const text = cell(column);
    if (!text) return null;
    if (!codePattern.test(text)) fail(column, spreadsheetMessages.code);
    return text;
  };
  const sku = code('sku');
  const barcode = code('barcode');

  const grams = (column: 'step_g' | 'max_g'): number | null => {
    const text = cell(column);
    if (!text) return null;
    const value = wholeNumber(text, variantLimits.maxGrams);
    if (value === null || value === 0) fail(column, variantMessages.grams);
    return value || null;
  };
  const stepGrams = grams('step_g');
  const maxGrams = grams('max_g');
  if (errors.length === 0) {
    const looseColumns = {
      pricePaise: 'price',
      mrpPaise: 'mrp',
      stepGrams: 'step_g',
      maxGrams: 'max_g',
    } as const;
    for (const issue of looseIssues({ pricePaise: pricePaise!, mrpPaise, stepGrams, maxGrams })) {
      fail(looseColumns[issue.field], issue.message);
    }
  }

  // The item form's rule for other names, on the cell's names between its commas.
  let aliases: string[] | null = null;
  if (columns.has('aliases')) {
    const names = aliasesSchema.safeParse(
      cell('aliases')
        .split(',')
        .filter((name) => name.trim() !== ''),
    );
    if (names.success) aliases = names.data;
    else if (names.error.issues.some((issue) => issue.path.length === 0))
      fail('aliases', aliasMessages.tooMany);
    else fail('aliases', spreadsheetMessages.alias);
  }

  if (errors.length > 0) return { errors };
  return {
    value: {
      row,
      store: cell(storeColumn).replace(/\s+/g, ' '),
      sku,
      name,
      category,
      variant,
      pricePaise: pricePaise!,
      mrpPaise,
      stock,
      gstRate,
      hsn,
      veg: yes.has(vegText),
      barcode,
      lowStockAt,
      stepGrams,
      maxGrams,
      aliases,
      ...(nameHi === undefined ? {} : { nameHi }),
      ...(nameKn === undefined ? {} : { nameKn }),
    },
  };
}

/** Paise as a spreadsheet's rupees cell: 4550 → "45.50". */
export const rupeesCell = (paise: number | null) => (paise === null ? '' : (paise / 100).toFixed(2));
