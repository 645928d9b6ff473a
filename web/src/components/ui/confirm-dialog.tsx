import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { t } from '../../i18n';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Do you want to logout?'. */
  title: string;
  /** What saying yes will do, under the question. */
  message?: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** A yes/no question. Closing it any other way counts as 'No'. */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = t('Yes'),
  cancelLabel = t('No'),
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        {title}
      </DialogTitle>
      {message && (
        <DialogContent>
          <DialogContentText id={messageId} sx={{ textAlign: 'center' }}>
            {message}
          </DialogContentText>
        </DialogContent>
      )}
      <DialogActions sx={{ justifyContent: 'center', gap: 2, pb: 3 }}>
        <Button variant="outlined" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="contained" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
