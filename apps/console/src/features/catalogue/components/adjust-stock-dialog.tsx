import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  stockAdjustmentRefusal,
  stockAfter,
  stockReasonLabels,
  stockReasons,
  variantMessages,
  type StockReason,
} from '@storedesk/shared/catalogue/variants';
import { stockAdjustmentSchema } from '@storedesk/shared/catalogue/variant-schemas';
import { useId, useState, type FormEvent } from 'react';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useAdjustStock } from '@/features/catalogue/api/adjust-stock.ts';
import { stockShown } from '@/features/catalogue/stock-shown.ts';

/** The variant whose stock is adjusted, with its stock as the console last read it. */
export type StockTarget = {
  storeId: string;
  itemId: string;
  variantId: string;
  /** The line as staff read it: "Aashirvaad Atta · 5 kg". */
  name: string;
  stock: number;
  /** Sold loose: the step in grams, its stock (and the quantity adjusted) being in grams; else null. */
  stepGrams: number | null;
};

const reasonHelp: Record<StockReason, { quantity: string; grams: string; help: string }> = {
  received: {
    quantity: 'Quantity received',
    grams: 'Grams received',
    help: 'A delivery came in: added to the stock.',
  },
  damaged: {
    quantity: 'Quantity damaged',
    grams: 'Grams damaged',
    help: 'Broken, spoilt or expired: taken from the stock.',
  },
  counted: {
    quantity: 'Quantity counted',
    grams: 'Grams counted',
    help: 'What is on the shelf: the stock becomes this.',
  },
};

type AdjustStockDialogProps = { target: StockTarget; onClose: () => void };

/**
 * B17: staff change a counted variant's stock with a reason, seeing the stock before and after.
 * The server refuses (409) a change that would take it below zero, as when orders took units
 * since the stock shown was read; its message is shown here, and the stock shown is read again.
 * A variant sold loose is adjusted in grams, its stock shown as a weight.
 */
export function AdjustStockDialog({ target, onClose }: AdjustStockDialogProps) {
  const titleId = useId();
  const adjust = useAdjustStock();
  const notify = useSnackbar();
  const [reason, setReason] = useState<StockReason>('received');
  const [quantityText, setQuantityText] = useState('');
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = adjust.isPending;
  const loose = target.stepGrams !== null;

  const typed = quantityText.trim();
  const quantity = stockAdjustmentSchema.shape.quantity.safeParse(typed === '' ? undefined : Number(typed));
  const after = quantity.success ? stockAfter(target.stock, { reason, quantity: quantity.data }) : null;
  let quantityError: string | null = null;
  if (!quantity.success) quantityError = variantMessages.stock;
  else quantityError = stockAdjustmentRefusal(target, { reason, quantity: quantity.data });

  const save = (event: FormEvent) => {
    event.preventDefault();
    // The dialog may open over another form (the item's): its submit is not that form's.
    event.stopPropagation();
    setTouched(true);
    if (!quantity.success || after === null || busy) return;
    setRefusal(null);
    adjust.mutate(
      {
        storeId: target.storeId,
        itemId: target.itemId,
        variantId: target.variantId,
        adjustment: { reason, quantity: quantity.data },
      },
      {
        onSuccess: (item) => {
          const stock = item.variants.find((variant) => variant.id === target.variantId)?.stock ?? after;
          notify(`${target.name}: ${stockShown(target, stock)} in stock`);
          onClose();
        },
        onError: (caught) => {
          if (isApiError(caught, 401)) return;
          setRefusal(asApiError(caught).message);
        },
      },
    );
  };

  const showError = touched && quantityError !== null;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={save}>
        <DialogTitle id={titleId}>Adjust stock</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{target.name}</DialogContentText>
            {refusal ? <Alert severity="error">{refusal}</Alert> : null}
            <FormControl disabled={busy}>
              <FormLabel id={`${titleId}-reason`}>Reason</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${titleId}-reason`}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value as StockReason);
                  setRefusal(null);
                }}
              >
                {stockReasons.map((choice) => (
                  <FormControlLabel
                    key={choice}
                    value={choice}
                    control={<Radio />}
                    label={stockReasonLabels[choice]}
                  />
                ))}
              </RadioGroup>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {reasonHelp[reason].help}
              </Typography>
            </FormControl>
            <TextField
              label={loose ? reasonHelp[reason].grams : reasonHelp[reason].quantity}
              required
              autoFocus
              disabled={busy}
              value={quantityText}
              onChange={(event) => {
                setQuantityText(event.target.value);
                setRefusal(null);
              }}
              onBlur={() => setTouched(true)}
              error={showError}
              helperText={showError ? quantityError : loose ? 'A whole number of grams.' : 'A whole number.'}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            />
            <Stack
              component="dl"
              direction="row"
              spacing={3}
              sx={{ m: 0, '& dd': { m: 0, typography: 'h6', fontVariantNumeric: 'tabular-nums' } }}
            >
              <div>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  In stock now
                </Typography>
                <dd>{stockShown(target, target.stock)}</dd>
              </div>
              <div>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  After
                </Typography>
                <dd>{after === null ? '—' : stockShown(target, after)}</dd>
              </div>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} loading={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
