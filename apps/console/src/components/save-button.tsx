import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

type SaveButtonProps = {
  saving: boolean;
  label: string;
  /** A form's way out without saving: back where the person came from, or the edits undone. */
  onCancel?: () => void;
  /** Whether Cancel has anything to do (an in-place form with no edits has not). */
  cancelDisabled?: boolean;
};

/** A form's submit button: disabled, with a spinner and "Saving…", while the save runs; and its Cancel. */
export function SaveButton({ saving, label, onCancel, cancelDisabled = false }: SaveButtonProps) {
  const save = (
    <Button type="submit" variant="contained" disabled={saving} loading={saving} loadingPosition="start">
      {saving ? 'Saving…' : label}
    </Button>
  );
  if (!onCancel) return save;
  return (
    <Stack direction="row" spacing={1}>
      {save}
      <Button onClick={onCancel} disabled={saving || cancelDisabled}>
        Cancel
      </Button>
    </Stack>
  );
}
