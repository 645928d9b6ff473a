import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { GameReport } from '@showdown/shared/api';
import { useEffect, useMemo } from 'react';
import { RecapSceneView } from '../../../components/recap/recap-scenes';
import { recapStory } from '../../../lib/recap/recap-story';
import { recapSteps } from '../../../lib/recap/recap-timeline';
import { useRecapTimeline } from '../hooks/use-recap-timeline';
import { t } from '../../../i18n';

const big = (vw: number, min: number) => `max(${min}px, ${vw}vw)`;
/** Keys that skip the recap, for a TV driven by a keyboard or a remote. */
const SKIP_KEYS = new Set(['Escape', 'Enter', ' ', 'MediaTrackNext']);

/**
 * The end of the game on the TV before its podium: the net-worth race round by round, then the
 * biggest trade, the best price move, each mayhem and the paydays, taken from the report; 30 to
 * 60 seconds in all. Skip (the button, Escape, Enter or Space) goes to the podium at once; the
 * right arrow moves on to the next step.
 */
export function TvRecap({ report, onDone }: { report: GameReport; onDone: () => void }) {
  const story = useMemo(() => recapStory(report), [report]);
  const steps = useMemo(() => recapSteps(story), [story]);
  const { step, index, skip, next } = useRecapTimeline(steps, onDone);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (SKIP_KEYS.has(event.key)) skip();
      else if (event.key === 'ArrowRight') next();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [skip, next]);

  return (
    <Box
      component="section"
      aria-label={t('Game recap')}
      sx={{ fontSize: big(1.9, 22), maxWidth: '80vw', mx: 'auto' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: '1em', mb: '1em' }}>
        <Typography component="h1" sx={{ fontSize: '1.8em', fontWeight: 800, flex: 1 }}>
          {t('Game recap')}
        </Typography>
        <Button
          variant="outlined"
          size="large"
          onClick={skip}
          sx={{ fontSize: '0.8em', px: '1.2em' }}
        >
          {t('Skip to the podium')}
        </Button>
      </Box>
      <LinearProgress
        variant="determinate"
        aria-label={t('Recap progress')}
        value={(Math.min(index + 1, steps.length) / Math.max(steps.length, 1)) * 100}
        sx={{ mb: '1.5em', height: '0.3em', borderRadius: '0.2em' }}
      />
      {step && <RecapSceneView story={story} step={step} />}
    </Box>
  );
}
