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
  stockReasons,
  variantMessages,
  type StockReason,
} from '@storedesk/shared/catalogue/variants';
import { stockAdjustmentSchema } from '@storedesk/shared/catalogue/variant-schemas';
import { useT } from '@storedesk/web/i18n';
import { useId, useState, type FormEvent } from 'react';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useAdjustStock } from '@/features/catalogue/api/adjust-stock.ts';
import type { MessageId } from '@/i18n/index.ts';
import { stockReasonText } from '@/i18n/codes.ts';
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

const reasonHelp: Record<StockReason, { quantity: MessageId; grams: MessageId; help: MessageId }> = {
  received: {
    quantity: 'stock.receivedQuantity',
    grams: 'stock.receivedGrams',
    help: 'stock.receivedHelp',
  },
  damaged: {
    quantity: 'stock.damagedQuantity',
    grams: 'stock.damagedGrams',
    help: 'stock.damagedHelp',
  },
  counted: {
    quantity: 'stock.countedQuantity',
    grams: 'stock.countedGrams',
    help: 'stock.countedHelp',
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
  const t = useT();
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
          notify(t('stock.adjusted', { name: target.name, stock: stockShown(target, stock) }));
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
        <DialogTitle id={titleId}>{t('stock.adjust')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{target.name}</DialogContentText>
            {refusal ? <Alert severity="error">{refusal}</Alert> : null}
            <FormControl disabled={busy}>
              <FormLabel id={`${titleId}-reason`}>{t('stock.reason')}</FormLabel>
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
                    label={t(stockReasonText[choice])}
                  />
                ))}
              </RadioGroup>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(reasonHelp[reason].help)}
              </Typography>
            </FormControl>
            <TextField
              label={t(loose ? reasonHelp[reason].grams : reasonHelp[reason].quantity)}
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
              helperText={showError ? quantityError : t(loose ? 'stock.wholeGrams' : 'stock.whole')}
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
                  {t('stock.now')}
                </Typography>
                <dd>{stockShown(target, target.stock)}</dd>
              </div>
              <div>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('stock.after')}
                </Typography>
                <dd>{after === null ? '—' : stockShown(target, after)}</dd>
              </div>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} loading={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
