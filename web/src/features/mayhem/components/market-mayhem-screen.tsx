import RefreshIcon from '@mui/icons-material/Refresh';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { MayhemResponseItem } from '@showdown/shared/api';
import { COMPANIES } from '@showdown/shared/catalogue';
import { ROLE } from '@showdown/shared/constants';
import { useCallback, useState } from 'react';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { useGameLoad } from '../../../hooks/use-game-load';
import { useAppStore } from '../../../stores/app-store';
import {
  selectMayhem,
  selectMayhemResponded,
  selectRole,
  selectStocks,
} from '../../../stores/game-selectors';
import { loadMayhem } from '../api/mayhem';
import { MayhemBrokerPanel } from './mayhem-broker-panel';
import { MayhemResponsePanel } from './mayhem-response-panel';
import { MAYHEM_TEXT } from './mayhem-texts';
import { isBrokerRole } from '@showdown/shared/roles';
import { t } from '../../../i18n';

type View = 'manage' | 'respond';

/** /market-mayhem: the broker builds and averages lists; investors respond to them. */
export function MarketMayhemScreen() {
  const role = useAppStore(selectRole);
  const mayhem = useAppStore(selectMayhem);
  const responded = useAppStore(selectMayhemResponded);
  const stocks = useAppStore(selectStocks);
  const [myResponse, setMyResponse] = useState<MayhemResponseItem[] | null>(null);
  const [view, setView] = useState<View>('manage');
  const [loaded, setLoaded] = useState(false);

  const load = useCallback(async (gameId: number) => {
    try {
      const data = await loadMayhem(gameId);
      setMyResponse(data?.my_response ?? null);
    } finally {
      setLoaded(true);
    }
  }, []);
  const { gameId, refresh } = useGameLoad('screen:mayhem', load);

  const openList = mayhem?.status === 'open' ? mayhem : null;
  const companies =
    stocks.length > 0
      ? stocks.map((s) => ({ stock_id: s.stock_id, name: s.name }))
      : COMPANIES.map((c) => ({ stock_id: c.id, name: c.name }));
  const isBroker = isBrokerRole(role);
  const showing: View = role === ROLE.BOTH ? view : isBroker ? 'manage' : 'respond';

  return (
    <PageLayout
      live
      title={t('Market Mayhem')}
      help
      actions={
        <IconButton
          aria-label={t('Refresh market mayhem')}
          color="primary"
          onClick={() => void refresh()}
        >
          <RefreshIcon />
        </IconButton>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, textAlign: 'center' }}>
        {t(MAYHEM_TEXT.EXPLAIN)}
      </Typography>
      {role === ROLE.BOTH && (
        <Tabs
          value={view}
          onChange={(_event, next: View) => setView(next)}
          variant="fullWidth"
          aria-label={t('Market mayhem views')}
          sx={{ mb: 2 }}
        >
          <Tab label={t('Manage List')} value="manage" />
          <Tab label={t('Your Response')} value="respond" />
        </Tabs>
      )}
      {!loaded || gameId === null ? (
        <Loader label={t('Loading market mayhem')} />
      ) : showing === 'manage' ? (
        <MayhemBrokerPanel gameId={gameId} companies={companies} openList={openList} />
      ) : (
        <MayhemResponsePanel
          key={openList?.id ?? 'none'}
          gameId={gameId}
          openList={openList}
          responded={responded}
          myResponse={myResponse}
        />
      )}
    </PageLayout>
  );
}
