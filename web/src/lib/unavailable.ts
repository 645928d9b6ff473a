/**
 * Whether a call is waiting to be sent again because the server said the game is briefly
 * unavailable (503 with Retry-After: its database is away). The API client counts those calls;
 * the banner (components/ui/offline-banner.tsx) shows while any waits.
 */
const listeners = new Set<() => void>();
let waiting = 0;

function changed(): void {
  for (const listener of listeners) listener();
}

/** Marks one call as waiting to retry; the function returned marks it done. */
export function waitingToRetry(): () => void {
  waiting += 1;
  changed();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    waiting -= 1;
    changed();
  };
}

export function isRetryingUnavailable(): boolean {
  return waiting > 0;
}

export function onRetryingUnavailable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
