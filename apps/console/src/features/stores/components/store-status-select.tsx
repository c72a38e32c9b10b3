import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { StoreStatus } from '@storedesk/shared/stores/schemas';
import { useT } from '@storedesk/web/i18n';
import { storeStatusText } from '@/i18n/codes.ts';

const choices = [StoreStatus.Open, StoreStatus.Closed, StoreStatus.Unserviceable];

type StoreStatusSelectProps = {
  storeName: string;
  status: number;
  disabled: boolean;
  onChange: (status: StoreStatus) => void;
};

/** The row's status (SPEC §4); a choice is saved at once. */
export function StoreStatusSelect({ storeName, status, disabled, onChange }: StoreStatusSelectProps) {
  const t = useT();
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
      slotProps={{ htmlInput: { 'aria-label': t('stores.statusOf', { name: storeName }) } }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {t(storeStatusText[choice])}
        </MenuItem>
      ))}
    </TextField>
  );
}
