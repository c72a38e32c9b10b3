import { businessSettingsSchema } from '@storedesk/shared/settings/business';
import type { BusinessSettings, BusinessSettingsUpdateInput } from '@storedesk/shared/settings/business';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnackbar } from '../../../components/snackbar-provider.tsx';
import { asApiError } from '../../../lib/api-client.ts';
import { changedFields, staleSaveMessage, useEditBase } from '../../../lib/edit-base.ts';
import { applySaveRefusal } from '../../../lib/save-refusal.ts';
import { businessSettingsQueryKey, useUpdateBusinessSettings } from '../api/business.ts';

type BusinessSaveOptions = {
  /** The fields this tab edits, by their label, for "Name and Time zone changed". */
  labels: Partial<Record<keyof BusinessSettings, string>>;
  /** Puts a record in the form (after a colleague's save was found to be newer). */
  showCurrent: (record: BusinessSettings) => void;
  /**
   * The server's field names, as its 400 names them, and how the form shows a
   * message on each; `focus` is true for the first one only, which takes the focus.
   */
  fields: Record<string, (message: string, focus: boolean) => void>;
  /** The snackbar after a save. */
  savedMessage: string;
};

/**
 * What both tabs of the business's record do to save: the record their edits
 * started from (D9), the stale-save alert with what changed, field messages of
 * a 400 on their fields and anything else in the Error dialog.
 */
export function useBusinessSave(record: BusinessSettings, dirty: boolean, options: BusinessSaveOptions) {
  const base = useEditBase(record, dirty);
  const update = useUpdateBusinessSettings();
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [conflict, setConflict] = useState<string[] | null>(null);
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);

  /** Saves the changes based on `version`; the saved record, or null when it was refused. */
  const save = async (
    changes: Omit<BusinessSettingsUpdateInput, 'version'>,
    version: number,
  ): Promise<BusinessSettings | null> => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...changes, version });
      notify(options.savedMessage);
      return saved;
    } catch (caught) {
      const error = asApiError(caught);
      if (error.status === 409) {
        const current = businessSettingsSchema.safeParse(error.current);
        if (current.success) {
          queryClient.setQueryData(businessSettingsQueryKey, current.data);
          setConflict(changedFields(base, current.data, options.labels));
          options.showCurrent(current.data);
          return null;
        }
      }
      let placed = false;
      const fields = Object.fromEntries(
        Object.entries(options.fields).map(([name, show]) => [
          name,
          (message: string) => {
            show(message, !placed);
            placed = true;
          },
        ]),
      );
      const message = applySaveRefusal(error, {
        current: businessSettingsSchema,
        showCurrent: options.showCurrent,
        fields,
      });
      setDialogMessage(placed ? null : message);
      return null;
    }
  };

  return {
    base,
    save,
    saving: update.isPending,
    conflictMessage: conflict && staleSaveMessage('business’s settings', conflict),
    dismissConflict: () => setConflict(null),
    dialogMessage,
    closeDialog: () => setDialogMessage(null),
  };
}
