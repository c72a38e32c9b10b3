import { messages } from '@storedesk/shared/messages';
import { asApiError, isApiError } from '../lib/api-client.ts';
import { useSnackbar } from './snackbar-provider.tsx';

type Options<T> = {
  /** What the record is, for "That store was already deleted". */
  noun: string;
  remove: (record: T) => Promise<unknown>;
  restore: (record: T) => Promise<unknown>;
  /** Shows a failure the person must read (the Error dialog). */
  onError: (message: string) => void;
  onDeleted?: (record: T) => void;
};

/**
 * A delete the person has confirmed: on success a snackbar offers Undo, which
 * restores the record from the trash (D7); a record already gone is only noted,
 * a stale one says so (D9), and a lost session is left to the sign-in redirect.
 */
export function useDeleteWithUndo<T extends { name: string }>({
  noun,
  remove,
  restore,
  onError,
  onDeleted,
}: Options<T>) {
  const notify = useSnackbar();
  return async (record: T): Promise<void> => {
    try {
      await remove(record);
    } catch (error) {
      if (isApiError(error, 401)) return;
      if (isApiError(error, 404))
        return notify({ severity: 'info', message: `That ${noun} was already deleted` });
      return onError(isApiError(error, 409) ? messages.staleRecord : asApiError(error).message);
    }
    onDeleted?.(record);
    notify({
      message: `${record.name} deleted`,
      action: {
        label: 'Undo',
        onClick: () =>
          void restore(record).then(
            () => notify(`${record.name} restored`),
            (error: unknown) => onError(asApiError(error).message),
          ),
      },
    });
  };
}
