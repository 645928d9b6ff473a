import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MayhemResponseItem } from '@showdown/shared/api';
import type { PublicMayhem } from '@showdown/shared/protocol';
import { useSnackbar } from '../../../components/ui/toasts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { mayhemErrorText, respondToMayhem } from '../api/mayhem';
import { MAYHEM_TEXT } from './mayhem-texts';
import { PairList, type Pair } from './pair-list';
import { PairPickers } from './pair-pickers';
import { t } from '../../../i18n';

interface MayhemResponsePanelProps {
  gameId: number;
  openList: PublicMayhem | null;
  responded: boolean;
  /** My answer, when the server sent it. */
  myResponse: readonly MayhemResponseItem[] | null;
}

/**
 * Investor (2, or 3 under 'Your Response'): one step per company — choose a company and a
 * percentage from the list, 'Next' adds it — then 'Submit'.
 */
export function MayhemResponsePanel({
  gameId,
  openList,
  responded,
  myResponse,
}: MayhemResponsePanelProps) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [selections, setSelections] = useState<Pair[]>([]);
  const [company, setCompany] = useState('');
  const [percentage, setPercentage] = useState('');
  const [busy, setBusy] = useState(false);

  if (!openList) {
    return (
      <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
        {t('No Market Mayhem list is open right now.')}
      </Typography>
    );
  }

  if (responded) {
    const answered: Pair[] = (myResponse ?? []).map((item) => ({
      stock_id: item.stock_id,
      name: openList.stock_ids.find((s) => s.stock_id === item.stock_id)?.name ?? t('Company'),
      percentage: item.percentage,
    }));
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>{t('You have responded to this Market Mayhem.')}</Typography>
        {answered.length > 0 && <PairList label={t('Your response')} pairs={answered} />}
      </Box>
    );
  }

  const percentages = [...new Set(openList.percentage)];
  const remaining = openList.stock_ids.filter(
    (s) => !selections.some((chosen) => chosen.stock_id === s.stock_id),
  );
  const chosen = remaining.find((s) => String(s.stock_id) === company);

  const next = () => {
    if (!chosen || percentage === '') {
      enqueueSnackbar(t(MAYHEM_TEXT.NEED_BOTH), { variant: 'error' });
      return;
    }
    setSelections((list) => [
      ...list,
      { stock_id: chosen.stock_id, name: chosen.name, percentage: Number(percentage) },
    ]);
    setCompany('');
    setPercentage('');
    enqueueSnackbar(t(MAYHEM_TEXT.SELECTION_ADDED), { variant: 'info' });
  };

  const submit = async () => {
    // What the player sees selected is what is sent: a complete pick not yet added with Next.
    const picked =
      chosen && percentage !== ''
        ? [
            ...selections,
            { stock_id: chosen.stock_id, name: chosen.name, percentage: Number(percentage) },
          ]
        : selections;
    if (picked.length === 0) {
      enqueueSnackbar(t(MAYHEM_TEXT.NEED_SELECTIONS), { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      await respondToMayhem(
        gameId,
        openList.id,
        picked.map(({ stock_id, percentage: p }) => ({ stock_id, percentage: p })),
      );
      enqueueSnackbar(t(MAYHEM_TEXT.RESPONDED), { variant: 'success' });
      void navigate('/stock-prices');
    } catch (error) {
      setBusy(false);
      enqueueSnackbar(mayhemErrorText(errorMessage(error)), { variant: 'error' });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {remaining.length > 0 ? (
        <>
          <Typography variant="h4" component="h2">
            {t('Step {step} of {steps}', {
              step: selections.length + 1,
              steps: openList.stock_ids.length,
            })}
          </Typography>
          <PairPickers
            companies={remaining}
            percentages={percentages}
            company={company}
            percentage={percentage}
            onCompany={setCompany}
            onPercentage={setPercentage}
            disabled={busy}
          />
          <Button variant="outlined" onClick={next} disabled={busy}>
            {t('Next')}
          </Button>
        </>
      ) : (
        <Typography color="text.secondary">
          {t('Every company has a percentage. Submit your answer.')}
        </Typography>
      )}
      {selections.length > 0 && (
        <PairList
          label={t('Your selections')}
          pairs={selections}
          onRemove={(id) => setSelections((list) => list.filter((p) => p.stock_id !== id))}
        />
      )}
      <Button variant="contained" onClick={() => void submit()} disabled={busy}>
        {t('Submit')}
      </Button>
    </Box>
  );
}
