import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { executivesPageSize, useDeliveryExecutives } from '@/features/orders/api/get-delivery-executives.ts';

/** The value of the choice that keeps each order's executive (bulk Picked Up only). */
export const keepExecutive = '';

type ExecutivePickerProps = {
  /** The order's zone: only its executives may take it. */
  zoneId: string;
  /** The chosen executive's id, or `keepExecutive`, or null for none yet. */
  value: string | null;
  onChange: (dexId: string) => void;
  /** The server's word on the choice (400 `fields.dexId`). */
  error?: string | null;
  disabled?: boolean;
  /** Offers "Keep each order's executive" first. */
  allowKeep?: boolean;
};

const searchDelayMs = 250;

/**
 * The delivery executives of one zone, searched on the server, as radio
 * choices: an order is confirmed with one, and never picked up without one (D17).
 */
export function ExecutivePicker({
  zoneId,
  value,
  onChange,
  error,
  disabled = false,
  allowKeep = false,
}: ExecutivePickerProps) {
  const labelId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text]);

  const executives = useDeliveryExecutives({ zoneId, q }, { enabled: true });
  const items = executives.data?.items ?? [];
  const total = executives.data?.total ?? 0;

  let list;
  if (executives.isPending) {
    list = <LinearProgress aria-label="Loading delivery executives" sx={{ my: 2 }} />;
  } else if (executives.isError) {
    list = (
      <Alert severity="error" sx={{ my: 1 }}>
        Could not load the delivery executives: {executives.error.message}
      </Alert>
    );
  } else if (items.length === 0 && !allowKeep) {
    list = (
      <Typography variant="body2" sx={{ color: 'text.secondary', my: 2 }}>
        {q ? (
          `No delivery executives match “${q}”.`
        ) : (
          <>
            This zone has no delivery executives yet.{' '}
            <Link
              component={RouterLink}
              to={`${paths.dexs.add.getHref()}?zoneId=${encodeURIComponent(zoneId)}`}
            >
              Add a delivery executive
            </Link>
          </>
        )}
      </Typography>
    );
  } else {
    list = (
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        value={value ?? null}
        onChange={(event) => onChange(event.target.value)}
      >
        {allowKeep ? (
          <FormControlLabel
            value={keepExecutive}
            control={<Radio />}
            label="Keep each order’s executive"
            disabled={disabled}
          />
        ) : null}
        {items.map((dex) => (
          <FormControlLabel
            key={dex.id}
            value={dex.id}
            control={<Radio />}
            disabled={disabled}
            label={
              <span>
                {dex.name}{' '}
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {dex.phone}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
    );
  }

  return (
    <FormControl error={Boolean(error)} fullWidth component="fieldset" variant="standard">
      <FormLabel id={labelId} component="legend" sx={{ mb: 1 }}>
        Delivery executive
      </FormLabel>
      <TextField
        type="search"
        size="small"
        label="Search executives"
        value={text}
        onChange={(event) => setText(event.target.value)}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Box sx={{ maxHeight: 280, overflowY: 'auto', mt: 1 }}>{list}</Box>
      {total > items.length ? (
        <FormHelperText>
          Showing {executivesPageSize} of {total}; search to find the others.
        </FormHelperText>
      ) : null}
      {error ? <FormHelperText id={errorId}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
