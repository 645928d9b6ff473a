import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserGame } from '@showdown/shared/api';
import { GAME_STATUS } from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { ordinal } from '@showdown/shared/ranking';
import { roleLabel } from '@showdown/shared/roles';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PracticeTag } from '../../../components/ui/bot-mark';
import { errorMessage } from '../../../lib/api-client';
import { fetchMyGames } from '../api/my-games';
import { t, msg, rankText } from '../../../i18n';

const STATUS_TEXT: Record<number, string> = {
  [GAME_STATUS.LOBBY]: msg('In the lobby'),
  [GAME_STATUS.RUNNING]: msg('Running'),
  [GAME_STATUS.COMPLETED]: msg('Completed'),
};

function gameDate(game: UserGame): string {
  const when = game.ended_at ?? game.started_at;
  return when ? new Date(when).toLocaleDateString() : t('Not started');
}

/** Profile's "My games": the user's games, newest first, a page at a time; a report for each ended one. */
export function MyGames() {
  const navigate = useNavigate();
  const [games, setGames] = useState<UserGame[]>([]);
  const [next, setNext] = useState<number | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (before?: number) => {
    setLoading(true);
    setError(null);
    try {
      const page = await fetchMyGames(before);
      setGames((shown) => (before === undefined ? page.games : [...shown, ...page.games]));
      setNext(page.next_before);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Box component="section" aria-label={t('My games')} sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('My games')}
      </Typography>
      {error && (
        <Typography role="alert" color="error">
          {error}
        </Typography>
      )}
      {!error && next !== undefined && games.length === 0 && (
        <Typography color="text.secondary">{t('No games yet.')}</Typography>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {games.map((game) => (
          <Box
            component="li"
            key={game.game_id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
          >
            <Box sx={{ flex: 1 }}>
              {game.practice && <PracticeTag />}
              <Typography sx={{ fontWeight: 700 }}>
                {t('Board {code}', { code: game.board_code })} · {gameDate(game)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(STATUS_TEXT[game.status] ?? '')} · {t(roleLabel(game.role))}
                {game.rank !== null ? ` · ${rankText(game.rank, ordinal(game.rank))}` : ''}
                {game.final_net_worth !== null ? ` · ${formatINR(game.final_net_worth)}` : ''}
              </Typography>
            </Box>
            {game.status === GAME_STATUS.COMPLETED && (
              <Button
                size="small"
                aria-label={t('Report of board {code}, {date}', {
                  code: game.board_code,
                  date: gameDate(game),
                })}
                onClick={() => void navigate(`/game-report/${game.game_id}`)}
              >
                {t('Report')}
              </Button>
            )}
          </Box>
        ))}
      </Stack>
      {typeof next === 'number' && (
        <Button disabled={loading} onClick={() => void load(next)} sx={{ mt: 1 }}>
          {t('More games')}
        </Button>
      )}
    </Box>
  );
}
