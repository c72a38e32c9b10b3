import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/counts.ts';
import { useCopyCatalogue, type CatalogueCopyResult } from '@/features/catalogue/api/copy-catalogue.ts';
import type { StoreChoice } from '@/features/catalogue/api/get-store-choices.ts';
import { StoreChoiceField } from './store-choice-field.tsx';

type CopyCatalogueDialogProps = {
  storeId: string;
  storeName: string;
  onClose: () => void;
};

const items = (count: number) => (count === 1 ? '1 item' : `${formatCount(count)} items`);

/**
 * B17: a store starts from another's catalogue. Pick the store, confirm, and every item this
 * store does not keep yet becomes a copy of that store's.
 */
export function CopyCatalogueDialog({ storeId, storeName, onClose }: CopyCatalogueDialogProps) {
  const titleId = useId();
  const textId = useId();
  const [from, setFrom] = useState<StoreChoice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<CatalogueCopyResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const copy = useCopyCatalogue();

  const submit = () => {
    if (!from) return;
    setProblem(null);
    copy.mutate(
      { storeId, fromStoreId: from.id },
      {
        onSuccess: setResult,
        onError: (error) => {
          setConfirming(false);
          if (!isApiError(error, 401)) setProblem(error.message);
        },
      },
    );
  };

  let text;
  if (result && from) {
    text = `Copied ${items(result.copied)} from ${from.name}.${
      result.skipped > 0
        ? ` ${items(result.skipped)} ${result.skipped === 1 ? 'was' : 'were'} here already.`
        : ''
    }`;
  } else if (confirming && from) {
    text = `Copy every item of ${from.name} that ${storeName} does not keep yet? Name, tax, image and variants stay shared with ${from.name}; ${storeName} starts at its prices, with stock not counted.`;
  } else {
    text = `Choose the store whose items ${storeName} should keep too.`;
  }

  return (
    <Dialog
      open
      onClose={copy.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Copy another store’s catalogue</DialogTitle>
      <DialogContent>
        <div role="status" aria-live="polite">
          {result ? (
            <Alert severity="success" id={textId}>
              {text}
            </Alert>
          ) : (
            <DialogContentText id={textId} sx={{ mb: 2 }}>
              {text}
            </DialogContentText>
          )}
        </div>
        {result || confirming ? null : (
          <StoreChoiceField
            label="Copy from"
            storeId={from?.id}
            exclude={storeId}
            onChange={setFrom}
            autoFocus
            sx={{ mt: 1 }}
          />
        )}
        {problem ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button onClick={onClose} autoFocus>
            Close
          </Button>
        ) : confirming ? (
          <>
            <Button onClick={() => setConfirming(false)} disabled={copy.isPending} autoFocus>
              Back
            </Button>
            <Button variant="contained" onClick={submit} disabled={copy.isPending} loading={copy.isPending}>
              {copy.isPending ? 'Copying…' : 'Copy items'}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={() => setConfirming(true)} disabled={!from}>
              Continue
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
