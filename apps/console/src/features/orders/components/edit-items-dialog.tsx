import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { lineWeightName } from '@storedesk/shared/catalogue/variants';
import { formatRupees } from '@storedesk/shared/money';
import { orderLineKey } from '@storedesk/shared/orders/line-key';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { storefrontLimits, storefrontOrderLineSchema } from '@storedesk/shared/storefront/schemas';
import { useT } from '@storedesk/web/i18n';
import { useDeferredValue, useId, useState } from 'react';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useEditOrderItems, useStoreItemChoices } from '@/features/orders/api/edit-order-items.ts';

type Line = {
  key: string;
  itemId: string;
  variantId?: string;
  name: string;
  quantity: string;
  price: string;
};
type Choice = { itemId: string; variantId: string; name: string; price: string };

/**
 * Change items (B18) until the order is picked up: each line's quantity, a line removed, an item
 * of the order's store added. The server prices the bill again when saved (a kept line at its
 * price, an added one at today's); a line it refuses (stock, not sold now) says why beside it.
 */
export function EditItemsDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const notify = useSnackbar();
  const edit = useEditOrderItems();
  const [version] = useState(order.version);
  const [lines, setLines] = useState<Line[]>(() =>
    order.items.map((item) => ({
      key: orderLineKey(item),
      itemId: item.itemId,
      ...(item.variantId ? { variantId: item.variantId } : {}),
      name: lineWeightName({ ...item, itemQuantity: 1 }),
      quantity: String(item.itemQuantity),
      price: formatRupees(item.itemPricePaise),
    })),
  );
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const choices = useStoreItemChoices(order.storeId, query);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const busy = edit.isPending;

  const options: Choice[] = (choices.data?.items ?? []).flatMap((item) =>
    item.inStock
      ? item.variants.map((variant) => ({
          itemId: item.id,
          variantId: variant.id,
          name: variant.label ? `${item.name} · ${variant.label}` : item.name,
          price: formatRupees(variant.pricePaise),
        }))
      : [],
  );
  const taken = new Set(lines.map((line) => line.key));

  const save = () => {
    setMessage(null);
    const bad: Record<string, string> = {};
    // The server's own rule for a line's quantity, and its words.
    lines.forEach((line, index) => {
      if (
        line.quantity.trim() === '' ||
        !storefrontOrderLineSchema.shape.quantity.safeParse(Number(line.quantity)).success
      )
        bad[`items.${index}.quantity`] = t('editItems.quantity', {
          max: String(storefrontLimits.maxQuantity),
        });
    });
    if (lines.length === 0) bad.items = t('editItems.keepOne');
    setFields(bad);
    if (Object.keys(bad).length > 0) return;
    edit.mutate(
      {
        orderId: order.id,
        edit: {
          version,
          items: lines.map((line) => ({
            itemId: line.itemId,
            ...(line.variantId ? { variantId: line.variantId } : {}),
            quantity: Number(line.quantity),
          })),
        },
      },
      {
        onSuccess: (saved) => {
          notify(
            t('editItems.saved', {
              number: String(saved.number),
              bill: formatRupees(saved.billAmountPaise),
            }),
          );
          onClose();
        },
        onError: (caught) => {
          if (isApiError(caught, 401)) return;
          const error = asApiError(caught);
          if (error.fields) setFields(error.fields);
          if (!error.fields || error.fields.items) setMessage(error.fields?.items ?? error.message);
        },
      },
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('editItems.title', { number: String(order.number) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('editItems.explain')}</DialogContentText>
          {message ? <Alert severity="error">{message}</Alert> : null}
          <List aria-label={t('editItems.lines')} disablePadding>
            {lines.map((line, index) => {
              const error = fields[`items.${index}.quantity`] ?? fields[`items.${index}.itemId`];
              return (
                <ListItem
                  key={line.key}
                  disableGutters
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={t('editItems.remove', { name: line.name })}
                      disabled={busy}
                      onClick={() => setLines(lines.filter((each) => each.key !== line.key))}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  }
                  sx={{ alignItems: 'flex-start', pr: 6 }}
                >
                  <ListItemText primary={line.name} secondary={line.price} sx={{ mr: 1 }} />
                  <TextField
                    label={t('editItems.quantityOf', { name: line.name })}
                    size="small"
                    value={line.quantity}
                    onChange={(event) =>
                      setLines(
                        lines.map((each) =>
                          each.key === line.key ? { ...each, quantity: event.target.value } : each,
                        ),
                      )
                    }
                    error={Boolean(error)}
                    helperText={error}
                    disabled={busy}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    sx={{ width: 150, flexShrink: 0 }}
                  />
                </ListItem>
              );
            })}
          </List>
          <Autocomplete
            options={options.filter((option) => !taken.has(orderLineKey(option)))}
            getOptionLabel={(option) => `${option.name} · ${option.price}`}
            isOptionEqualToValue={(a, b) => a.variantId === b.variantId}
            filterOptions={(all) => all}
            loading={choices.isFetching}
            inputValue={search}
            onInputChange={(_event, value) => setSearch(value)}
            value={null}
            onChange={(_event, choice) => {
              if (!choice) return;
              setLines([
                ...lines,
                {
                  key: orderLineKey(choice),
                  itemId: choice.itemId,
                  variantId: choice.variantId,
                  name: choice.name,
                  quantity: '1',
                  price: choice.price,
                },
              ]);
              setSearch('');
            }}
            disabled={busy}
            noOptionsText={query ? t('editItems.noMatch') : t('editItems.typeToFind')}
            renderInput={(params) => <TextField {...params} label={t('editItems.add')} />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.back')}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {busy ? t('common.saving') : t('editItems.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
