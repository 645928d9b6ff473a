import RefreshIcon from '@mui/icons-material/Refresh';
import IconButton from '@mui/material/IconButton';
import { GAME_STATUS } from '@showdown/shared/constants';
import { useEffect, useRef } from 'react';
import { BottomTabBar } from '../../../components/ui/bottom-tab-bar';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { useGameLoad } from '../../../hooks/use-game-load';
import { useAppStore } from '../../../stores/app-store';
import {
  selectPortfolio,
  selectSettings,
  selectStatus,
  selectStocks,
} from '../../../stores/game-selectors';
import { loadTransactions } from '../api/portfolio';
import { TransactionList } from './transaction-list';

/** /transaction: the History tab. */
export function TransactionScreen() {
  const transactions = useAppStore((s) => s.transactions);
  // History is not pushed over the socket; the events that add to it change these.
  const stocks = useAppStore(selectStocks);
  const portfolio = useAppStore(selectPortfolio);
  const paydaysGiven = useAppStore((s) => selectSettings(s)?.paydays_given);
  const ended = useAppStore((s) => selectStatus(s) === GAME_STATUS.COMPLETED);
  const { loading, refresh } = useGameLoad('screen:history', loadTransactions);

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

  return (
    <PageLayout
      title="History"
      help
      actions={
        <IconButton aria-label="Refresh history" color="primary" onClick={() => void refresh()}>
          <RefreshIcon />
        </IconButton>
      }
      footer={<BottomTabBar />}
    >
      {firstLoad ? <Loader label="Loading history" /> : <TransactionList entries={transactions} />}
    </PageLayout>
  );
}
