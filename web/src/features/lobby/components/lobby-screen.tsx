import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useNavigate } from 'react-router-dom';
import { boardJoinUrl } from '@showdown/shared/spectator';
import { PracticeTag } from '../../../components/ui/bot-mark';
import { BoardQr } from '../../../components/ui/board-qr';
import { ShowOnTvButton } from '../../../components/ui/show-on-tv-button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { useLobby } from '../hooks/use-lobby';
import { LobbyPlayers } from './lobby-players';
import { LOBBY_HELP, REMOVE_PLAYER_QUESTION, updateRoleTarget } from './role-text';
import { t } from '../../../i18n';

/** The lobby: live player list, broker controls, role update. */
export function LobbyScreen() {
  const navigate = useNavigate();
  const lobby = useLobby();
  const { boardCode, isInvestorOnly, practice, players, publicUrl, starting } = lobby;

  if (lobby.gameId === null) return <Navigate to="/showDown" replace />;

  return (
    <PageLayout
      title={t('Showdown Lobby')}
      help
      actions={
        <IconButton
          aria-label={t('Refresh players')}
          color="primary"
          onClick={() => void lobby.refresh()}
        >
          <RefreshIcon />
        </IconButton>
      }
    >
      {starting && <Loader overlay label={t('Starting the game')} />}
      <Stack spacing={2} sx={{ pt: 1 }}>
        {practice && <PracticeTag />}
        <Typography textAlign="center" color="text.secondary">
          {!practice
            ? t('Waiting for other players to join...')
            : isInvestorOnly
              ? t('The bot broker starts the game in a moment.')
              : t('Your bots are seated. Start the game when you are ready.')}
        </Typography>
        {boardCode && (
          <Typography textAlign="center" variant="h4" component="p">
            {t('Board code:')}{' '}
            <Typography component="span" variant="h4" color="primary" sx={{ letterSpacing: 4 }}>
              {boardCode}
            </Typography>
          </Typography>
        )}
        {boardCode && !isInvestorOnly && !practice && publicUrl && (
          <Stack alignItems="center" spacing={1} aria-label={t('Join by QR code')} role="group">
            <BoardQr url={boardJoinUrl(publicUrl, boardCode)} size={168} />
            <Typography variant="body2" color="text.secondary">
              {t('Late joiners: scan to join this board')}
            </Typography>
          </Stack>
        )}
        {boardCode && <ShowOnTvButton code={boardCode} size="large" />}
        {!practice && (
          <Alert severity="info" variant="outlined">
            {t(LOBBY_HELP)}
          </Alert>
        )}
        {lobby.loadingPlayers && players.length === 0 ? (
          <Loader label={t('Loading players')} />
        ) : (
          <LobbyPlayers
            players={players}
            myPlayerId={lobby.myPlayerId}
            online={lobby.online}
            // A practice game's seats are its bots': they stay.
            canRemove={!isInvestorOnly && !practice}
            onRemove={lobby.setRemoving}
          />
        )}
        {!isInvestorOnly && (
          <>
            <Button variant="outlined" size="large" onClick={() => void navigate('/game-setup')}>
              {t('Setup Game')}
            </Button>
            <Button
              variant="contained"
              size="large"
              disabled={starting}
              onClick={() => void lobby.start()}
            >
              {t('Start Game')}
            </Button>
          </>
        )}
        {!practice && (
          <Button
            variant={isInvestorOnly ? 'contained' : 'text'}
            size="large"
            onClick={() => void navigate(updateRoleTarget(players.length))}
          >
            {t('Update Role')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={lobby.removing !== null}
        title={t(REMOVE_PLAYER_QUESTION)}
        onConfirm={() => void lobby.confirmRemove()}
        onCancel={() => lobby.setRemoving(null)}
      />
    </PageLayout>
  );
}
