import type { QueryKey, UseMutationResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { useSnackbar } from './snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { changedFields, useEditBase, useStaleSaveMessage } from '@/lib/edit-base.ts';
import { applySaveRefusal } from '@/lib/save-refusal.ts';

type RecordSaveOptions<T, Variables> = {
  /** The record as the server answers it: a 409's `current` is read with it. */
  schema: z.ZodType<T>;
  /** Where the record is cached, so a colleague's newer record shows at once. */
  queryKey: QueryKey;
  /** The write; it takes the changes and the version they are based on. */
  mutation: UseMutationResult<T, Error, Variables>;
  /** What the record is called in the stale-save alert, in the language shown: "business’s order settings". */
  recordName: string;
  /** The fields by their label, for "Name and Time zone changed". */
  labels: Partial<Record<keyof T, string>>;
  /** Puts a record in the form (after a colleague's save was found to be newer). */
  showCurrent: (record: T) => void;
  /**
   * The server's field names, as its 400 names them, and how the form shows a
   * message on each; `focus` is true for the first one only, which takes the focus.
   */
  fields: Record<string, (message: string, focus: boolean) => void>;
  /** The snackbar after a save. */
  savedMessage: string;
};

/**
 * What a form of one settings record does to save (D9): it writes with the
 * version its edits started from; a colleague's newer save (409) puts theirs
 * in the form with an alert naming what changed; a 400's reasons go on their
 * fields, the first one focused; anything else goes to the Error dialog.
 */
export function useRecordSave<T extends { version: number }, Variables extends { version: number }>(
  record: T,
  dirty: boolean,
  options: RecordSaveOptions<T, Variables>,
) {
  const base = useEditBase(record, dirty);
  const staleSaveMessage = useStaleSaveMessage();
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [conflict, setConflict] = useState<string[] | null>(null);
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);

  /** Saves the changes based on `version`; the saved record, or null when it was refused. */
  const save = async (
    changes: Omit<Variables, 'version'>,
    version: number = base.version,
  ): Promise<T | null> => {
    setConflict(null);
    try {
      const saved = await options.mutation.mutateAsync({ ...changes, version } as Variables);
      notify(options.savedMessage);
      return saved;
    } catch (caught) {
      const error = asApiError(caught);
      if (error.status === 409) {
        const current = options.schema.safeParse(error.current);
        if (current.success) {
          queryClient.setQueryData(options.queryKey, current.data);
          setConflict(changedFields(base, current.data, options.labels));
          options.showCurrent(current.data);
          return null;
        }
      }
      const message = applySaveRefusal(error, {
        current: options.schema,
        showCurrent: options.showCurrent,
        fields: options.fields,
      });
      setDialogMessage(message);
      return null;
    }
  };

  return {
    base,
    save,
    saving: options.mutation.isPending,
    conflictMessage: conflict && staleSaveMessage(options.recordName, conflict),
    dismissConflict: () => setConflict(null),
    dialogMessage,
    closeDialog: () => setDialogMessage(null),
  };
}
