import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GameReport } from '@showdown/shared/api';
import { formatINR, formatSignedPercent } from '@showdown/shared/format';
import { t } from '../../../i18n';

/** What each market mayhem did: every company it moved, by how much, from which price to which. */
export function ReportMayhems({ mayhems }: { mayhems: GameReport['mayhems'] }) {
  if (mayhems.length === 0) {
    return <Typography color="text.secondary">{t('No market mayhem moved a price.')}</Typography>;
  }
  return (
    <Stack spacing={1}>
      {mayhems.map((m, i) => (
        <Box key={m.mayhem_id}>
          <Typography sx={{ fontWeight: 700 }}>
            {t('Mayhem {number}', { number: i + 1 })}
          </Typography>
          {m.effects.map((e) => (
            <Typography variant="body2" key={e.stock_id}>
              {e.name}: {formatSignedPercent(e.percentage)}, {formatINR(e.price_before)} →{' '}
              {formatINR(e.price_after)}
            </Typography>
          ))}
        </Box>
      ))}
    </Stack>
  );
}
