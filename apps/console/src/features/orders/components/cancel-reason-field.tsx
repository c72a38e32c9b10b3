import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  cancelReasonLabels,
  staffCancelReasons,
  type StaffCancelReason,
} from '@storedesk/shared/orders/cancellation';

/** What the field says when Cancel is pressed with no reason chosen. */
export const reasonRequired = 'Choose why the order is cancelled';

type CancelReasonFieldProps = {
  value: StaffCancelReason | null;
  onChange: (reason: StaffCancelReason) => void;
  error: string | null;
  disabled: boolean;
};

/** Why staff cancel (B18): one of their reasons, which the customer's app shows too. */
export function CancelReasonField({ value, onChange, error, disabled }: CancelReasonFieldProps) {
  return (
    <TextField
      select
      label="Reason"
      fullWidth
      required
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value as StaffCancelReason)}
      error={Boolean(error)}
      helperText={error ?? 'The customer sees it on their order'}
      disabled={disabled}
    >
      {staffCancelReasons.map((reason) => (
        <MenuItem key={reason} value={reason}>
          {cancelReasonLabels[reason]}
        </MenuItem>
      ))}
    </TextField>
  );
}
