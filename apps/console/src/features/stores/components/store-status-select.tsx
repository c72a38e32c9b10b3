import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { StoreStatus, storeStatusLabels } from '@storedesk/shared/stores/schemas';

const choices = [StoreStatus.Open, StoreStatus.Closed, StoreStatus.Unserviceable];

type StoreStatusSelectProps = {
  storeName: string;
  status: number;
  disabled: boolean;
  onChange: (status: StoreStatus) => void;
};

/** The row's status (SPEC §4); a choice is saved at once. */
export function StoreStatusSelect({ storeName, status, disabled, onChange }: StoreStatusSelectProps) {
  return (
    <TextField
      select
      size="small"
      value={status}
      disabled={disabled}
      onChange={(event) => {
        const next = Number(event.target.value) as StoreStatus;
        if (next !== status) onChange(next);
      }}
      sx={{ minWidth: 136 }}
      slotProps={{ htmlInput: { 'aria-label': `Status of ${storeName}` } }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {storeStatusLabels[choice]}
        </MenuItem>
      ))}
    </TextField>
  );
}
