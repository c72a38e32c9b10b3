/*
 * A store's catalogue in and out of spreadsheets (B17, ADR 0063): CSV or Excel, one row per
 * variant. An import is planned whole before anything is written: with `dryRun` the plan is the
 * answer; otherwise it is applied in one transaction, or not at all when any row is bad. Rows
 * match the store's variants by SKU, then by item name and variant name, so a file imported
 * twice changes nothing the second time.
 */
import fs from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { catalogueMessages } from '@storedesk/shared/catalogue/copies';
import { stepPaise, variantLimits } from '@storedesk/shared/catalogue/variants';
import {
  cellText,
  readHeader,
  readRow,
  rupeesCell,
  spreadsheetColumns,
  spreadsheetLimits,
  spreadsheetMessages,
  storeColumn,
  type CatalogueRow,
  type ImportResult,
  type SpreadsheetError,
} from '@storedesk/shared/catalogue/spreadsheet';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { csvLine } from '#server/lib/csv.ts';
import { AppError, invalid } from '#server/lib/errors.ts';
import { isUniqueViolation } from '#server/lib/pg-errors.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import { getStore, storesNamed } from '#server/modules/stores/stores.service.ts';
import { syncCopies } from './copies.service.ts';
import * as repo from './spreadsheet.repository.ts';

export type SpreadsheetKind = 'csv' | 'xlsx';
export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Store = { businessId: string; storeId: string; zoneId: string };

async function storeOf(db: Executor, auth: AuthContext, storeId: string): Promise<Store> {
  const store = await getStore(db, auth, storeId);
  return { businessId: auth.business.id, storeId, zoneId: store.zoneId };
}

/** The file's rows of cells, the header first. */
async function cellsOf(file: Buffer, kind: SpreadsheetKind): Promise<string[][]> {
  if (kind === 'csv') {
    try {
      return parseCsv(file, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
    } catch {
      throw invalid({ file: spreadsheetMessages.notSpreadsheet }, spreadsheetMessages.notSpreadsheet);
    }
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw invalid({ file: spreadsheetMessages.notSpreadsheet }, spreadsheetMessages.notSpreadsheet);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let index = 1; index <= row.cellCount; index += 1) {
      const cell = row.getCell(index);
      // A formula is read as the text it is, never evaluated: "=cmd|…" is a name like any other.
      const value = cell.formula ? `=${cell.formula}` : cell.text;
      cells.push(value ?? '');
    }
    if (cells.some((cell) => cell.trim() !== '')) rows.push(cells);
  });
  return rows;
}

/** The rows, read, and the bad cells of those that could not be. */
function rowsOf(cells: string[][]): { rows: CatalogueRow[]; errors: SpreadsheetError[] } {
  if (cells.length === 0)
    return { rows: [], errors: [{ row: 1, field: 'file', message: spreadsheetMessages.empty }] };
  if (cells.length - 1 > spreadsheetLimits.maxRows) {
    return {
      rows: [],
      errors: [
        { row: spreadsheetLimits.maxRows + 2, field: 'file', message: spreadsheetMessages.tooManyRows },
      ],
    };
  }
  const header = readHeader(cells[0]!);
  if ('errors' in header) return { rows: [], errors: header.errors };
  const rows: CatalogueRow[] = [];
  const errors: SpreadsheetError[] = [];
  cells.slice(1).forEach((line, index) => {
    const read = readRow(line, index + 2, header.columns);
    if ('errors' in read) errors.push(...read.errors);
    else rows.push(read.value);
  });
  if (rows.length === 0 && errors.length === 0)
    errors.push({ row: 2, field: 'file', message: spreadsheetMessages.empty });
  return { rows, errors };
}

type ItemPlan = {
  itemId: string | null;
  /** The item's index among new ones, for an item the import creates. */
  newIndex: number | null;
  values: repo.NewItem;
  changed: boolean;
  firstRow: number;
  /** An item the store keeps: its product, and whether the file changes what its copies share (ADR 0063). */
  kept: { productId: string; sharedChanged: boolean } | null;
  /** Kept, its shared fields changed, and kept by other stores too: its copies follow. */
  syncCopies?: boolean;
};
type VariantPlan = {
  row: number;
  item: ItemPlan;
  existing: repo.CatalogueEntry | null;
  values: Omit<repo.NewVariant, 'itemId'>;
  changed: boolean;
};

