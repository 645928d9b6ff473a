import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GAME_STATUS } from '@showdown/shared/constants';
import { pointsOf } from '@showdown/shared/price-history';
import { isBrokerRole, roleLabel } from '@showdown/shared/roles';
import { boardJoinUrl, type SpectatorSnapshot } from '@showdown/shared/spectator';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { BotTag, PracticeTag } from '../../../components/ui/bot-mark';
import { Loader } from '../../../components/ui/loader';
import { usePublicUrl } from '../../../api/public-url';
import { usePhaseCountdown } from '../hooks/use-phase-countdown';
import { useSpectator, type SpectateSource } from '../hooks/use-spectator';
import type { Announcement, SpectatorStore } from '../spectator-store';
import { BoardQr } from '../../../components/ui/board-qr';
import { useWakeLock } from '../../../hooks/use-wake-lock';
import { useAppStore } from '../../../stores/app-store';
import { PriceTile } from './price-tile';
import { Podium } from './podium';
import { TvSound } from './tv-sound';
import { TvRecap } from './tv-recap';
import { useReport } from '../../../hooks/use-report';
import { fetchBoardReport } from '../api/board-report-api';
import { t } from '../../../i18n';

/** How long an announcement stays on the big screen. */
export const ANNOUNCEMENT_MS = 6000;

/** Type sized for a TV read from across the table (scales with the screen's width). */
const big = (vw: number, min: number) => `max(${min}px, ${vw}vw)`;

function PlayerRow({
  player,
  online,
  compact,
}: {
  player: SpectatorSnapshot['players'][number];
  online: boolean;
  compact: boolean;
}) {
  return (
    <Box
      component="li"
      data-testid={`player-${player.player_id}`}
      sx={{ display: 'flex', alignItems: 'center', gap: '1vw', py: '0.5vw' }}
    >
      <Box sx={{ position: 'relative' }}>
        <AvatarImage
          avatarId={player.avatar_id}
          name={player.username}
          bot={player.bot}
          size={compact ? 44 : 64}
        />
        <Box
          role="status"
          aria-label={
            online
              ? t('{name} is online', { name: player.username })
              : t('{name} is offline', { name: player.username })
          }
          sx={{
            position: 'absolute',
            right: -2,
            bottom: -2,
            width: 20,
            height: 20,
            borderRadius: '50%',
            border: '3px solid',
            borderColor: 'background.paper',
            bgcolor: online ? 'success.main' : 'grey.600',
          }}
        />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.5vw' }}>
          <Typography
            sx={{
              fontSize: compact ? big(1.1, 16) : big(1.6, 22),
              fontWeight: 700,
              maxWidth: '14vw',
            }}
            noWrap
          >
            {player.username}
          </Typography>
          {player.bot && <BotTag size={compact ? 'small' : 'medium'} />}
        </Box>
        <Typography
          sx={{ fontSize: compact ? big(0.8, 13) : big(1.1, 16), color: 'text.secondary' }}
        >
          {t(roleLabel(player.role))}
        </Typography>
      </Box>
    </Box>
  );
}

function Players({ game, compact = false }: { game: SpectatorSnapshot; compact?: boolean }) {
  const online = new Set(game.online);
  return (
    <Box
      component="ul"
      aria-label={t('Players')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'flex',
        flexDirection: compact ? 'row' : 'column',
        flexWrap: 'wrap',
        gap: compact ? '0 1.5vw' : '0.5vw',
      }}
    >
      {game.players.map((p) => (
        <PlayerRow
          key={p.player_id}
          player={p}
          online={online.has(p.player_id)}
          compact={compact}
        />
      ))}
    </Box>
  );
}

