import { apiUrl } from '@/lib/api-client.ts';
import { storePath } from './catalogue-keys.ts';

/**
 * GET /api/stores/:storeId/catalogue/export.csv and .xlsx: the store's catalogue in the import's
 * columns, one row per variant, as files the browser downloads with the session cookie.
 */
export function exportCatalogueHrefs(storeId: string): Record<'csv' | 'xlsx', string> {
  return {
    csv: apiUrl(`${storePath(storeId)}/catalogue/export.csv`),
    xlsx: apiUrl(`${storePath(storeId)}/catalogue/export.xlsx`),
  };
}

/** GET /api/catalogue/sample.csv: forty rows in the import's columns to start a spreadsheet from. */
export const sampleCatalogueHref = apiUrl('/catalogue/sample.csv');
