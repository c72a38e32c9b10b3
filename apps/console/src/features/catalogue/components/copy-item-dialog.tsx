import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ItemCopyResult } from '@storedesk/shared/catalogue/copies';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useId, useState } from 'react';
import { isApiError } from '@/lib/api-client.ts';
import { useCopyItem } from '@/features/catalogue/api/copy-item.ts';
import { useStoreChoices, type StoreChoice } from '@/lib/store-choices.ts';

type CopyItemDialogProps = {
  storeId: string;
  itemId: string;
  itemName: string;
  onClose: () => void;
};

const searchDelayMs = 250;

const names = (ids: string[], chosen: Map<string, string>, unknown: string) =>
  ids.map((id) => chosen.get(id) ?? unknown).join(', ');

/**
 * B17: the item kept in other stores too. The stores (the caller's, but this one) are searched on
 * the server; the ticks stay across searches. The answer says which stores now keep a copy and
 * which kept one already.
 */
export function CopyItemDialog({ storeId, itemId, itemName, onClose }: CopyItemDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [result, setResult] = useState<ItemCopyResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const copy = useCopyItem();

  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [input]);

  const stores = useStoreChoices({ q }, { enabled: result === null });
  /** The rows shown are not yet the answer to what is typed: kept, dimmed, until it comes. */
  const searching = input.trim() !== q || stores.isPlaceholderData;
  const offered = (stores.data?.items ?? []).filter((store) => store.id !== storeId);
  const total = Math.max(
    0,
    (stores.data?.total ?? 0) - (stores.data?.items.some((s) => s.id === storeId) ? 1 : 0),
  );

  const toggle = (store: StoreChoice, on: boolean) =>
    setChosen((previous) => {
      const next = new Map(previous);
      if (on) next.set(store.id, store.name);
      else next.delete(store.id);
      return next;
    });

  const submit = () => {
    setProblem(null);
    copy.mutate(
      { storeId, itemId, storeIds: [...chosen.keys()] },
      {
        onSuccess: setResult,
        onError: (error) => {
          if (!isApiError(error, 401)) setProblem(error.message);
        },
      },
    );
  };

  let list;
  if (stores.isPending) {
    list = <Skeleton variant="rounded" height={120} aria-label={t('catalogue.storesLoading')} />;
  } else if (stores.isError) {
    list = <Alert severity="error">{t('storeChoice.loadFailed', { message: stores.error.message })}</Alert>;
  } else if (offered.length === 0) {
    list = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {q ? t('item.copyNoMatch') : t('item.copyNoOther')}
      </Typography>
    );
  } else {
    list = (
      <FormGroup
        role="group"
        aria-label={t('catalogue.stores')}
        aria-busy={searching}
        sx={{
          maxHeight: 280,
          overflowY: 'auto',
          flexWrap: 'nowrap',
          opacity: searching ? 0.6 : 1,
          transition: 'opacity 150ms',
        }}
      >
        {offered.map((store) => (
          <FormControlLabel
            key={store.id}
            control={
              <Checkbox
                checked={chosen.has(store.id)}
                onChange={(event) => toggle(store, event.target.checked)}
              />
            }
            label={store.name}
          />
        ))}
      </FormGroup>
    );
  }

  return (
    <Dialog
      open
      onClose={copy.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('item.copyTitle', { name: itemName })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {t('item.copyExplain')}
        </DialogContentText>
        <div role="status" aria-live="polite">
          {result ? (
            <Alert severity="success">
              {result.copied.length > 0
                ? t('item.copiedTo', {
                    stores: names(
                      result.copied.map((copied) => copied.storeId),
                      chosen,
                      t('item.aStore'),
                    ),
                  })
                : t('item.copiedToNone')}
              {result.skipped.length > 0
                ? ` ${t('item.alreadyKept', { stores: names(result.skipped, chosen, t('item.aStore')) })}`
                : null}
            </Alert>
          ) : null}
        </div>
        {result ? null : (
          <>
            <TextField
              label={t('item.searchStores')}
              type="search"
              size="small"
              fullWidth
              autoFocus
              value={input}
              onChange={(event) => setInput(event.target.value)}
              sx={{ mb: 1 }}
            />
            {list}
            {offered.length > 0 && total > offered.length ? (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('item.firstOf', { shown: String(offered.length), total: String(total) })}
              </Typography>
            ) : null}
            {problem ? (
              <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                {problem}
              </Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button onClick={onClose} autoFocus>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={copy.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={submit}
              disabled={chosen.size === 0 || copy.isPending}
              loading={copy.isPending}
            >
              {copy.isPending
                ? t('catalogue.copying')
                : chosen.size === 0
                  ? t('item.copyToStores')
                  : t('item.copyToCount', { count: chosen.size })}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