function LobbyView({ game, publicUrl }: { game: SpectatorSnapshot; publicUrl: string | null }) {
  const code = game.game.board_code;
  // A practice game's seats are the bots': nobody joins it.
  const joinUrl = publicUrl && !game.game.practice ? boardJoinUrl(publicUrl, code) : null;
  const brokerSeated = game.players.some((p) => isBrokerRole(p.role));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4vw', alignItems: 'start' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1vw' }}>
        {game.game.practice ? (
          <PracticeTag />
        ) : (
          <Typography sx={{ fontSize: big(1.8, 24), fontWeight: 700 }}>
            {t('Scan to join')}
          </Typography>
        )}
        {joinUrl && <BoardQr url={joinUrl} size="min(34vh, 26vw)" />}
        {joinUrl && (
          <Typography
            data-testid="join-url"
            sx={{ fontSize: big(1.2, 16), fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {joinUrl}
          </Typography>
        )}
        {joinUrl && (
          <Typography sx={{ fontSize: big(1.4, 18), color: 'text.secondary' }}>
            {t('or enter the board code')}
          </Typography>
        )}
        <Typography
          data-testid="board-code"
          sx={{
            fontSize: big(7, 72),
            fontWeight: 800,
            letterSpacing: '0.3em',
            color: 'primary.main',
            lineHeight: 1,
          }}
        >
          {code}
        </Typography>
      </Box>
      <Box>
        <Typography component="h1" sx={{ fontSize: big(3, 40), fontWeight: 800, mb: '1vw' }}>
          {t('Showdown Lobby')}
        </Typography>
        <Typography sx={{ fontSize: big(1.8, 24), color: 'primary.light', mb: '1.5vw' }}>
          {brokerSeated
            ? t('Waiting for the broker to start the game')
            : t('Waiting for the broker')}
        </Typography>
        {game.players.length === 0 ? (
          <Typography sx={{ fontSize: big(1.5, 20), color: 'text.secondary' }}>
            {t('Players appear here as they join.')}
          </Typography>
        ) : (
          <Players game={game} />
        )}
      </Box>
    </Box>
  );
}