/** The same other names, in the same order (a file without the column, null, is the same as any). */
const sameAliases = (a: string[] | null, b: string[] | null) =>
  a === null || b === null || (a.length === b.length && a.every((alias, index) => alias === b[index]));

/** The same name in another language (a file without its column, undefined, is the same as any). */
const sameLocalName = (had: string | null, given: string | null | undefined) =>
  given === undefined || had === given;

/** Whether a row keeps what an item shares with its copies in other stores (ADR 0063). */
const sameItemShared = (head: repo.CatalogueEntry, values: repo.NewItem) =>
  head.name === values.name &&
  sameLocalName(head.nameHi, values.nameHi) &&
  sameLocalName(head.nameKn, values.nameKn) &&
  head.gstRate === values.gstRate &&
  head.hsn === values.hsn &&
  head.veg === values.veg &&
  sameAliases(head.aliases, values.aliases ?? null);

/** What a variant shares with its copies in other stores (ADR 0063). */
type SharedFields = Pick<
  repo.CatalogueEntry,
  'label' | 'mrpPaise' | 'sku' | 'barcode' | 'stepGrams' | 'maxGrams'
>;

/** Whether a variant keeps what it shares with its copies. */
const sameShared = (entry: SharedFields, values: SharedFields) =>
  entry.label === values.label &&
  entry.mrpPaise === values.mrpPaise &&
  entry.sku === values.sku &&
  entry.barcode === values.barcode &&
  entry.stepGrams === values.stepGrams &&
  entry.maxGrams === values.maxGrams;

/** Whether a row is the variant as it is: what it shares, and the store's own price and counts. */
const sameVariant = (entry: repo.CatalogueEntry, row: CatalogueRow, label: string) =>
  sameShared(entry, { ...row, label }) &&
  entry.pricePaise === row.pricePaise &&
  entry.stock === row.stock &&
  entry.lowStockAt === row.lowStockAt;

/**
 * A new item of the same name as a live item of another store, whose SKUs are that item's, is a
 * copy of its product (ADR 0063), and each of its rows with such a SKU that product's variant:
 * so one file, or one file per store, keeps one item in many stores. Not when the store keeps
 * the product already, or the codes are of several products.
 */
function linkCopies(
  itemPlans: ItemPlan[],
  variantPlans: VariantPlan[],
  elsewhere: Awaited<ReturnType<typeof repo.findCodesElsewhere>>,
  keptHere: Set<string>,
) {
  const bySku = new Map(
    elsewhere.filter((other) => other.live && other.sku).map((other) => [other.sku!, other]),
  );
  const rowsOf = new Map<ItemPlan, VariantPlan[]>();
  for (const variant of variantPlans) {
    if (variant.item.itemId !== null) continue;
    const list = rowsOf.get(variant.item) ?? [];
    list.push(variant);
    rowsOf.set(variant.item, list);
  }
  for (const item of itemPlans) {
    const rows = rowsOf.get(item);
    if (!rows) continue;
    const matches = rows.flatMap((row) =>
      row.values.sku && bySku.has(row.values.sku) ? [bySku.get(row.values.sku)!] : [],
    );
    const products = new Set(matches.map((match) => match.productId));
    const [productId] = products;
    if (
      productId === undefined ||
      products.size > 1 ||
      keptHere.has(productId) ||
      matches.some((match) => match.itemName.toLowerCase() !== item.values.name.toLowerCase())
    ) {
      continue;
    }
    item.values.productId = productId;
    for (const row of rows) {
      const match = row.values.sku ? bySku.get(row.values.sku) : undefined;
      if (match) row.values.sharedId = match.sharedId;
    }
    keptHere.add(productId);
  }
}

/**
 * The store's items whose shared fields (ADR 0063) the file changes, and that other stores keep
 * too: marked so their copies follow once applied, and checked as that edit would be in the item
 * form (an MRP below a copy's own price, a loose step costing a fraction of a paisa at it), each
 * refusal on its row naming the store.
 */
