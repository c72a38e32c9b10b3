import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '@storedesk/web/i18n';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-client.ts';
import { useCopyCatalogue, type CatalogueCopyResult } from '@/features/catalogue/api/copy-catalogue.ts';
import type { StoreChoice } from '@/lib/store-choices.ts';
import { StoreChoiceField } from '@/components/store-choice-field.tsx';

type CopyCatalogueDialogProps = {
  storeId: string;
  storeName: string;
  onClose: () => void;
};

/**
 * B17: a store starts from another's catalogue. Pick the store, confirm, and every item this
 * store does not keep yet becomes a copy of that store's.
 */
export function CopyCatalogueDialog({ storeId, storeName, onClose }: CopyCatalogueDialogProps) {
  const t = useT();
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
    const copied = t('catalogue.copied', { count: result.copied, from: from.name });
    text =
      result.skipped > 0 ? `${copied} ${t('catalogue.copiedSkipped', { count: result.skipped })}` : copied;
  } else if (confirming && from) {
    text = t('catalogue.copyConfirm', { from: from.name, store: storeName });
  } else {
    text = t('catalogue.copyChoose', { store: storeName });
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
      <DialogTitle id={titleId}>{t('catalogue.copyTitle')}</DialogTitle>
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
            label={t('catalogue.copyFrom')}
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
            {t('common.close')}
          </Button>
        ) : confirming ? (
          <>
            <Button onClick={() => setConfirming(false)} disabled={copy.isPending} autoFocus>
              {t('common.back')}
            </Button>
            <Button variant="contained" onClick={submit} disabled={copy.isPending} loading={copy.isPending}>
              {copy.isPending ? t('catalogue.copying') : t('catalogue.copyItems')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button variant="contained" onClick={() => setConfirming(true)} disabled={!from}>
              {t('common.continue')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
