import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BROKER_AVATAR_ID, ROLE, type Role } from '@showdown/shared/constants';
import { useSnackbar } from '../../../components/ui/toasts';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { errorMessage } from '../../../lib/api-client';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import { selectGameId, selectRole } from '../../../stores/game-selectors';
import { chooseSeat, loadGameAvatars } from '../../../api/board';
import { t } from '../../../i18n';

function roleFromState(state: unknown): Role | null {
  const role = (state as { role?: unknown } | null)?.role;
  return role === ROLE.BROKER || role === ROLE.INVESTOR || role === ROLE.BOTH ? role : null;
}

/**
 * Avatar grid from the server (avatar 7 is never offered); picking one takes or updates the seat.
 * The signed-in user's profile avatar is preselected when it is free on this board.
 */
export function ChooseAvatarScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useParams().update === 'true';
  const gameId = useAppStore(selectGameId);
  const storedRole = useAppStore(selectRole);
  const avatars = useAppStore((s) => s.avatars);
  const loading = useAppStore(selectRequest('gameAvatars')).status === 'loading';
  const profileAvatarId = useAppStore((s) => s.user?.avatar_id ?? null);
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const role = roleFromState(location.state) ?? storedRole ?? ROLE.INVESTOR;

  useEffect(() => {
    if (gameId === null) return;
    loadGameAvatars(gameId).catch((error: unknown) =>
      enqueueSnackbar(errorMessage(error, t('Something went wrong. Please try again.')), {
        variant: 'error',
      }),
    );
  }, [gameId, enqueueSnackbar]);

  if (gameId === null) return <Navigate to="/showDown" replace />;

  const selectable = avatars.filter((a) => a.id !== BROKER_AVATAR_ID);
  // The profile's avatar is the default choice while it is free on this board; a pick replaces it.
  const profileDefault = selectable.some((a) => a.id === profileAvatarId) ? profileAvatarId : null;
  const selected = picked ?? profileDefault;

  const confirm = async () => {
    if (selected === null) return;
    setBusy(true);
    try {
      const message = await chooseSeat(gameId, role, selected, update);
      if (message) enqueueSnackbar(message, { variant: 'success' });
      void navigate('/showdown-lobby');
    } catch (error) {
      enqueueSnackbar(
        errorMessage(error, update ? t('Failed to update role') : t('Failed to select role')),
        { variant: 'error' },
      );
      loadGameAvatars(gameId).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('Choose your avatar')} help>
      {busy && <Loader overlay label={t('Saving your seat')} />}
      {loading && selectable.length === 0 ? (
        <Loader label={t('Loading avatars')} />
      ) : (
        <Stack spacing={3} sx={{ pt: 2 }}>
          {selectable.length === 0 && (
            <Typography textAlign="center" color="text.secondary">
              {t('No avatars are free on this board.')}
            </Typography>
          )}
          <Box
            role="radiogroup"
            aria-label={t('Avatars')}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}
          >
            {selectable.map((avatar) => (
              <ButtonBase
                key={avatar.id}
                role="radio"
                aria-checked={selected === avatar.id}
                aria-label={t(avatar.name)}
                onClick={() => setPicked(avatar.id)}
                sx={{
                  flexDirection: 'column',
                  gap: 1,
                  p: 1.5,
                  borderRadius: 3,
                  border: '2px solid',
                  borderColor: selected === avatar.id ? 'primary.main' : 'transparent',
                  bgcolor: selected === avatar.id ? 'rgba(245,197,66,0.12)' : 'transparent',
                }}
              >
                <AvatarImage avatarId={avatar.id} size={72} decorative />
                <Typography variant="body2">{t(avatar.name)}</Typography>
              </ButtonBase>
            ))}
          </Box>
          <Button
            variant="contained"
            size="large"
            disabled={selected === null || busy}
            onClick={() => void confirm()}
          >
            {update ? t('Update') : t('Continue')}
          </Button>
        </Stack>
      )}
    </PageLayout>
  );
}