async function checkCopies(
  db: Executor,
  store: Store,
  itemPlans: ItemPlan[],
  variantPlans: VariantPlan[],
  fail: (row: number, field: string, message: string) => void,
) {
  const changedShared = itemPlans.filter((item) => item.kept?.sharedChanged);
  if (changedShared.length === 0) return;
  const prices = await repo.findCopyPrices(db, store, [
    ...new Set(changedShared.map((item) => item.kept!.productId)),
  ]);
  const kept = new Set(prices.map((price) => price.productId));
  for (const item of changedShared) item.syncCopies = kept.has(item.kept!.productId);
  for (const variant of variantPlans) {
    if (!variant.item.syncCopies || !variant.existing) continue;
    const { mrpPaise, stepGrams } = variant.values;
    for (const copy of prices) {
      if (copy.sharedId !== variant.existing.sharedId) continue;
      if (mrpPaise !== null && mrpPaise < copy.pricePaise) {
        fail(variant.row, 'mrp', catalogueMessages.mrpBelowCopyPrice(copy.storeName));
        break;
      }
      if (stepGrams !== null && !Number.isInteger(stepPaise(copy.pricePaise, stepGrams))) {
        fail(
          variant.row,
          'step_g',
          catalogueMessages.stepNotExactInCopy(copy.storeName, copy.pricePaise, stepGrams),
        );
        break;
      }
    }
  }
}

