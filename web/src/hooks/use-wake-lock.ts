import { useEffect } from 'react';
import { GAME_STATUS } from '@showdown/shared/constants';
import { useAppStore } from '../stores/app-store';
import { selectStatus } from '../stores/game-selectors';
import { GAME_SCREEN_PATHS } from '../config/game-screens';

/** What keeps the screen on where the Screen Wake Lock API is missing (nosleep.js's shape). */
export interface ScreenKeeper {
  readonly isEnabled: boolean;
  enable(): Promise<unknown>;
  disable(): void;
}

export interface WakeLockEnvironment {
  navigator: Pick<Navigator, 'wakeLock'> | Record<string, never>;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  /** Loads the fallback (nosleep.js: a tiny muted looping video), only where it is needed. */
  loadFallback: () => Promise<ScreenKeeper>;
}

const browser = (): WakeLockEnvironment => ({
  navigator,
  document,
  loadFallback: async () => {
    const { default: NoSleep } = await import('nosleep.js');
    return new NoSleep();
  },
});

/** The gestures a browser lets a video start from (the fallback needs one). */
const GESTURES = ['click', 'touchend', 'keydown'] as const;

/**
 * Keeps the screen on while `active`: the Screen Wake Lock API where it exists (taken again
 * each time the page becomes visible, as the browser drops it when hidden), else nosleep.js,
 * which must start from a user gesture (plain http on a LAN is not a secure context, so phones
 * there have no wake lock). Released when `active` turns false or the component unmounts.
 */
export function useWakeLock(active: boolean, env?: WakeLockEnvironment): void {
  useEffect(() => {
    if (!active) return;
    const { navigator: nav, document: doc, loadFallback } = env ?? browser();
    let stopped = false;

    const wakeLock = 'wakeLock' in nav ? nav.wakeLock : undefined;
    if (wakeLock) {
      let sentinel: WakeLockSentinel | null = null;
      let asking = false;
      const request = async () => {
        if (stopped || asking || doc.visibilityState !== 'visible') return;
        if (sentinel && !sentinel.released) return;
        asking = true;
        try {
          const taken = await wakeLock.request('screen');
          if (stopped) void taken.release().catch(() => undefined);
          else sentinel = taken;
        } catch {
          // Refused (battery saver, a policy): the screen may sleep; nothing to tell the player.
        } finally {
          asking = false;
        }
      };
      const onVisibility = () => void request();
      void request();
      doc.addEventListener('visibilitychange', onVisibility);
      return () => {
        stopped = true;
        doc.removeEventListener('visibilitychange', onVisibility);
        if (sentinel && !sentinel.released) void sentinel.release().catch(() => undefined);
      };
    }

    let keeper: ScreenKeeper | null = null;
    loadFallback().then(
      (loaded) => {
        if (!stopped) keeper = loaded;
      },
      () => undefined,
    );
    // The video must start inside the gesture's own turn: enable() is called synchronously.
    const onGesture = () => {
      if (keeper && !keeper.isEnabled) keeper.enable().catch(() => undefined);
    };
    for (const type of GESTURES) doc.addEventListener(type, onGesture, true);
    return () => {
      stopped = true;
      for (const type of GESTURES) doc.removeEventListener(type, onGesture, true);
      if (keeper?.isEnabled) keeper.disable();
    };
  }, [active, env]);
}

/** The game's screens (lobby and in-game): where the screen stays awake. */
export const GAME_SCREENS: ReadonlySet<string> = new Set(GAME_SCREEN_PATHS);

/**
 * The player's screen stays on while on a game's screen of a game in its lobby or running, if
 * the Profile's "Keep screen awake" is on; released when the game ends or the player leaves.
 */
export function useGameWakeLock(pathname: string, env?: WakeLockEnvironment): void {
  const status = useAppStore(selectStatus);
  const keepAwake = useAppStore((s) => s.keepAwake);
  const live = status === GAME_STATUS.LOBBY || status === GAME_STATUS.RUNNING;
  useWakeLock(keepAwake && live && GAME_SCREENS.has(pathname), env);
}
