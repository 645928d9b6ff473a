/**
 * The one bound store (zustand slices pattern): auth, game, portfolio and request state,
 * wrapped once in persist(immer(…)). Only what must survive a reload is persisted under 'root'.
 */
import { STORAGE_KEYS } from '@showdown/shared/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { immer } from 'zustand/middleware/immer';
import { createAuthSlice, initialAuthData } from './auth-slice';
import { initialGameData } from './game-data';
import { createGameSlice } from './game-slice';
import { createPortfolioSlice, initialPortfolioData } from './portfolio-slice';
import {
  createRequestSlice,
  initialRequestData,
  IDLE_REQUEST,
  type RequestState,
} from './request-slice';
import type { AppState } from './types';

export type { AppState } from './types';

export type PersistedState = Pick<AppState, 'user' | 'gameId' | 'role' | 'playerId' | 'boardCode'>;

export const useAppStore = create<AppState>()(
  persist(
    immer((...a) => ({
      ...createAuthSlice(...a),
      ...createGameSlice(...a),
      ...createPortfolioSlice(...a),
      ...createRequestSlice(...a),
    })),
    {
      name: STORAGE_KEYS.STATE,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedState => ({
        user: state.user,
        gameId: state.gameId,
        role: state.role,
        playerId: state.playerId,
        boardCode: state.boardCode,
      }),
    },
  ),
);

/** The vanilla store API (getState, setState, subscribe) for non-React code and tests. */
export const appStore = useAppStore;

/** Every slice's data back to its initial value (actions stay). Signing out uses this. */
export function resetAppStore(): void {
  useAppStore.setState({
    ...initialAuthData(),
    ...initialGameData(),
    ...initialPortfolioData(),
    ...initialRequestData(),
  });
}

/** A call's request state, idle when it never ran. */
export function selectRequest(key: string) {
  return (state: AppState): RequestState => state.requests[key] ?? IDLE_REQUEST;
}