/** What the file would do to the store's catalogue, row by row, with every bad row. */
async function plan(db: Executor, store: Store, rows: CatalogueRow[], errors: SpreadsheetError[]) {
  const fail = (row: number, field: string, message: string) => errors.push({ row, field, message });
  const [entries, categoryIds] = await Promise.all([
    repo.findCatalogueEntries(db, store),
    repo.findCategoryIds(db, store),
  ]);
  const bySku = new Map<string, repo.CatalogueEntry>();
  const byBarcode = new Map<string, repo.CatalogueEntry>();
  const itemsByName = new Map<string, repo.CatalogueEntry[]>();
  const variantsOf = new Map<string, repo.CatalogueEntry[]>();
  for (const entry of entries) {
    if (entry.sku) bySku.set(entry.sku, entry);
    if (entry.barcode) byBarcode.set(entry.barcode, entry);
    const list = variantsOf.get(entry.itemId) ?? [];
    list.push(entry);
    variantsOf.set(entry.itemId, list);
    const name = entry.name.toLowerCase();
    if (!itemsByName.has(name)) itemsByName.set(name, list);
  }

  // Codes once in the file.
  const skuRow = new Map<string, number>();
  const barcodeRow = new Map<string, number>();
  for (const row of rows) {
    if (row.sku) {
      const first = skuRow.get(row.sku);
      if (first !== undefined) fail(row.row, 'sku', spreadsheetMessages.skuTwice(first));
      else skuRow.set(row.sku, row.row);
    }
    if (row.barcode) {
      const first = barcodeRow.get(row.barcode);
      if (first !== undefined) fail(row.row, 'barcode', spreadsheetMessages.barcodeTwice(first));
      else barcodeRow.set(row.barcode, row.row);
    }
  }

  const groups = new Map<string, CatalogueRow[]>();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }

  const itemPlans: ItemPlan[] = [];
  const variantPlans: VariantPlan[] = [];
  let newItems = 0;
  for (const group of groups.values()) {
    const first = group[0]!;
    // The item's own fields are the same on each of its rows.
    for (const row of group.slice(1)) {
      for (const [field, same] of [
        ['category', row.category.toLowerCase() === first.category.toLowerCase()],
        ['gst', row.gstRate === first.gstRate],
        ['hsn', row.hsn === first.hsn],
        ['veg', row.veg === first.veg],
      ] as const) {
        if (!same) fail(row.row, field, spreadsheetMessages.itemDiffers(field, first.row));
      }
    }
    // Other names given on any of the item's rows are the item's; its other rows may leave them empty.
    const named = group.find((row) => (row.aliases?.length ?? 0) > 0);
    for (const row of group) {
      if (named && row !== named && row.aliases?.length && !sameAliases(row.aliases, named.aliases))
        fail(row.row, 'aliases', spreadsheetMessages.itemDiffers('aliases', named.row));
    }
    // So are its names in Hindi and Kannada (ADR 0085): given on any row, the same on every row giving one.
    const localNames = (['name_hi', 'name_kn'] as const).map((field) => {
      const key = field === 'name_hi' ? 'nameHi' : 'nameKn';
      const given = group.find((row) => row[key]);
      for (const row of group) {
        if (given && row[key] && row[key] !== given[key])
          fail(row.row, field, spreadsheetMessages.itemDiffers(field, given.row));
      }
      return first[key] === undefined ? {} : { [key]: given?.[key] ?? null };
    });
    const categoryId = categoryIds.get(first.category.toLowerCase());
    if (!categoryId) fail(first.row, 'category', spreadsheetMessages.unknownCategory(first.category));

    // The item: the one its first known SKU is of, else the store's item of this name.
    const known = group.find((row) => row.sku !== null && bySku.has(row.sku));
    const itemId = known
      ? bySku.get(known.sku!)!.itemId
      : (itemsByName.get(first.name.toLowerCase())?.[0]?.itemId ?? null);
    const current = itemId ? (variantsOf.get(itemId) ?? []) : [];
    const head = current[0];
    const values: repo.NewItem = {
      categoryId: categoryId ?? '',
      name: first.name,
      gstRate: first.gstRate,
      hsn: first.hsn,
      veg: first.veg,
      ...(first.aliases === null ? {} : { aliases: named?.aliases ?? [] }),
      ...localNames[0],
      ...localNames[1],
    };
    const kept = head ? { productId: head.productId, sharedChanged: !sameItemShared(head, values) } : null;
    const item: ItemPlan = {
      itemId,
      newIndex: itemId ? null : newItems++,
      values,
      changed: kept !== null && (kept.sharedChanged || head!.categoryId !== values.categoryId),
      firstRow: first.row,
      kept,
    };
    itemPlans.push(item);

    // Each row's variant: by SKU, else by its name among the item's.
    const labels = new Map<string, number>();
    const claimed = new Set<string>();
    let next = current.length;
    for (const row of group) {
      const label = row.variant;
      if (group.length > 1 && !label) fail(row.row, 'variant', spreadsheetMessages.variantNeeded);
      const labelKey = label.toLowerCase();
      if (labels.has(labelKey))
        fail(row.row, 'variant', spreadsheetMessages.variantTwice(labels.get(labelKey)!));
      labels.set(labelKey, row.row);
      let existing: repo.CatalogueEntry | null = null;
      const skuMatch = row.sku ? bySku.get(row.sku) : undefined;
      if (skuMatch && skuMatch.itemId !== itemId) {
        fail(row.row, 'sku', spreadsheetMessages.skuOfOtherItem);
      } else if (skuMatch) {
        existing = skuMatch;
      } else {
        existing =
          current.find((entry) => !claimed.has(entry.variantId) && entry.label.toLowerCase() === labelKey) ??
          // An item of one variant and one row: that row is its variant, whatever it is called now.
          (current.length === 1 && group.length === 1 && !claimed.has(current[0]!.variantId)
            ? current[0]!
            : null);
      }
      const barcodeMatch = row.barcode ? byBarcode.get(row.barcode) : undefined;
      if (barcodeMatch && barcodeMatch.variantId !== existing?.variantId) {
        fail(row.row, 'barcode', spreadsheetMessages.barcodeTaken);
      }
      if (existing) claimed.add(existing.variantId);
      const values = {
        position: existing ? existing.position : next++,
        label,
        pricePaise: row.pricePaise,
        mrpPaise: row.mrpPaise,
        sku: row.sku,
        barcode: row.barcode,
        stock: row.stock,
        lowStockAt: row.lowStockAt,
        stepGrams: row.stepGrams,
        maxGrams: row.maxGrams,
      };
      // A pack added to a kept item, or one whose shared fields change, is a change its copies share.
      if (kept && (!existing || !sameShared(existing, values))) kept.sharedChanged = true;
      variantPlans.push({
        row: row.row,
        item,
        existing,
        values,
        changed: existing ? !sameVariant(existing, row, label) : true,
      });
    }
    if (next > variantLimits.maxVariants) fail(first.row, 'variant', spreadsheetMessages.tooManyVariants);
  }

  // A code another product of the business has (another store's, or an item in the trash).
  const elsewhere = await repo.findCodesElsewhere(db, store, {
    skus: rows.flatMap((row) => (row.sku ? [row.sku] : [])),
    barcodes: rows.flatMap((row) => (row.barcode ? [row.barcode] : [])),
  });
  if (elsewhere.length > 0) {
    linkCopies(itemPlans, variantPlans, elsewhere, new Set(entries.map((entry) => entry.productId)));
    const productOf = new Map(entries.map((entry) => [entry.itemId, entry.productId]));
    for (const variant of variantPlans) {
      const productId = variant.item.itemId
        ? productOf.get(variant.item.itemId)
        : variant.item.values.productId;
      const taken = (code: string | null, column: 'sku' | 'barcode') =>
        code !== null && elsewhere.some((other) => other[column] === code && other.productId !== productId);
      if (taken(variant.values.sku, 'sku')) fail(variant.row, 'sku', spreadsheetMessages.skuTaken);
      if (taken(variant.values.barcode, 'barcode'))
        fail(variant.row, 'barcode', spreadsheetMessages.barcodeTaken);
    }
  }

  await checkCopies(db, store, itemPlans, variantPlans, fail);

  const firstRows = new Set(itemPlans.filter((item) => item.changed).map((item) => item.firstRow));
  const result: ImportResult = {
    created: variantPlans.filter((variant) => !variant.existing).length,
    updated: variantPlans.filter(
      (variant) => variant.existing && (variant.changed || firstRows.has(variant.row)),
    ).length,
    unchanged: 0,
    errors: errors.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field)),
  };
  result.unchanged = variantPlans.length - result.created - result.updated;
  return { result, itemPlans, variantPlans };
}

