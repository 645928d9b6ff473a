import RefreshIcon from '@mui/icons-material/Refresh';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { GAME_STATUS, ROLE } from '@showdown/shared/constants';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { BottomTabBar } from '../../../components/ui/bottom-tab-bar';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { useGameLoad } from '../../../hooks/use-game-load';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import {
  selectPortfolio,
  selectRole,
  selectSettings,
  selectStatus,
  selectStocks,
} from '../../../stores/game-selectors';
import { loadTransactions } from '../api/portfolio';
import { TransactionList } from './transaction-list';
import { t } from '../../../i18n';

/** /transaction: the History tab. */
export function TransactionScreen() {
  const transactions = useAppStore((s) => s.transactions);
  const more = useAppStore((s) => s.transactionsMore);
  const role = useAppStore(selectRole);
  // History is not pushed over the socket; the events that add to it change these.
  const stocks = useAppStore(selectStocks);
  const portfolio = useAppStore(selectPortfolio);
  const paydaysGiven = useAppStore((s) => selectSettings(s)?.paydays_given);
  const ended = useAppStore((s) => selectStatus(s) === GAME_STATUS.COMPLETED);
  const { gameId, loading, refresh } = useGameLoad('screen:history', loadTransactions);

  const seen = useRef(false);
  useEffect(() => {
    if (!seen.current) {
      seen.current = true;
      return;
    }
    // A completed game has no more history, and its calls would answer 'Game already completed.'.
    if (ended) return;
    const timer = window.setTimeout(() => void refresh(), 300);
    return () => window.clearTimeout(timer);
  }, [stocks, portfolio, paydaysGiven, ended, refresh]);

  const firstLoad = transactions.length === 0 && loading;
  // A pure broker holds no cash: the paydays credited to investors are not theirs.
  const shown = useMemo(
    () => (role === ROLE.BROKER ? transactions.filter((t) => t.type !== 'PAYDAY') : transactions),
    [role, transactions],
  );
  const loadingMore = useAppStore(selectRequest('transactionsMore')).status === 'loading';
  const lastId = transactions.at(-1)?.id;
  const loadMore = useCallback(() => {
    if (gameId === null || lastId === undefined || loadingMore) return;
    loadTransactions(gameId, lastId).catch(() => undefined);
  }, [gameId, lastId, loadingMore]);

  // Older pages load when the end of the list scrolls into view.
  const sentinel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [more, loadMore]);

  return (
    <PageLayout
      live
      title={t('History')}
      help
      actions={
        <IconButton
          aria-label={t('Refresh history')}
          color="primary"
          onClick={() => void refresh()}
        >
          <RefreshIcon />
        </IconButton>
      }
      footer={<BottomTabBar />}
    >
      {firstLoad ? (
        <Loader label={t('Loading history')} />
      ) : (
        <>
          <TransactionList entries={shown} />
          {more && (
            <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <Button variant="text" onClick={loadMore} disabled={loadingMore}>
                {t('Load older entries')}
              </Button>
            </Box>
          )}
        </>
      )}
    </PageLayout>
  );
}
