import { useEffect, useState } from 'react';
import { soundOutput } from '../lib/sound/sound';

/**
 * While `active` (sound is wanted here): whether the browser holds sound back until someone taps
 * the page (its autoplay policy), kept current as that changes. Creating the output starts the
 * synthesiser's chunk loading.
 */
export function useSoundBlocked(active: boolean): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (!active) return;
    let live = true;
    let unsubscribe = () => {};
    void soundOutput().then((output) => {
      if (!live || !output) return;
      const update = () => setBlocked(output.blocked());
      update();
      unsubscribe = output.subscribe(update);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [active]);
  return active && blocked;
}
