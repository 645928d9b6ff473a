import { useEffect, useRef, useState } from 'react';
import type { RecapStep } from '../../../lib/recap/recap-timeline';

/**
 * Plays `steps` one after another, each for its time, then calls `onDone` once; `skip` ends the
 * recap at once, `next` moves on to the next step. Timers only (no animation frames), so a test
 * plays it on a fake clock.
 */
export function useRecapTimeline(
  steps: readonly RecapStep[],
  onDone: () => void,
): { step: RecapStep | null; index: number; skip: () => void; next: () => void } {
  const [index, setIndex] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;
  const finished = index >= steps.length;

  useEffect(() => {
    if (finished) {
      done.current();
      return;
    }
    const timer = window.setTimeout(() => setIndex((i) => i + 1), steps[index]!.durationMs);
    return () => window.clearTimeout(timer);
  }, [finished, index, steps]);

  return {
    step: steps[index] ?? null,
    index,
    skip: () => setIndex(steps.length),
    next: () => setIndex((i) => Math.min(i + 1, steps.length)),
  };
}
