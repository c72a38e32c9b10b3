import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, useState, type DragEvent } from 'react';
import { spreadsheetLimits } from '@storedesk/shared/catalogue/spreadsheet';
import { useT } from '@storedesk/web/i18n';
import { spreadsheetTypes } from '@/features/catalogue/api/import-catalogue.ts';

type SpreadsheetPickerProps = {
  onPick: (file: File) => void;
  disabled: boolean;
  /** What the button says: "Choose a file", then "Choose another file". */
  label: string;
};

const accept = ['.csv', '.xlsx', spreadsheetTypes.csv, spreadsheetTypes.xlsx].join(',');

/** A CSV or Excel file, chosen with the button (the keyboard's way) or dropped on the area. */
export function SpreadsheetPicker({ onPick, disabled, label }: SpreadsheetPickerProps) {
  const t = useT();
  const inputId = useId();
  const [over, setOver] = useState(false);

  const onDrag = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(event.type === 'dragover' || event.type === 'dragenter');
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onPick(file);
  };

  return (
    <Box
      onDragEnter={onDrag}
      onDragOver={onDrag}
      onDragLeave={onDrag}
      onDrop={onDrop}
      data-testid="spreadsheet-drop"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: { xs: 2, sm: 3 },
        textAlign: 'center',
      }}
    >
      <input
        id={inputId}
        type="file"
        accept={accept}
        style={visuallyHidden}
        disabled={disabled}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          // The same file, fixed, may be chosen again.
          event.target.value = '';
          if (picked) onPick(picked);
        }}
      />
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        disabled={disabled}
        startIcon={<UploadFileOutlined />}
      >
        {label}
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {t('import.dropHint', { megabytes: String(spreadsheetLimits.maxBytes / 1024 / 1024) })}
      </Typography>
    </Box>
  );
}
