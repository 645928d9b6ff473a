import type { StateCreator } from 'zustand';
import type { AuthSlice } from './auth-slice';
import type { ClientSlice } from './client-slice';
import type { GameSlice } from './game-slice';
import type { OrderQueueSlice } from './order-queue-slice';
import type { RequestSlice } from './request-slice';

export type AppState = AuthSlice & GameSlice & RequestSlice & ClientSlice & OrderQueueSlice;

/** A slice of the one bound store, created inside persist(immer(…)). */
export type SliceCreator<S> = StateCreator<
  AppState,
  [['zustand/persist', unknown], ['zustand/immer', never]],
  [],
  S
>;
