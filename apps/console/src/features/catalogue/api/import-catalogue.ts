import type { ImportResult } from '@storedesk/shared/catalogue/spreadsheet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/lib/api-upload.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';
import { lowStockKey } from './get-low-stock.ts';

export type { ImportResult, UploadProgress };

/** The two kinds of file the import reads, by the type the server is told. */
export const spreadsheetTypes = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type SpreadsheetKind = keyof typeof spreadsheetTypes;

/** A file's kind by its name (browsers name an .xlsx's type unevenly, and a .csv's often not at all). */
export function spreadsheetKind(file: File): SpreadsheetKind | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.xlsx')) return 'xlsx';
  if (file.type === spreadsheetTypes.xlsx) return 'xlsx';
  if (file.type === 'text/csv') return 'csv';
  return null;
}

export type ImportCatalogue = {
  /** null: several stores' catalogues in one file, each row naming its store. */
  storeId: string | null;
  file: File;
  kind: SpreadsheetKind;
  /** true: the preview, which writes nothing. */
  dryRun: boolean;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * POST /api/stores/:storeId/catalogue/import?dryRun=…: the file as the body. 413 over 5 MB, 415 for
 * other types; applying a file with a bad row is 400 with the preview in `error.current`.
 */
export function importCatalogue({
  storeId,
  file,
  kind,
  dryRun,
  onProgress,
  signal,
}: ImportCatalogue): Promise<ImportResult> {
  return apiUpload<ImportResult>(`${storeId === null ? '' : storePath(storeId)}/catalogue/import`, {
    query: { dryRun },
    body: file,
    contentType: spreadsheetTypes[kind],
    onProgress,
    signal,
  });
}

/** The import, which after applying refreshes the store's catalogue and the Low stock list. */
export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogue,
    onSuccess: (_result, { storeId, dryRun }) => {
      if (dryRun) return;
      void queryClient.invalidateQueries({
        queryKey: storeId === null ? catalogueKeys.root : catalogueKeys.all(storeId),
      });
      void queryClient.invalidateQueries({ queryKey: lowStockKey });
    },
  });
}

/** The "current" of a refused apply: the preview of the file as it is now, when it is one. */
export function importResultOf(current: unknown): ImportResult | null {
  if (typeof current !== 'object' || current === null) return null;
  const { created, updated, unchanged, errors } = current as Partial<ImportResult>;
  if (typeof created !== 'number' || typeof updated !== 'number' || typeof unchanged !== 'number')
    return null;
  if (!Array.isArray(errors)) return null;
  return { created, updated, unchanged, errors };
}
