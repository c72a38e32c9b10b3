import { messages } from '@storedesk/shared/messages';
import { useT } from '@storedesk/web/i18n';
import { useState, type ReactNode } from 'react';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useSnackbar } from './snackbar-provider.tsx';

type Options<T> = {
  /** What the record is, in the language shown, for "Delete store" and "That store was already deleted". */
  noun: string;
  /** The confirmation's question, in the spec's words. */
  question: string;
  remove: (record: T) => Promise<unknown>;
  restore: (record: T) => Promise<unknown>;
  /** Shows a failure the person must read (the Error dialog). */
  onError: (message: string) => void;
  onDeleted?: (record: T) => void;
};

/**
 * Delete with a confirmation: `ask(record)` opens the dialog (render `dialog`);
 * once confirmed, a snackbar offers Undo, which restores the record from the
 * trash (D7). A record already gone is only noted, a stale one says so (D9),
 * and a lost session is left to the sign-in redirect.
 */
export function useDeleteWithUndo<T extends { name: string }>({
  noun,
  question,
  remove,
  restore,
  onError,
  onDeleted,
}: Options<T>): { ask: (record: T) => void; dialog: ReactNode } {
  const t = useT();
  const notify = useSnackbar();
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const deleteWithUndo = async (record: T): Promise<void> => {
    try {
      await remove(record);
    } catch (error) {
      if (isApiError(error, 401)) return;
      if (isApiError(error, 404))
        return notify({ severity: 'info', message: t('common.alreadyDeleted', { noun }) });
      // A 409 with the current record is a stale version; any other 409 (a zone still in use) says why itself.
      const refused = asApiError(error);
      return onError(
        refused.status === 409 && refused.current !== undefined ? messages.staleRecord : refused.message,
      );
    }
    onDeleted?.(record);
    notify({
      message: t('common.deleted', { name: record.name }),
      action: {
        label: t('common.undo'),
        onClick: () =>
          void restore(record).then(
            () => notify(t('common.restored', { name: record.name })),
            (error: unknown) => onError(asApiError(error).message),
          ),
      },
    });
  };

  const confirm = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteWithUndo(toDelete);
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={toDelete !== null}
      // The title names what goes: “Delete store “Green Basket”?”.
      title={toDelete ? t('common.deleteTitle', { noun, name: toDelete.name }) : ''}
      message={question}
      confirmLabel={t('lists.delete')}
      busyLabel={t('common.deleting')}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={() => setToDelete(null)}
    />
  );
  return { ask: setToDelete, dialog };
}