async function apply(tx: Executor, store: Store, itemPlans: ItemPlan[], variantPlans: VariantPlan[]) {
  const created = itemPlans.filter((item) => item.itemId === null);
  const newIds = await repo.insertItems(
    tx,
    store,
    created.map((item) => item.values),
  );
  created.forEach((item, index) => (item.itemId = newIds[index]!));
  await repo.updateItemFields(
    tx,
    store,
    itemPlans.filter((each) => each.changed).map((item) => ({ ...item.values, id: item.itemId! })),
  );
  const fresh = variantPlans.filter((variant) => !variant.existing);
  const freshIds = await repo.insertVariants(
    tx,
    store,
    fresh.map((variant) => ({ ...variant.values, itemId: variant.item.itemId! })),
  );
  const adjustments: Array<{ itemId: string; variantId: string; stockFrom: number | null; stockTo: number }> =
    [];
  fresh.forEach((variant, index) => {
    if (variant.values.stock !== null) {
      adjustments.push({
        itemId: variant.item.itemId!,
        variantId: freshIds[index]!,
        stockFrom: null,
        stockTo: variant.values.stock,
      });
    }
  });
  const changed = variantPlans.filter((each) => each.existing && each.changed);
  await repo.updateVariantFields(
    tx,
    store,
    changed.map(({ existing, values: { position: _position, ...values } }) => ({
      ...values,
      id: existing!.variantId,
    })),
  );
  for (const { existing, values } of changed) {
    if (values.stock !== null && values.stock !== existing!.stock) {
      adjustments.push({
        itemId: existing!.itemId,
        variantId: existing!.variantId,
        stockFrom: existing!.stock,
        stockTo: values.stock,
      });
    }
  }
  await repo.insertStockAdjustments(tx, store, adjustments);
  // What copies in other stores share follows the file, as it follows an edit in the item form.
  for (const item of itemPlans) if (item.syncCopies) await syncCopies(tx, store, item.itemId!);
}

/** 400 naming every bad row (the first fifty in `fields`), with the whole answer in `current`. */
function refusal(result: ImportResult) {
  return new AppError(
    'invalid_input',
    spreadsheetMessages.rowsNeedAttention(new Set(result.errors.map((error) => error.row)).size),
    {
      fields: Object.fromEntries(
        result.errors.slice(0, 50).map((error) => [`rows.${error.row}.${error.field}`, error.message]),
      ),
      current: result,
    },
  );
}

/**
 * Plans rows of one store and, when none is bad, applies them: in the caller's transaction,
 * under the store's lock. Answers what it did, or would have, with every bad row.
 */
async function importRows(
  tx: Executor,
  store: Store,
  read: { rows: CatalogueRow[]; errors: SpreadsheetError[] },
  options: { makeCategories?: boolean } = {},
): Promise<ImportResult> {
  await repo.lockStoreCatalogue(tx, store);
  if (options.makeCategories) {
    await repo.ensureCategories(tx, store, [...new Set(read.rows.map((row) => row.category))]);
  }
  const planned = await plan(tx, store, read.rows, read.errors);
  if (planned.result.errors.length > 0) return planned.result;
  if (planned.result.created + planned.result.updated > 0) {
    await apply(tx, store, planned.itemPlans, planned.variantPlans);
    await publishEvent(tx, {
      businessId: store.businessId,
      zoneId: store.zoneId,
      topic: 'catalogue',
      action: 'item.imported',
      recordId: store.storeId,
    });
  }
  return planned.result;
}

