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
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ExecutiveChoice } from '@storedesk/shared/delivery/schemas';
import { canTakeOrders } from '@storedesk/shared/delivery/dispatch';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useId, useState } from 'react';
import type { MessageId } from '@/i18n/index.ts';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { executiveChoicesKey, useExecutiveChoices } from '@/features/orders/api/get-executive-choices.ts';

/** The value of the choice that keeps each order's executive (bulk Picked Up only). */
export const keepExecutive = '';

type ExecutivePickerProps = {
  /** The store the orders go out from: its zone's executives, and their distance from it. */
  storeId: string;
  /** The orders' zone, for the link that adds an executive to it. */
  zoneId: string;
  /** The orders to be given: an executive takes them only within the business's limit. */
  orders: ReadonlyArray<{ dexId: string | null }>;
  /** The chosen executive's id, or `keepExecutive`, or null for none yet. */
  value: string | null;
  onChange: (dexId: string) => void;
  /** The server's word on the choice (400 `fields.dexId`). */
  error?: string | null;
  disabled?: boolean;
  /** Offers "Keep each order's executive" first. */
  allowKeep?: boolean;
  /** False when the orders come from several stores: the distances are from one of them only. */
  showDistance?: boolean;
};

function choiceDetails(
  choice: ExecutiveChoice,
  limit: number,
  full: boolean,
  showDistance: boolean,
  t: (id: MessageId, values?: Record<string, string>) => string,
): string {
  const load = { open: String(choice.openOrders), limit: String(limit) };
  const parts = [
    t(choice.onDuty ? 'dexs.onDuty' : 'dexs.offDuty'),
    t(full ? 'dexs.openAtLimit' : 'dexs.open', load),
  ];
  if (showDistance) {
    parts.push(
      choice.distanceKm === null
        ? t('dexs.locationUnknown')
        : t('dexs.fromStore', { km: choice.distanceKm.toFixed(1) }),
    );
  }
  return parts.join(' · ');
}

/**
 * The delivery executives of the store's zone as radio choices, as the server orders them (on
 * duty first, nearest to the store first) (B14): each with duty, open orders of the limit and
 * distance. Only those on duty show until "Show off-duty executives"; choosing one off duty warns
 * that they may not see the order. Those at the limit are shown but cannot be chosen.
 */
export function ExecutivePicker({
  storeId,
  zoneId,
  orders,
  value,
  onChange,
  error,
  disabled = false,
  allowKeep = false,
  showDistance = true,
}: ExecutivePickerProps) {
  const t = useT();
  const labelId = useId();
  const errorId = useId();
  const warningId = useId();
  const queryClient = useQueryClient();
  const choices = useExecutiveChoices(storeId);
  const [showOffDuty, setShowOffDuty] = useState(false);

  // A refusal on the executive (at the limit meanwhile, gone off the zone): read the loads again.
  useEffect(() => {
    if (error) void queryClient.invalidateQueries({ queryKey: executiveChoicesKey(storeId) });
  }, [error, queryClient, storeId]);

  const items = choices.data?.items ?? [];
  const limit = choices.data?.maxOpenOrdersPerExecutive ?? 0;
  const chosen = items.find((choice) => choice.id === value);
  const offDuty = items.filter((choice) => !choice.onDuty);
  // One chosen before (the order's own executive) stays in sight even while off duty.
  const offDutyShown = showOffDuty || (chosen !== undefined && !chosen.onDuty);
  const shown = offDutyShown ? items : items.filter((choice) => choice.onDuty);
  const adding = (dexId: string) => orders.filter((order) => order.dexId !== dexId).length;
  const warning = chosen && !chosen.onDuty ? t('dexs.offDutyWarning') : null;
  const describedBy = [error ? errorId : null, warning ? warningId : null].filter(Boolean).join(' ');

  let list;
  if (choices.isPending) {
    list = <LinearProgress aria-label={t('dexs.loading')} sx={{ my: 2 }} />;
  } else if (choices.isError) {
    list = (
      <Alert severity="error" sx={{ my: 1 }}>
        {t('dexs.loadFailed', { message: choices.error.message })}
      </Alert>
    );
  } else if (items.length === 0 && !allowKeep) {
    list = (
      <Typography variant="body2" sx={{ color: 'text.secondary', my: 2 }}>
        {t('dexs.noneInZone')}{' '}
        <Link component={RouterLink} to={`${paths.dexs.add.getHref()}?zoneId=${encodeURIComponent(zoneId)}`}>
          {t('dexs.add')}
        </Link>
      </Typography>
    );
  } else {
    list = (
      <>
        {shown.length === 0 && !allowKeep ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', my: 1 }}>
            {t('dexs.noneOnDuty')}
          </Typography>
        ) : null}
        <RadioGroup
          aria-labelledby={labelId}
          aria-describedby={describedBy || undefined}
          value={value ?? null}
          onChange={(event) => onChange(event.target.value)}
        >
          {allowKeep ? (
            <FormControlLabel
              value={keepExecutive}
              control={<Radio />}
              label={t('dexs.keepEach')}
              disabled={disabled}
            />
          ) : null}
          {shown.map((choice) => {
            const full = !canTakeOrders(choice.openOrders, limit, adding(choice.id));
            return (
              <FormControlLabel
                key={choice.id}
                value={choice.id}
                control={<Radio />}
                disabled={disabled || full}
                sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                label={
                  <span>
                    {choice.name}
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{ display: 'block', color: full ? 'text.primary' : 'text.secondary' }}
                    >
                      {choiceDetails(choice, limit, full, showDistance, t)}
                    </Typography>
                  </span>
                }
              />
            );
          })}
        </RadioGroup>
      </>
    );
  }

  return (
    <FormControl error={Boolean(error)} fullWidth component="fieldset" variant="standard">
      <FormLabel id={labelId} component="legend" sx={{ mb: 1 }}>
        {t('dexs.executive')}
      </FormLabel>
      {offDuty.length > 0 ? (
        <FormControlLabel
          label={t('dexs.showOffDuty', { count: String(offDuty.length) })}
          control={
            <Switch
              checked={offDutyShown}
              disabled={disabled || (chosen !== undefined && !chosen.onDuty)}
              onChange={(event) => setShowOffDuty(event.target.checked)}
            />
          }
        />
      ) : null}
      <Box sx={{ maxHeight: 320, overflowY: 'auto', mt: 1 }}>{list}</Box>
      {warning ? (
        <Alert id={warningId} severity="warning" sx={{ mt: 1 }}>
          {warning}
        </Alert>
      ) : null}
      {error ? <FormHelperText id={errorId}>{error}</FormHelperText> : null}
      {!showDistance && items.length > 0 ? <FormHelperText>{t('dexs.noDistances')}</FormHelperText> : null}
    </FormControl>
  );
}
