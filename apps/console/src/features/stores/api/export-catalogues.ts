import { apiUrl } from '@/lib/api-client.ts';

/**
 * GET /api/catalogue/export.csv and .xlsx: every store's catalogue the person sees, one row per
 * variant with the store's name first: the file "Import for all stores" reads (B17).
 */
export const allCataloguesHrefs: Record<'csv' | 'xlsx', string> = {
  csv: apiUrl('/catalogue/export.csv'),
  xlsx: apiUrl('/catalogue/export.xlsx'),
};
