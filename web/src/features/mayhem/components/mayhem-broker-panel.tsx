import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MAYHEM_PERCENTAGES } from '@showdown/shared/constants';
import type { PublicMayhem } from '@showdown/shared/protocol';
import { useSnackbar } from '../../../components/ui/toasts';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { averageMayhem, createMayhem, mayhemErrorText } from '../api/mayhem';
import { MAYHEM_TEXT } from './mayhem-texts';
import { PairList, type Pair } from './pair-list';
import { enqueueUndoable } from '../../../components/ui/undo-snackbar';
import { PairPickers, type CompanyOption } from './pair-pickers';
import { t } from '../../../i18n';

interface MayhemBrokerPanelProps {
  gameId: number;
  companies: readonly CompanyOption[];
  /** The open list, or null when none exists (or the last one was averaged). */
  openList: PublicMayhem | null;
}

/** The open list as pairs, in the order the broker saved them. */
export function pairsOf(list: PublicMayhem): Pair[] {
  return list.stock_ids.map((stock, index) => ({
    stock_id: stock.stock_id,
    name: stock.name,
    percentage: list.percentage[index] ?? 0,
  }));
}

/** The open list, read-only, with how many investors answered, and the broker's Average. */
function OpenListPanel({ gameId, openList }: { gameId: number; openList: PublicMayhem }) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const average = async () => {
    setBusy(true);
    try {
      enqueueUndoable(await averageMayhem(gameId, openList.id), gameId);
    } catch (error) {
      enqueueSnackbar(mayhemErrorText(errorMessage(error)), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h4" component="h2">
        {t('Current list')}
      </Typography>
      <PairList label={t('Market mayhem list')} pairs={pairsOf(openList)} />
      <Typography color="text.secondary" aria-live="polite">
        {t('{count} of {total} investors responded', {
          count: openList.responses_count,
          total: openList.investors_count,
        })}
      </Typography>
      <Button
        variant="contained"
        onClick={() => void average()}
        disabled={busy || openList.responses_count === 0}
        aria-describedby={openList.responses_count === 0 ? 'average-waits' : undefined}
      >
        {t('Average')}
      </Button>
      {openList.responses_count === 0 && (
        <Typography id="average-waits" variant="body2" color="text.secondary">
          {t(MAYHEM_TEXT.AVERAGE_WAITS)}
        </Typography>
      )}
    </Box>
  );
}

/** A new list: pairs of a company and a percentage, added one by one, then saved. */
function NewListBuilder({
  gameId,
  companies,
}: {
  gameId: number;
  companies: readonly CompanyOption[];
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [pairs, setPairs] = useState<Pair[]>([]);
  const [company, setCompany] = useState('');
  const [percentage, setPercentage] = useState('');
  const [busy, setBusy] = useState(false);

  const available = companies.filter((c) => !pairs.some((p) => p.stock_id === c.stock_id));
  const chosenCompany = companies.find((c) => String(c.stock_id) === company);

  const add = () => {
    if (!chosenCompany || percentage === '') {
      enqueueSnackbar(t(MAYHEM_TEXT.NEED_BOTH), { variant: 'error' });
      return;
    }
    setPairs((list) => [
      ...list,
      {
        stock_id: chosenCompany.stock_id,
        name: chosenCompany.name,
        percentage: Number(percentage),
      },
    ]);
    setCompany('');
    setPercentage('');
  };

  const save = async () => {
    // A half-chosen pair is sent as it is; the server's answer names what is missing.
    const stockIds = [
      ...pairs.map((p) => p.stock_id),
      ...(chosenCompany ? [chosenCompany.stock_id] : []),
    ];
    const percentages = [
      ...pairs.map((p) => p.percentage),
      ...(percentage === '' ? [] : [Number(percentage)]),
    ];
    setBusy(true);
    try {
      await createMayhem(gameId, { stock_ids: stockIds, percentage: percentages });
      enqueueSnackbar(t(MAYHEM_TEXT.CREATED), { variant: 'success' });
      setPairs([]);
      setCompany('');
      setPercentage('');
    } catch (error) {
      enqueueSnackbar(mayhemErrorText(errorMessage(error)), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const showSave = company !== '' || percentage !== '' || pairs.length > 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography color="text.secondary">
        {t('Pick a company and a percentage, add the pair, then save the list for the investors.')}
      </Typography>
      {available.length > 0 && (
        <>
          <PairPickers
            companies={available}
            percentages={MAYHEM_PERCENTAGES}
            company={company}
            percentage={percentage}
            onCompany={setCompany}
            onPercentage={setPercentage}
            disabled={busy}
          />
          <Button variant="outlined" onClick={add} disabled={busy}>
            {t('Add to list')}
          </Button>
        </>
      )}
      {pairs.length > 0 && (
        <PairList
          label={t('New market mayhem list')}
          pairs={pairs}
          onRemove={(id) => setPairs((list) => list.filter((p) => p.stock_id !== id))}
        />
      )}
      {showSave && (
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('Save')}
        </Button>
      )}
    </Box>
  );
}

/** Broker (1, 3): build and save a list, or see the open one read-only and average it. */
export function MayhemBrokerPanel({ gameId, companies, openList }: MayhemBrokerPanelProps) {
  return openList ? (
    <OpenListPanel gameId={gameId} openList={openList} />
  ) : (
    <NewListBuilder gameId={gameId} companies={companies} />
  );
}
