/**
 * The one bound store (zustand slices pattern): auth, game, request and client state, wrapped
 * once in persist(immer(…)). Only what must survive a reload is persisted under 'root'.
 */
import { GAME_STATUS, STORAGE_KEYS } from '@showdown/shared/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { immer } from 'zustand/middleware/immer';
import { createAuthSlice, initialAuthData } from './auth-slice';
import { createClientSlice, initialClientData, type DevicePreferences } from './client-slice';
import { initialGameData } from './game-data';
import { createGameSlice } from './game-slice';
import { createOrderQueueSlice, initialOrderQueueData } from './order-queue-slice';
import {
  createRequestSlice,
  initialRequestData,
  IDLE_REQUEST,
  type RequestState,
} from './request-slice';
import type { AppState } from './types';

export type { AppState } from './types';

export type PersistedState = Pick<AppState, 'user' | 'game' | 'queuedOrders'> & DevicePreferences;

export const useAppStore = create<AppState>()(
  persist(
    immer((...a) => ({
      ...createAuthSlice(...a),
      ...createGameSlice(...a),
      ...createRequestSlice(...a),
      ...createClientSlice(...a),
      ...createOrderQueueSlice(...a),
    })),
    {
      name: STORAGE_KEYS.STATE,
      // 2: the game is the shared GameSnapshot (1 kept flat copies of its fields).
      version: 2,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedState => ({
        user: state.user,
        game: state.game,
        // Orders tapped without a connection wait across a reload.
        queuedOrders: state.queuedOrders,
        soundOn: state.soundOn,
        vibrationOn: state.vibrationOn,
        tvSoundOn: state.tvSoundOn,
        keepAwake: state.keepAwake,
      }),
      migrate: (persisted, version) => {
        const old = (persisted ?? {}) as Partial<PersistedState>;
        return version < 2 ? { user: old.user ?? null } : old;
      },
    },
  ),
);

/** The vanilla store API (getState, setState, subscribe) for non-React code and tests. */
export const appStore = useAppStore;

/** Every slice's data back to its initial value (actions stay). */
export function resetAppStore(): void {
  useAppStore.setState({
    ...initialAuthData(),
    ...initialGameData(),
    ...initialRequestData(),
    ...initialClientData(),
    ...initialOrderQueueData(),
  });
}

/**
 * Signing out: every slice's data back to its initial value except the device's own choices
 * (sound, vibration, keeping awake), which belong to the device, not to who was signed in.
 */
export function forgetSignedInUser(): void {
  useAppStore.setState({
    ...initialAuthData(),
    ...initialGameData(),
    ...initialRequestData(),
    ...initialOrderQueueData(),
    connection: 'idle',
  });
}

/** Whether this device already shows its game as ended (its leaderboard). */
export function endedHere(): boolean {
  return useAppStore.getState().game?.game.status === GAME_STATUS.COMPLETED;
}

/**
 * 'Game already completed.' sends the player to /profile (nothing is left to do in that game),
 * except for a call sent before the end that this device has shown meanwhile: it is already on
 * its way to the leaderboard (and the rematch), which a late answer must not take away.
 */
export function leavesForProfile(knownWhenSent: boolean): boolean {
  return knownWhenSent || !endedHere();
}

/** A call's request state, idle when it never ran. */
export function selectRequest(key: string) {
  return (state: AppState): RequestState => state.requests[key] ?? IDLE_REQUEST;
}
