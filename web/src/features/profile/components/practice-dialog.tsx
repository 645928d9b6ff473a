import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  PRACTICE_BOTS,
  PRACTICE_PHASE_DEFAULT,
  PRACTICE_PHASE_OPTIONS,
  PRACTICE_ROUNDS_DEFAULT,
  PRACTICE_ROUNDS_MAX,
} from '@showdown/shared/constants';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import { startPractice } from '../api/practice-api';
import { t } from '../../../i18n';

type Seat = 'investor' | 'broker';

const range = (min: number, max: number) =>
  Array.from({ length: max - min + 1 }, (_, i) => min + i);

interface ChoiceProps<T extends string | number> {
  label: string;
  value: T;
  options: readonly T[];
  text: (option: T) => string;
  onChange: (value: T) => void;
}

/** One labelled choice of a few values, as toggle buttons. */
function Choice<T extends string | number>({
  label,
  value,
  options,
  text,
  onChange,
}: ChoiceProps<T>) {
  const labelId = useId();
  return (
    <Stack spacing={1}>
      <Typography id={labelId} color="text.secondary">
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        aria-labelledby={labelId}
        value={value}
        onChange={(_event, chosen: T | null) => {
          if (chosen !== null) onChange(chosen);
        }}
      >
        {options.map((option) => (
          <ToggleButton key={option} value={option} sx={{ px: 1 }}>
            {text(option)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

interface PracticeDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Profile's "Practice": a game against bots. The person picks their seat (an investor beside a
 * bot broker, or the broker), how many bot investors, the trade phase length and the rounds; the
 * game opens and the person lands in it as in a real one.
 */
export function PracticeDialog({ open, onClose }: PracticeDialogProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const { status, error } = useAppStore(selectRequest('practice'));
  const [seat, setSeat] = useState<Seat>('investor');
  const [bots, setBots] = useState<number>(PRACTICE_BOTS.investor.min + 1);
  const [phase, setPhase] = useState<number>(PRACTICE_PHASE_DEFAULT);
  const [rounds, setRounds] = useState<number>(PRACTICE_ROUNDS_DEFAULT);
  const limits = PRACTICE_BOTS[seat];

  const chooseSeat = (chosen: Seat) => {
    setSeat(chosen);
    setBots((n) => Math.min(Math.max(n, PRACTICE_BOTS[chosen].min), PRACTICE_BOTS[chosen].max));
  };

  const start = async () => {
    try {
      const route = await startPractice({ mode: seat, bots, trade_phase_duration: phase, rounds });
      void navigate(route);
    } catch {
      // The request's error is shown below (the request state).
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        {t('Practice against bots')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            {seat === 'investor'
              ? t('A bot broker runs the game; you trade against bot investors.')
              : t('You run the game as the broker; bot investors trade.')}
          </Typography>
          <Choice<Seat>
            label={t('Play as')}
            value={seat}
            options={['investor', 'broker']}
            text={(s) => (s === 'investor' ? t('Investor') : t('Broker'))}
            onChange={chooseSeat}
          />
          <Choice
            label={t('Bot investors')}
            value={bots}
            options={range(limits.min, limits.max)}
            text={String}
            onChange={setBots}
          />
          <Choice
            label={t('Trade phase')}
            value={phase}
            options={PRACTICE_PHASE_OPTIONS}
            text={(s) => t('{seconds} s', { seconds: s })}
            onChange={setPhase}
          />
          <Choice
            label={t('Rounds')}
            value={rounds}
            options={range(1, PRACTICE_ROUNDS_MAX)}
            text={String}
            onChange={setRounds}
          />
          {status === 'failed' && error && (
            <Typography role="alert" color="error">
              {error}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', gap: 2, pb: 3 }}>
        <Button variant="outlined" onClick={onClose}>
          {t('Cancel')}
        </Button>
        <Button variant="contained" disabled={status === 'loading'} onClick={() => void start()}>
          {t('Start practice')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
