import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTexts } from '@storedesk/web/texts';
import { useId } from 'react';

type ErrorDialogProps = {
  /** The message to show; the dialog is open while there is one. */
  message: string | null;
  onClose: () => void;
  title?: string;
};

/**
 * The spec's error dialog: a title ('Error' unless told), the message and OK. Esc closes it. Its own
 * words are the apps' shared ones (`useTexts`): English on the signed-out pages, the language shown
 * inside the shell.
 */
export function ErrorDialog({ message, onClose, title }: ErrorDialogProps) {
  const { text } = useTexts();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title ?? text('web.errorTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {text('web.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
