import { useEffect, useRef, useState } from 'react';

/** How long a changed row or figure stays highlighted. */
export const FLASH_MS = 1000;

/**
 * True for about a second after `value` changes (never on the first render): the brief highlight
 * of a row or figure that just moved.
 */
export function useFlash(value: unknown, ms = FLASH_MS): boolean {
  const first = useRef(value);
  const [flashing, setFlashing] = useState(false);
  useEffect(() => {
    if (Object.is(first.current, value)) return;
    first.current = value;
    setFlashing(true);
    const timer = window.setTimeout(() => setFlashing(false), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return flashing;
}

/** `useFlash` for a number, with the direction of its last change (for the highlight's colour). */
export function useNumberFlash(value: number | undefined): { flashing: boolean; delta: number } {
  const last = useRef(value);
  const [delta, setDelta] = useState(0);
  const flashing = useFlash(value);
  useEffect(() => {
    if (last.current !== undefined && value !== undefined && value !== last.current) {
      setDelta(value - last.current);
    }
    last.current = value;
  }, [value]);
  return { flashing, delta };
}
