import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CandlestickChartIcon from '@mui/icons-material/CandlestickChart';
import HistoryIcon from '@mui/icons-material/History';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { ROLE, type Role } from '@showdown/shared/constants';
import { useRef, type ReactNode } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { useAppStore } from '../../stores/app-store';
import { selectRole } from '../../stores/game-selectors';
import { usePublishedTabBarHeight } from './tab-bar-height';
import { t, msg } from '../../i18n';

interface Tab {
  label: string;
  path: string;
  icon: ReactNode;
  /** Paths that highlight this tab besides its own. */
  also?: string[];
  investorsOnly?: boolean;
}

const TABS: readonly Tab[] = [
  {
    label: msg('Market Monitor'),
    path: '/stock-prices',
    icon: <CandlestickChartIcon />,
    also: ['/price-updates'],
  },
  {
    label: msg('Portfolio'),
    path: '/portfolio',
    icon: <AccountBalanceWalletIcon />,
    investorsOnly: true,
  },
  { label: msg('Trade Hub'), path: '/trade', icon: <SwapHorizIcon />, investorsOnly: true },
  { label: msg('History'), path: '/transaction', icon: <HistoryIcon /> },
];

/** The routes that show the tab bar. */
export const TAB_BAR_PATHS: readonly string[] = [
  '/stock-prices',
  '/price-updates',
  '/portfolio',
  '/trade',
  '/transaction',
];

/** The tabs a role sees: the broker (1) and a former broker (4) have no Portfolio or Trade Hub. */
export function tabsForRole(role: Role | null): readonly Tab[] {
  return role === ROLE.BROKER || role === ROLE.FORMER_BROKER
    ? TABS.filter((t) => !t.investorsOnly)
    : TABS;
}

/** The in-game bottom navigation: Market Monitor, Portfolio, Trade Hub, History. */
export function BottomTabBar() {
  const role = useAppStore(selectRole);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (!TAB_BAR_PATHS.includes(pathname)) return null;
  return <TabBar role={role} pathname={pathname} navigate={navigate} />;
}

function TabBar({
  role,
  pathname,
  navigate,
}: {
  role: Role | null;
  pathname: string;
  navigate: NavigateFunction;
}) {
  const bar = useRef<HTMLElement>(null);
  usePublishedTabBarHeight(bar);

  const tabs = tabsForRole(role);
  const current = tabs.find((t) => t.path === pathname || t.also?.includes(pathname));

  return (
    <Paper
      ref={bar}
      component="nav"
      aria-label={t('Game sections')}
      elevation={8}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 'appBar',
        borderTop: '1px solid',
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation
        showLabels
        value={current?.path ?? null}
        onChange={(_event, path: string) => {
          if (path !== pathname) void navigate(path);
        }}
        sx={{ bgcolor: 'background.paper' }}
      >
        {tabs.map((tab) => (
          <BottomNavigationAction
            key={tab.path}
            label={t(tab.label)}
            value={tab.path}
            icon={tab.icon}
            aria-current={current?.path === tab.path ? 'page' : undefined}
            sx={{
              minWidth: 0,
              px: 0.5,
              // One line per label at 390 px: no wrapping, no clipping mid-word.
              '& .MuiBottomNavigationAction-label': {
                fontSize: '0.7rem',
                whiteSpace: 'nowrap',
                '&.Mui-selected': { fontSize: '0.72rem' },
              },
            }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
