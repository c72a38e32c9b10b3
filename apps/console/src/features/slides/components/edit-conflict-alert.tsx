import Alert from '@mui/material/Alert';

/** "Name changed", "Title and Position changed": what a colleague's save changed. */
function changedText(fields: string[]): string {
  if (fields.length === 0) return '';
  const list = fields.length > 1 ? `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}` : fields[0];
  return `: ${list} changed`;
}

/**
 * After a save refused as stale (D9): someone else saved the record meanwhile,
 * the form now shows their version, and this says what they changed.
 */
export function EditConflictAlert({
  noun,
  changed,
  onClose,
}: {
  noun: string;
  /** The labels of the fields whose values differ between the version edited and theirs. */
  changed: string[] | null;
  onClose: () => void;
}) {
  if (changed === null) return null;
  return (
    <Alert severity="warning" onClose={onClose}>
      {`Someone else saved this ${noun} while you were editing${changedText(changed)}. The form now shows their version; make your change again.`}
    </Alert>
  );
}
