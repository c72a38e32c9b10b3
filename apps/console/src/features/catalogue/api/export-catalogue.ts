import { apiUrl } from '@/lib/api-client.ts';
import { storePath } from './catalogue-keys.ts';

/**
 * GET /api/stores/:storeId/catalogue/export.csv or .xlsx: the store's catalogue in the import's
 * columns, one row per variant, as a file the browser downloads with the session cookie.
 */
export function exportCatalogueHref(storeId: string, kind: 'csv' | 'xlsx'): string {
  return apiUrl(`${storePath(storeId)}/catalogue/export.${kind}`);
}

/** GET /api/catalogue/sample.csv: forty rows in the import's columns to start a spreadsheet from. */
export const sampleCatalogueHref = apiUrl('/catalogue/sample.csv');
