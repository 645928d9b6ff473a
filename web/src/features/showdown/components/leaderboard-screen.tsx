import InstagramIcon from '@mui/icons-material/Instagram';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { RankingEntry } from '@showdown/shared/api';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { usePublishedTabBarHeight } from '../../../components/ui/tab-bar-height';
import { env } from '../../../config/env';
import { errorMessage } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { selectGameId, selectRanking } from '../../../stores/game-selectors';
import { loadShowdown } from '../api/showdown';
import { StandingsList } from './standings-list';
import { RematchActions } from './rematch-actions';
import { SkipRecapButton } from './skip-recap-button';
import { t, rankText } from '../../../i18n';

/**
 * The final ranking, best first: the server ranks by net worth with the shared ranking rules
 * (ties share a rank), so rank, rank_label and rank_name are shown as they come.
 */
export function orderRanking(ranking: readonly RankingEntry[]): RankingEntry[] {
  return [...ranking].sort(
    (a, b) => a.rank - b.rank || b.balance - a.balance || a.player_id - b.player_id,
  );
}

const SOCIAL_LINKS = [
  { label: 'Instagram', href: env.VITE_SOCIAL_INSTAGRAM_URL, icon: <InstagramIcon /> },
  { label: 'X', href: env.VITE_SOCIAL_X_URL, icon: <XIcon /> },
  { label: 'YouTube', href: env.VITE_SOCIAL_YOUTUBE_URL, icon: <YouTubeIcon /> },
];

/** /leaderboard: the final ranking. */
export function LeaderboardScreen() {
  const navigate = useNavigate();
  const gameId = useAppStore(selectGameId);
  const ranking = useAppStore(selectRanking);
  const [loaded, setLoaded] = useState<RankingEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Like the Showdown screen's, its buttons sit at the bottom like a tab bar: toasts ("Game Ended
  // successfully", a late alert) stay above them, so no button is covered.
  const actions = useRef<HTMLDivElement>(null);
  usePublishedTabBarHeight(actions);

  useEffect(() => {
    if (ranking !== null || gameId === null) return;
    let live = true;
    loadShowdown(gameId)
      .then((rows) => live && setLoaded(rows))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [gameId, ranking]);

  const source = ranking ?? loaded;
  const rows = source ? orderRanking(source) : null;

  return (
    <PageLayout title={t('Leaderboard')} back={false} help>
      {rows === null ? (
        error || gameId === null ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            {error ?? t('No finished game to show.')}
          </Typography>
        ) : (
          <Loader label={t('Loading leaderboard')} />
        )
      ) : (
        <StandingsList
          label={t('Leaderboard')}
          rows={rows.map((row) => ({
            ...row,
            note: t(row.rank_name),
            lead: (
              <Typography
                component="span"
                sx={{
                  width: 44,
                  textAlign: 'center',
                  fontWeight: 800,
                  fontSize: '1.1rem',
                  color: row.rank === 1 ? 'primary.main' : 'text.primary',
                }}
              >
                {rankText(row.rank, row.rank_label)}
              </Typography>
            ),
          }))}
        />
      )}
      <Box
        ref={actions}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mt: 'auto', pt: 3 }}
      >
        {gameId !== null && rows !== null && (
          <Button variant="outlined" onClick={() => void navigate(`/game-report/${gameId}`)}>
            {t('Game report')}
          </Button>
        )}
        <RematchActions />
        <SkipRecapButton />
        <Button variant="contained" onClick={() => void navigate('/landing')}>
          {t('Restart the Game')}
        </Button>
        <Button
          variant="outlined"
          component="a"
          href={env.VITE_SHOP_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('Shop Now')}
        </Button>
        <Button variant="outlined" onClick={() => void navigate('/profile')}>
          {t('Home')}
        </Button>
        <Box
          component="nav"
          aria-label={t('Follow The Showdown')}
          sx={{ display: 'flex', justifyContent: 'center', gap: 2 }}
        >
          {SOCIAL_LINKS.map((link) => (
            <IconButton
              key={link.label}
              component="a"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={link.label}
              color="primary"
            >
              {link.icon}
            </IconButton>
          ))}
        </Box>
      </Box>
    </PageLayout>
  );
}
