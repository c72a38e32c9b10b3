import Button from '@mui/material/Button';

/** A form's submit button: disabled, with a spinner and "Saving…", while the save runs. */
export function SaveButton({ saving, label }: { saving: boolean; label: string }) {
  return (
    <Button type="submit" variant="contained" disabled={saving} loading={saving} loadingPosition="start">
      {saving ? 'Saving…' : label}
    </Button>
  );
}
