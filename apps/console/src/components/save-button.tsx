import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useT } from '@storedesk/web/i18n';

type SaveButtonProps = {
  saving: boolean;
  label: string;
  /** A form's way out without saving: back where the person came from, or the edits undone. */
  onCancel?: () => void;
  /** Whether Cancel has anything to do (an in-place form with no edits has not). */
  cancelDisabled?: boolean;
  /** What the form still waits for before it can be saved ("Waiting for the image…"), shown on the button. */
  waiting?: string | null;
};

/**
 * A form's submit button: disabled, with a spinner and "Saving…", while the save runs (or what the
 * form waits for, while it waits); and its Cancel. In the language shown: the signed-in screens' only.
 */
export function SaveButton({
  saving,
  label,
  onCancel,
  cancelDisabled = false,
  waiting = null,
}: SaveButtonProps) {
  const t = useT();
  // Disabled, the form cannot be sent by Enter either (implicit submission needs its default button).
  const save = (
    <Button
      type="submit"
      variant="contained"
      disabled={saving || waiting !== null}
      loading={saving || waiting !== null}
      loadingPosition="start"
    >
      {saving ? t('common.saving') : (waiting ?? label)}
    </Button>
  );
  if (!onCancel) return save;
  return (
    <Stack direction="row" spacing={1}>
      {save}
      <Button onClick={onCancel} disabled={saving || cancelDisabled}>
        {t('common.cancel')}
      </Button>
    </Stack>
  );
}