function PhaseBanner({ seconds }: { seconds: number }) {
  const mm = Math.floor(seconds / 60);
  const ss = String(seconds % 60).padStart(2, '0');
  return (
    <Box
      role="timer"
      aria-label={t('Trade phase countdown')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: '2vw',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        borderRadius: '1vw',
        px: '2vw',
        py: '0.4vw',
      }}
    >
      <Typography sx={{ fontSize: big(2.2, 28), fontWeight: 800 }}>
        {t('Trade phase open')}
      </Typography>
      <Typography
        data-testid="countdown"
        sx={{ fontSize: big(4, 56), fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
      >
        {mm}:{ss}
      </Typography>
    </Box>
  );
}

function AnnouncementCard({ announcement }: { announcement: Announcement }) {
  return (
    <Box
      role="alert"
      data-testid="announcement"
      sx={{
        position: 'fixed',
        left: '50%',
        top: '50%',
        transform: 'translate(-50%, -50%)',
        minWidth: '40vw',
        maxWidth: '80vw',
        bgcolor: '#0b1f3a',
        border: '0.3vw solid',
        borderColor: 'primary.main',
        borderRadius: '2vw',
        boxShadow: '0 0 6vw rgba(0,0,0,0.7)',
        p: '2.5vw',
        textAlign: 'center',
        zIndex: 10,
      }}
    >
      <Typography sx={{ fontSize: big(4, 56), fontWeight: 800, color: 'primary.main' }}>
        {announcement.title}
      </Typography>
      {announcement.lines.map((line) => (
        <Typography key={line} sx={{ fontSize: big(2.4, 32), fontWeight: 700 }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}

/** The newest announcement, for ANNOUNCEMENT_MS after it arrived. */
function useCurrentAnnouncement(announcements: Announcement[]): Announcement | null {
  const newest = announcements[announcements.length - 1] ?? null;
  const [hiddenId, setHiddenId] = useState<number | null>(null);
  useEffect(() => {
    if (!newest) return;
    const timer = window.setTimeout(() => setHiddenId(newest.id), ANNOUNCEMENT_MS);
    return () => window.clearTimeout(timer);
  }, [newest]);
  return newest && newest.id !== hiddenId ? newest : null;
}

function RunningView({ game }: { game: SpectatorSnapshot }) {
  const history = game.price_history;
  const { orderbook_status, ends_at, paused_remaining_s } = game.game.settings;
  const seconds = usePhaseCountdown({ orderbookStatus: orderbook_status, endsAt: ends_at });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: '1.2vw' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: '2vw', minHeight: '5vw' }}>
        {orderbook_status === 1 && typeof paused_remaining_s === 'number' ? (
          <Typography
            role="status"
            sx={{ fontSize: big(2.6, 34), fontWeight: 800, color: 'warning.main' }}
          >
            {t('Paused: {seconds} s left', { seconds: paused_remaining_s })}
          </Typography>
        ) : seconds !== null ? (
          <PhaseBanner seconds={seconds} />
        ) : (
          <Typography sx={{ fontSize: big(2.2, 28), fontWeight: 700, color: 'text.secondary' }}>
            {t('Trade phase closed')}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {game.mayhem && (
          <Typography sx={{ fontSize: big(1.6, 22), fontWeight: 700, color: 'error.main' }}>
            {t('Market Mayhem open: {count} of {total} answered', {
              count: game.mayhem.responses_count,
              total: game.mayhem.investors_count,
            })}
          </Typography>
        )}
      </Box>
      <Box
        component="section"
        aria-label={t('Share prices')}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: '1vw' }}
      >
        {game.stocks.map((stock) => {
          const points = pointsOf(history, stock.stock_id);
          return (
            <PriceTile
              key={`${stock.stock_id}:${points[points.length - 1]?.at ?? ''}`}
              stock={stock}
              history={history}
            />
          );
        })}
      </Box>
    </Box>
  );
}

function Header({ game }: { game: SpectatorSnapshot }) {
  return (
    <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: '2vw', mb: '1vw' }}>
      <Typography sx={{ fontSize: big(2, 26), fontWeight: 800, color: 'primary.main' }}>
        The Showdown
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {game.game.status === GAME_STATUS.RUNNING && <Players game={game} compact />}
      </Box>
      {game.game.practice && <PracticeTag />}
      <Typography sx={{ fontSize: big(1.6, 22), color: 'text.secondary' }}>{t('Board')}</Typography>
      <Typography
        data-testid="header-code"
        sx={{ fontSize: big(3, 48), fontWeight: 800, letterSpacing: '0.2em' }}
      >
        {game.game.board_code}
      </Typography>
    </Box>
  );
}

/**
 * The ended game: its recap first when this screen saw the game end (a TV opened later goes
 * straight to the podium, as does one the server gives no report), then the podium.
 */
function GameEnd({ store, game }: { store: SpectatorStore; game: SpectatorSnapshot }) {
  const recapFor = useStore(store, (s) => s.recapGameId);
  const playing = recapFor === game.game.id;
  const { report, error } = useReport(playing ? game.game.board_code : null, fetchBoardReport);
  if (playing && error === null) {
    return report ? (
      <TvRecap report={report} onDone={store.getState().finishRecap} />
    ) : (
      <Loader label={t('Loading the recap')} />
    );
  }
  return <Podium ranking={game.ranking ?? []} />;
}

/** What the big screen shows for the board's game in its current state. */
export function SpectatorBoard({
  store,
  publicUrl,
}: {
  store: SpectatorStore;
  publicUrl: string | null;
}) {
  const game = useStore(store, (s) => s.game);
  const error = useStore(store, (s) => s.error);
  const announcements = useStore(store, (s) => s.announcements);
  const announcement = useCurrentAnnouncement(announcements);

  if (!game) {
    if (error) {
      return (
        <Typography role="alert" sx={{ fontSize: big(2.4, 32), textAlign: 'center', mt: '20vh' }}>
          {t(error)}
        </Typography>
      );
    }
    return <Loader label={t('Connecting to the board')} />;
  }
  const status = game.game.status;
  return (
    <>
      {status !== GAME_STATUS.LOBBY && <Header game={game} />}
      {status === GAME_STATUS.LOBBY && <LobbyView game={game} publicUrl={publicUrl} />}
      {status === GAME_STATUS.RUNNING && <RunningView game={game} />}
      {status === GAME_STATUS.COMPLETED && <GameEnd store={store} game={game} />}
      {announcement && status === GAME_STATUS.RUNNING && (
        <AnnouncementCard announcement={announcement} />
      )}
    </>
  );
}

/** `/spectate/:code`: the table's TV, no sign-in, following the board's current game live. */
export function SpectatorScreen({ source }: { source?: SpectateSource }) {
  const { code = '' } = useParams();
  const store = useSpectator(code.toUpperCase(), source);
  const publicUrl = usePublicUrl();
  const status = useStore(store, (s) => s.game?.game.status);
  const keepAwake = useAppStore((s) => s.keepAwake);
  // The TV stays on until the game ends (the next game of the board takes it again).
  useWakeLock(keepAwake && status !== undefined && status !== GAME_STATUS.COMPLETED);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', width: '100%', p: '2.5vw', boxSizing: 'border-box' }}
    >
      <SpectatorBoard store={store} publicUrl={publicUrl} />
      <TvSound store={store} />
    </Box>
  );
}
