import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicPlayer } from '@showdown/shared/api';
import { GAME_STATUS, ROLE } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { useSnackbar } from '../../../components/ui/toasts';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import { boardJoinUrl } from '@showdown/shared/spectator';
import { usePublicUrl } from '../../../api/public-url';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { PlayerName, PracticeTag } from '../../../components/ui/bot-mark';
import { BoardQr } from '../../../components/ui/board-qr';
import { PresenceDot } from '../../../components/ui/presence-dot';
import { ShowOnTvButton } from '../../../components/ui/show-on-tv-button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { errorMessage } from '../../../lib/api-client';
import { resyncGame } from '../../../lib/socket';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import {
  selectBoardCode,
  selectFirstPlayer,
  selectGameId,
  selectOnlinePlayers,
  selectPlayerId,
  selectPlayers,
  selectPractice,
  selectRole,
  selectStatus,
} from '../../../stores/game-selectors';
import { loadLobby } from '../../../api/lobby';
import { removePlayer, startGame } from '../api/lobby-api';
import { LOBBY_HELP, REMOVE_PLAYER_QUESTION, updateRoleTarget } from './role-text';
import { roleLabel } from '@showdown/shared/roles';
import { t } from '../../../i18n';

/** The lobby: live player list, broker controls, role update. */
// eslint-disable-next-line max-lines-per-function -- a screen of several jobs: its data and actions belong in hooks, its parts in components
export function LobbyScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const gameId = useAppStore(selectGameId);
  const boardCode = useAppStore(selectBoardCode);
  const status = useAppStore(selectStatus);
  const role = useAppStore(selectRole);
  const myPlayerId = useAppStore(selectPlayerId);
  const players = useAppStore(selectPlayers);
  const practice = useAppStore(selectPractice);
  const online = useAppStore(selectOnlinePlayers);
  const publicUrl = usePublicUrl();
  const firstPlayer = useAppStore(selectFirstPlayer);
  const lobbyRequest = useAppStore(selectRequest('lobby'));
  const starting = useAppStore(selectRequest('start')).status === 'loading';
  const [removing, setRemoving] = useState<PublicPlayer | null>(null);
  const sawLobby = useRef(false);

  const refresh = async () => {
    if (gameId === null) return;
    try {
      await Promise.all([loadLobby(gameId), resyncGame()]);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  useEffect(() => {
    if (gameId === null) return;
    loadLobby(gameId).catch((error: unknown) => {
      if (errorMessage(error) === t(MSG.NOT_IN_GAME))
        void navigate('/join-game/false', { replace: true });
      else enqueueSnackbar(errorMessage(error), { variant: 'error' });
    });
  }, [gameId, navigate, enqueueSnackbar]);

  useEffect(() => {
    if (status === GAME_STATUS.LOBBY) sawLobby.current = true;
    if (status === GAME_STATUS.RUNNING || status === GAME_STATUS.COMPLETED) {
      // Watching the start live: everyone goes to the first-player wheel; later visits skip it.
      // A bot broker does not spin it, so a practising investor goes straight to the market.
      const toWheel =
        sawLobby.current &&
        status === GAME_STATUS.RUNNING &&
        !firstPlayer &&
        !(practice && role === ROLE.INVESTOR);
      void navigate(toWheel ? '/first-player' : '/stock-prices', { replace: true });
    }
  }, [status, firstPlayer, navigate, practice, role]);

  if (gameId === null) return <Navigate to="/showDown" replace />;

  const isInvestorOnly = role === ROLE.INVESTOR;

  const start = async () => {
    try {
      const message = await startGame(gameId);
      enqueueSnackbar(t(message ?? MSG.GAME_STARTED), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  const confirmRemove = async () => {
    const player = removing;
    setRemoving(null);
    if (!player) return;
    try {
      const message = await removePlayer(gameId, player.player_id);
      if (message) enqueueSnackbar(t(message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
    await refresh();
  };

  return (
    <PageLayout
      title={t('Showdown Lobby')}
      help
      actions={
        <IconButton
          aria-label={t('Refresh players')}
          color="primary"
          onClick={() => void refresh()}
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
        {lobbyRequest.status === 'loading' && players.length === 0 ? (
          <Loader label={t('Loading players')} />
        ) : (
          <List aria-label={t('Players')} sx={{ bgcolor: 'background.paper', borderRadius: 3 }}>
            {players.map((player) => (
              <ListItem
                key={player.player_id}
                secondaryAction={
                  // A practice game's seats are its bots': they stay.
                  !isInvestorOnly && !practice && player.player_id !== myPlayerId ? (
                    <IconButton
                      edge="end"
                      aria-label={t('Remove {name}', { name: player.username })}
                      onClick={() => setRemoving(player)}
                    >
                      <PersonRemoveIcon />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemAvatar>
                  <Box sx={{ position: 'relative', width: 44 }}>
                    <AvatarImage
                      avatarId={player.avatar_id}
                      name={player.username}
                      bot={player.bot}
                      size={44}
                    />
                    <PresenceDot
                      online={online.includes(player.player_id)}
                      name={player.username}
                    />
                  </Box>
                </ListItemAvatar>
                <ListItemText
                  primary={
                    // A long name is cut with an ellipsis; the whole name shows on hover.
                    <PlayerName
                      name={player.username}
                      bot={player.bot}
                      sx={{ fontWeight: 'inherit' }}
                      text={
                        player.player_id === myPlayerId
                          ? t('{name} (You)', { name: player.username })
                          : undefined
                      }
                    />
                  }
                  secondary={t(roleLabel(player.role))}
                />
              </ListItem>
            ))}
          </List>
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
              onClick={() => void start()}
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
        open={removing !== null}
        title={t(REMOVE_PLAYER_QUESTION)}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </PageLayout>
  );
}