/** A store's own file may name the store in a `store` column; a row of another store is bad. */
function ofThisStore(read: { rows: CatalogueRow[]; errors: SpreadsheetError[] }, storeName: string) {
  const rows: CatalogueRow[] = [];
  for (const row of read.rows) {
    if (row.store && row.store.toLowerCase() !== storeName.toLowerCase()) {
      read.errors.push({ row: row.row, field: 'store', message: spreadsheetMessages.otherStore(storeName) });
    } else rows.push(row);
  }
  return { rows, errors: read.errors };
}

/**
 * Applies a spreadsheet to a store, in the caller's transaction, whole or not at all: the
 * import's way in once the store is known to be the caller's, and the demo seed's.
 */
export async function importInto(
  tx: Executor,
  store: Store,
  file: { body: Buffer; kind: SpreadsheetKind },
  /** Make the categories the file names that the store lacks (the demo seed's sample); an owner's import refuses them. */
  options: { makeCategories?: boolean } = {},
): Promise<ImportResult> {
  const result = await importRows(tx, store, rowsOf(await cellsOf(file.body, file.kind)), options);
  if (result.errors.length > 0) throw refusal(result);
  return result;
}

/** Two variants trading codes in one file: the unique index sees the first half of the swap. */
function codesTraded(error: unknown): unknown {
  return isUniqueViolation(error, 'item_variants_sku_idx') ||
    isUniqueViolation(error, 'item_variants_barcode_idx')
    ? new AppError('conflict', spreadsheetMessages.codesTraded)
    : error;
}

/**
 * Imports a store's catalogue from a spreadsheet (B17). With `dryRun` nothing is written; without
 * it, a file with any bad row is 400 with them all, and a good one is applied whole.
 */
export async function importCatalogue(
  db: Database,
  auth: AuthContext,
  storeId: string,
  file: { body: Buffer; kind: SpreadsheetKind },
  dryRun: boolean,
): Promise<ImportResult> {
  const found = await getStore(db, auth, storeId);
  const store = { businessId: auth.business.id, storeId, zoneId: found.zoneId };
  const read = ofThisStore(rowsOf(await cellsOf(file.body, file.kind)), found.name);
  if (dryRun) return (await plan(db, store, read.rows, read.errors)).result;
  try {
    return await db.transaction(async (tx) => {
      const result = await importRows(tx, store, read);
      if (result.errors.length > 0) throw refusal(result);
      return result;
    });
  } catch (error) {
    throw codesTraded(error);
  }
}

/** The answer a preview of several stores ends its transaction with, so it writes nothing. */
class Preview extends Error {
  constructor(readonly result: ImportResult) {
    super('preview');
  }
}

/**
 * Imports several stores' catalogues from one spreadsheet with a `store` column (B17): each row
 * goes to the store it names, among those the caller sees. The stores are imported one after
 * another in one transaction, all or nothing, so a new item of one store is the copy of the same
 * item (name and SKU) a store before it in the file has just been given. A preview does the
 * same and rolls it back, so it says exactly what the import would do.
 */
