import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { OrderStatus } from '@storedesk/shared/orders';
import { staffCancelReasons, type StaffCancelReason } from '@storedesk/shared/orders/cancellation';
import { cancelReasonText } from '@/i18n/codes.ts';

type CancelReasonFieldProps = {
  value: StaffCancelReason | null;
  onChange: (reason: StaffCancelReason) => void;
  error: string | null;
  disabled: boolean;
};

/** Why staff cancel (B18): one of their reasons, which the customer's app shows too. */
export function CancelReasonField({ value, onChange, error, disabled }: CancelReasonFieldProps) {
  const t = useT();
  return (
    <TextField
      select
      label={t('cancel.reason')}
      fullWidth
      required
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value as StaffCancelReason)}
      error={Boolean(error)}
      helperText={error ?? t('cancel.customerSees')}
      disabled={disabled}
    >
      {staffCancelReasons.map((reason) => (
        <MenuItem key={reason} value={reason}>
          {t(cancelReasonText[reason])}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The reason a cancel dialog asks for: `field` for the CancelReasonField, and `forChange(status)`,
 * the part of the change the reason is (none unless it cancels), or null, with the field saying
 * why, when a cancel has no reason yet.
 */
export function useCancelReason(disabled: boolean) {
  const t = useT();
  const [reason, setReason] = useState<StaffCancelReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field: CancelReasonFieldProps = {
    value: reason,
    onChange: (next) => {
      setReason(next);
      setError(null);
    },
    error,
    disabled,
  };
  const forChange = (status: number): { reason?: StaffCancelReason } | null => {
    if (status !== OrderStatus.Cancelled) return {};
    if (!reason) {
      // What the field says when Cancel is pressed with no reason chosen.
      setError(t('cancel.reasonRequired'));
      return null;
    }
    return { reason };
  };
  return { field, forChange };
}
