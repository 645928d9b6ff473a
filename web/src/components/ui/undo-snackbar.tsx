import Button from '@mui/material/Button';
import { UNDO_WINDOW_SECONDS } from '@showdown/shared/constants';
import type { SnackbarKey } from 'notistack';
import { useState } from 'react';
import { closeSnackbar, enqueueSnackbar } from './toasts';
import { msg, serverText, t } from '../../i18n';
import { errorMessage } from '../../lib/api-client';
import { undoLastAction } from '../../api/undo';

export const UNDO_LABEL = msg('Undo this change');

/** The confirmation's "Undo": one tap, then the snackbar says what was undone or why not. */
export function UndoButton({ gameId, snackbarKey }: { gameId: number; snackbarKey: SnackbarKey }) {
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    try {
      const { data } = await undoLastAction(gameId);
      closeSnackbar(snackbarKey);
      enqueueSnackbar(serverText(data.label), { variant: 'info' });
    } catch (error) {
      closeSnackbar(snackbarKey);
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };
  return (
    <Button
      size="small"
      variant="contained"
      color="inherit"
      sx={{ color: 'text.primary' }}
      disabled={busy}
      // The price keypad has an "Undo" key of its own (it clears the input): this one says what it
      // undoes.
      aria-label={t(UNDO_LABEL)}
      onClick={() => void undo()}
    >
      {t('Undo')}
    </Button>
  );
}

/**
 * The broker's confirmation of a price update, a payday or an averaged mayhem list: it stays for
 * the server's undo window and offers "Undo" all that time.
 */
let shown = 0;
let lastKey: string | null = null;

export function enqueueUndoable(message: string, gameId: number): void {
  // Only the last change can be undone: the previous confirmation's "Undo" goes away. A key of
  // its own lets the same message ("Price updated") show again.
  if (lastKey !== null) closeSnackbar(lastKey);
  lastKey = `undo-${++shown}`;
  enqueueSnackbar(message, {
    key: lastKey,
    variant: 'success',
    autoHideDuration: UNDO_WINDOW_SECONDS * 1000,
    action: (key) => <UndoButton gameId={gameId} snackbarKey={key} />,
  });
}

/** The game ended: there is nothing left to undo, and the offer would sit over the leaderboard. */
export function withdrawUndoable(): void {
  if (lastKey !== null) closeSnackbar(lastKey);
  lastKey = null;
}