export async function importCatalogues(
  db: Database,
  auth: AuthContext,
  file: { body: Buffer; kind: SpreadsheetKind },
  dryRun: boolean,
): Promise<ImportResult> {
  const cells = await cellsOf(file.body, file.kind);
  if (cells.length > 0 && !cells[0]!.some((cell) => cellText(cell).toLowerCase() === storeColumn)) {
    const missing = { row: 1, field: storeColumn, message: spreadsheetMessages.missingColumn(storeColumn) };
    const result = { created: 0, updated: 0, unchanged: 0, errors: [missing] };
    if (dryRun) return result;
    throw refusal(result);
  }
  const read = rowsOf(cells);
  const errors = [...read.errors];
  const names = [...new Set(read.rows.flatMap((row) => (row.store ? [row.store.toLowerCase()] : [])))];
  const stores = await storesNamed(db, auth, names);
  const byName = new Map(stores.map((store) => [store.name.toLowerCase(), store]));
  const rowsOfStore = new Map<string, CatalogueRow[]>();
  for (const row of read.rows) {
    const store = row.store ? byName.get(row.store.toLowerCase()) : undefined;
    if (!row.store)
      errors.push({ row: row.row, field: storeColumn, message: spreadsheetMessages.storeNeeded });
    else if (!store)
      errors.push({ row: row.row, field: storeColumn, message: spreadsheetMessages.unknownStore });
    else rowsOfStore.set(store.id, [...(rowsOfStore.get(store.id) ?? []), row]);
  }
  try {
    return await db.transaction(async (tx) => {
      const result: ImportResult = { created: 0, updated: 0, unchanged: 0, errors };
      for (const store of stores) {
        const rows = rowsOfStore.get(store.id);
        if (!rows) continue;
        const ref = { businessId: auth.business.id, storeId: store.id, zoneId: store.zoneId };
        const done = await importRows(tx, ref, { rows, errors: [] });
        result.created += done.created;
        result.updated += done.updated;
        result.unchanged += done.unchanged;
        errors.push(...done.errors);
      }
      errors.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field));
      if (dryRun) throw new Preview(result);
      if (errors.length > 0) throw refusal(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Preview) return error.result;
    throw codesTraded(error);
  }
}

const exportRow = (entry: repo.CatalogueEntry) => [
  entry.sku ?? '',
  entry.name,
  entry.nameHi ?? '',
  entry.nameKn ?? '',
  entry.categoryName ?? '',
  entry.label,
  rupeesCell(entry.pricePaise),
  rupeesCell(entry.mrpPaise),
  entry.stock === null ? '' : String(entry.stock),
  String(entry.gstRate),
  entry.hsn ?? '',
  entry.veg ? 'yes' : 'no',
  entry.barcode ?? '',
  entry.lowStockAt === null ? '' : String(entry.lowStockAt),
  entry.stepGrams === null ? '' : String(entry.stepGrams),
  entry.maxGrams === null ? '' : String(entry.maxGrams),
  entry.aliases.join(', '),
];

/** Rows as a file: CSV text, or an Excel workbook of strings (nothing in it is a formula). */
async function fileOf(header: string[], rows: string[][], kind: SpreadsheetKind): Promise<string | Buffer> {
  if (kind === 'csv') return [header, ...rows].map((row) => csvLine(row)).join('');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Catalogue');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The store's catalogue as the import reads it: CSV text, or an Excel workbook. */
export async function exportCatalogue(
  db: Database,
  auth: AuthContext,
  storeId: string,
  kind: SpreadsheetKind,
): Promise<{ body: string | Buffer; fileName: string }> {
  const store = await storeOf(db, auth, storeId);
  const entries = await repo.findCatalogueEntries(db, store);
  return {
    body: await fileOf([...spreadsheetColumns], entries.map(exportRow), kind),
    fileName: `catalogue-${storeId.slice(0, 8)}.${kind}`,
  };
}

/** Every store's catalogue the caller sees, in one file with the `store` column first: importable as it is. */
export async function exportCatalogues(
  db: Database,
  auth: AuthContext,
  kind: SpreadsheetKind,
): Promise<{ body: string | Buffer; fileName: string }> {
  const rows: string[][] = [];
  for (const store of await storesNamed(db, auth, null)) {
    const entries = await repo.findCatalogueEntries(db, {
      businessId: auth.business.id,
      storeId: store.id,
    });
    for (const entry of entries) rows.push([store.name, ...exportRow(entry)]);
  }
  return {
    body: await fileOf([storeColumn, ...spreadsheetColumns], rows, kind),
    fileName: `catalogues.${kind}`,
  };
}

/** The sample grocer's catalogue (scripts/catalogue-sample.mjs), beside this module or the build's entry. */
const sampleFile = new URL('./catalogue-sample.csv', import.meta.url);

/** The whole sample, as the demo seed imports it into one store. */
export function sampleCatalogue(): Buffer {
  return fs.readFileSync(sampleFile);
}

/** The sample's first rows, as the import screen offers them for download. */
export function sampleCatalogueExcerpt(rows = 40): string {
  return (
    sampleCatalogue()
      .toString('utf8')
      .split('\r\n')
      .slice(0, rows + 1)
      .join('\r\n') + '\r\n'
  );
}
