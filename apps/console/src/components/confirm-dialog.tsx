import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '@storedesk/web/i18n';
import { useId } from 'react';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** The question, in the spec's words where it has them. */
  message: string;
  confirmLabel: string;
  /** While the action runs: the button is disabled and says so. */
  busy?: boolean;
  busyLabel?: string;
  /** A destructive action's button is red; another's takes the primary colour. */
  tone?: 'error' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a destructive or final action. Esc or Cancel closes it; the focus starts on Cancel. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  busyLabel,
  tone = 'error',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button color={tone} variant="contained" onClick={onConfirm} disabled={busy} loading={busy}>
          {busy ? (busyLabel ?? t('common.working')) : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
