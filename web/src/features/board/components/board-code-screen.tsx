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
import { ApiError, errorMessage } from '../../../lib/api-client';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import { joinBoard, NO_OPEN_GAME } from '../api/board-api';

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

/** Board code entry: four boxes and 'Submit & Join Lobby'. */
export function BoardCodeScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const joining = useAppStore(selectRequest('join')).status === 'loading';
  const [searchParams] = useSearchParams();
  const [code, setCode] = useState<string[]>(() => codeFromLink(searchParams.get('code')));
  const [error, setError] = useState<string | null>(null);

  const [noGame, setNoGame] = useState<string | null>(null);

  const join = async (value: string, create: boolean) => {
    setError(null);
    try {
      const next = await joinBoard(value, create);
      void navigate(next);
    } catch (joinError) {
      if (!create && joinError instanceof ApiError && joinError.code === NO_OPEN_GAME) {
        // A mistyped code must not open a lobby by itself: ask first.
        setNoGame(joinError.message);
        return;
      }
      const message = errorMessage(joinError);
      setError(message);
      enqueueSnackbar(message, { variant: 'error' });
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (joining) return;
    const value = code.join('');
    if (value.length !== BOARD_CODE_LENGTH) {
      setError(MSG.INVALID_CODE);
      return;
    }
    await join(value, false);
  };

  return (
    <PageLayout title="The Showdown" help>
      {joining && <Loader overlay label="Joining" />}
      <Stack component="form" noValidate onSubmit={submit} spacing={4} sx={{ pt: 4 }}>
        <Typography variant="h3" component="h2" textAlign="center">
          Enter your board code
        </Typography>
        <Typography textAlign="center" color="text.secondary">
          Find the 4-character code on your game board.
        </Typography>
        <CodeInput
          value={code}
          onChange={(next) => {
            setCode(next);
            setError(null);
          }}
          onSubmit={() => void submit()}
          accept={acceptCodeChar}
          boxLabel={(position) => `Board code character ${position}`}
          error={error !== null}
          autoFocus
        />
        <Typography role="alert" color="error" textAlign="center" sx={{ minHeight: 24 }}>
          {error}
        </Typography>
        <Button type="submit" variant="contained" size="large" disabled={joining}>
          Submit &amp; Join Lobby
        </Button>
      </Stack>
      <ConfirmDialog
        open={noGame !== null}
        title={`${noGame ?? ''} Start a new lobby?`}
        onConfirm={() => {
          setNoGame(null);
          void join(code.join(''), true);
        }}
        onCancel={() => setNoGame(null)}
      />
    </PageLayout>
  );
}
