import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOARD_CODE_LENGTH } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { useSnackbar } from '../../../components/ui/toasts';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CodeInput } from '../../../components/ui/code-input';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { errorMessage } from '../../../lib/api-client';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import { joinBoard, readBoard } from '../../../api/board';
import { t } from '../../../i18n';

const acceptCodeChar = (char: string) => {
  const upper = char.toUpperCase();
  return /^[A-Z0-9]$/.test(upper) ? upper : '';
};

const emptyCode = () => Array.from({ length: BOARD_CODE_LENGTH }, () => '');

/** The boxes filled from a link's ?code= (a scanned board QR code), when it is a valid code. */
export function codeFromLink(raw: string | null): string[] {
  const chars = (raw ?? '').trim().toUpperCase();
  return new RegExp(`^[A-Z0-9]{${BOARD_CODE_LENGTH}}$`).test(chars) ? [...chars] : emptyCode();
}

/** The question before a code with no open game opens a lobby. */
export const newLobbyQuestion = (code: string) =>
  t('No game on {code} yet. Start a new lobby?', { code });

/** Board code entry: four boxes and 'Submit & Join Lobby'. */
export function BoardCodeScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const joining = useAppStore(selectRequest('join')).status === 'loading';
  const reading = useAppStore(selectRequest('board')).status === 'loading';
  const [searchParams] = useSearchParams();
  const [code, setCode] = useState<string[]>(() => codeFromLink(searchParams.get('code')));
  const [error, setError] = useState<string | null>(null);
  /** The code whose board has no open game, while the screen asks whether to open one. */
  const [noGame, setNoGame] = useState<string | null>(null);

  const failed = (failure: unknown) => {
    const message = errorMessage(failure);
    setError(message);
    enqueueSnackbar(message, { variant: 'error' });
  };

  const join = async (value: string) => {
    setError(null);
    try {
      void navigate(await joinBoard(value));
    } catch (joinError) {
      failed(joinError);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (joining || reading) return;
    const value = code.join('');
    if (value.length !== BOARD_CODE_LENGTH) {
      setError(t(MSG.INVALID_CODE));
      return;
    }
    setError(null);
    try {
      // A mistyped code must not open a lobby by itself: a board without a game asks first.
      const board = await readBoard(value);
      if (board.open_game) await join(value);
      else setNoGame(board.board_code);
    } catch (readError) {
      failed(readError);
    }
  };

  return (
    <PageLayout title="The Showdown" help>
      {(joining || reading) && <Loader overlay label={t('Joining')} />}
      <Stack component="form" noValidate onSubmit={submit} spacing={4} sx={{ pt: 4 }}>
        <Typography variant="h3" component="h2" textAlign="center">
          {t('Enter your board code')}
        </Typography>
        <Typography textAlign="center" color="text.secondary">
          {t('Find the 4-character code on your game board.')}
        </Typography>
        <CodeInput
          value={code}
          onChange={(next) => {
            setCode(next);
            setError(null);
          }}
          onSubmit={() => void submit()}
          accept={acceptCodeChar}
          boxLabel={(position) => t('Board code character {position}', { position })}
          error={error !== null}
          autoFocus
        />
        <Typography role="alert" color="error" textAlign="center" sx={{ minHeight: 24 }}>
          {error}
        </Typography>
        <Button type="submit" variant="contained" size="large" disabled={joining || reading}>
          {t('Submit & Join Lobby')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={noGame !== null}
        title={newLobbyQuestion(noGame ?? '')}
        onConfirm={() => {
          const value = noGame;
          setNoGame(null);
          if (value !== null) void join(value);
        }}
        onCancel={() => setNoGame(null)}
      />
    </PageLayout>
  );
}
