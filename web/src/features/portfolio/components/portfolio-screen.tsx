import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ROLE } from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { useMemo, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { AmountText } from '../../../components/ui/amount-text';
import { BottomTabBar } from '../../../components/ui/bottom-tab-bar';
import { CompanyLogo } from '../../../components/ui/company-logo';
import { flashSx, PriceChange } from '../../../components/ui/price-change';
import { useFlash, useNumberFlash } from '../../../hooks/use-flash';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { useGameLoad } from '../../../hooks/use-game-load';
import { useAppStore } from '../../../stores/app-store';
import { selectPortfolio, selectPriceMove, selectRole } from '../../../stores/game-selectors';
import { valuePortfolio, type HoldingValue } from './portfolio-values';
import { loadPortfolio } from '../api/portfolio';
import { AllocationChart } from './allocation-chart';
import { t } from '../../../i18n';

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

function HoldingRow({ holding: { row, profitLoss } }: { holding: HoldingValue }) {
  const empty = row.total_quantity === 0;
  const move = useAppStore(selectPriceMove(row.stock_id));
  const flashing = useFlash(move?.seq);
  return (
    <ListItem
      aria-label={row.name}
      data-empty={empty || undefined}
      data-flash={flashing || undefined}
      sx={{
        flexDirection: 'column',
        alignItems: 'stretch',
        gap: 1,
        bgcolor: 'background.paper',
        borderRadius: 2,
        opacity: empty ? 0.5 : 1,
        ...flashSx(flashing, move?.percent ?? 0),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CompanyLogo src={row.image} name={row.name} size={36} />
        <Typography sx={{ flex: 1, fontWeight: 700 }} noWrap>
          {row.name}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1 }}>
        <Figure label={t('Quantity')} value={row.total_quantity} />
        <Figure label={t('Invested')} value={formatINR(row.total_invested_price)} />
        <Figure
          label={t('Current price')}
          value={
            <>
              {formatINR(row.current_price)}{' '}
              {/* A dimmed row (no shares) cannot carry the coloured cue legibly (contrast). */}
              {!empty && <PriceChange move={move} />}
            </>
          }
        />
        <Figure label={t('Profit/Loss')} value={<AmountText amount={profitLoss} signed />} />
      </Box>
    </ListItem>
  );
}

/** /portfolio: net worth, overall profit and loss, and one row per company. */
export function PortfolioScreen() {
  const role = useAppStore(selectRole);
  const portfolio = useAppStore(selectPortfolio);
  const { loading, refresh } = useGameLoad('screen:portfolio', loadPortfolio);

  const values = useMemo(() => (portfolio ? valuePortfolio(portfolio) : null), [portfolio]);
  const overall = portfolio ? Number(portfolio.total_profit_loss) : 0;
  const worth = useNumberFlash(values?.netWorth);
  const overallFlash = useFlash(overall);

  if (role === ROLE.BROKER) return <Navigate to="/stock-prices" replace />;

  return (
    <PageLayout
      live
      title={t('Portfolio')}
      help
      actions={
        <IconButton
          aria-label={t('Refresh portfolio')}
          color="primary"
          onClick={() => void refresh()}
        >
          <RefreshIcon />
        </IconButton>
      }
      footer={<BottomTabBar />}
    >
      {!portfolio || !values ? (
        loading ? (
          <Loader label={t('Loading portfolio')} />
        ) : (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            {t('Your portfolio is not available yet.')}
          </Typography>
        )
      ) : (
        <>
          <Paper
            role="region"
            aria-label={t('Summary')}
            sx={{ p: 2, my: 1, display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 2 }}
          >
            <Box
              data-flash={worth.flashing || undefined}
              sx={{
                gridColumn: '1 / -1',
                borderRadius: 1,
                ...flashSx(worth.flashing, worth.delta),
              }}
            >
              <Typography variant="caption" color="text.secondary" component="p">
                {t('Net worth')}
              </Typography>
              <AmountText amount={values.netWorth} variant="h2" component="p" />
            </Box>
            <Box
              data-flash={overallFlash || undefined}
              sx={{ borderRadius: 1, ...flashSx(overallFlash, overall) }}
            >
              <Figure
                label={t('Overall profit/loss')}
                value={<AmountText amount={Number.isFinite(overall) ? overall : 0} signed />}
              />
            </Box>
            <Figure label={t('Cash')} value={formatINR(portfolio.current_balance)} />
          </Paper>
          <AllocationChart portfolio={portfolio} />
          <List
            aria-label={t('Holdings')}
            sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {values.holdings.map((holding) => (
              <HoldingRow key={holding.row.stock_id} holding={holding} />
            ))}
          </List>
        </>
      )}
    </PageLayout>
  );
}
