import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { GameReport } from '@showdown/shared/api';
import { useMemo } from 'react';
import { recapStory } from '../../lib/recap/recap-story';
import { recapSteps } from '../../lib/recap/recap-timeline';
import { RecapSceneView, RecapWinner } from './recap-scenes';

/**
 * The TV's recap as still frames, in its order: every round of the net-worth race, the biggest
 * trade, the best price move, the mayhems, the paydays, then who won.
 */
export function RecapStills({ report }: { report: GameReport }) {
  const story = useMemo(() => recapStory(report), [report]);
  const steps = useMemo(() => recapSteps(story), [story]);
  return (
    <Box
      component="ol"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        fontSize: 14,
      }}
    >
      {steps.map((step) => (
        <Card component="li" variant="outlined" key={`${step.scene}-${step.frame}`}>
          <CardContent>
            <RecapSceneView story={story} step={step} still />
          </CardContent>
        </Card>
      ))}
      <Card component="li" variant="outlined">
        <CardContent>
          <RecapWinner story={story} />
        </CardContent>
      </Card>
    </Box>
  );
}
