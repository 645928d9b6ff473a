import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { allocationOf } from '@showdown/shared/allocation';
import type { Portfolio } from '@showdown/shared/api';
import { formatINR } from '@showdown/shared/format';
import { t } from '../../../i18n';

/** One colour per slice, cash first; readable on the navy paper. */
const COLOURS = ['#f5c542', '#2f6fde', '#2ecc71', '#ff5a5f', '#a66cff', '#2ec4b6', '#ff9f43'];

/** Where my net worth is: cash and each holding, as a donut and a labelled list. */
export function AllocationChart({ portfolio }: { portfolio: Portfolio }) {
  const slices = allocationOf(portfolio);
  if (slices.length === 0) return null;
  const colourOf = (i: number) => COLOURS[i % COLOURS.length]!;
  return (
    <Paper
      role="region"
      aria-label={t('Allocation')}
      sx={{ p: 2, my: 1, display: 'flex', alignItems: 'center', gap: 2 }}
    >
      {/* The list beside it says the same in words: the donut stays out of the tab order. */}
      <Box sx={{ width: 128, height: 128, flexShrink: 0 }} inert>
        <PieChart
          width={128}
          height={128}
          margin={0}
          hideLegend
          series={[
            {
              innerRadius: 36,
              outerRadius: 62,
              paddingAngle: 1,
              data: slices.map((s, i) => ({
                id: String(s.key),
                value: s.value,
                label: t(s.label),
                color: colourOf(i),
              })),
            },
          ]}
        />
      </Box>
      <List dense aria-label={t('Allocation of net worth')} sx={{ flex: 1, minWidth: 0, py: 0 }}>
        {slices.map((s, i) => (
          <ListItem key={s.key} disableGutters sx={{ gap: 1 }}>
            <Box
              aria-hidden
              sx={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: colourOf(i),
                flexShrink: 0,
              }}
            />
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {t(s.label)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {s.share}%
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: { xs: 'none', md: 'block' } }}
            >
              {formatINR(s.value, { decimals: 0 })}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
