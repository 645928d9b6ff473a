import type { SliceCreator } from './types';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface RequestState {
  status: RequestStatus;
  error: string | null;
}

export const IDLE_REQUEST: RequestState = { status: 'idle', error: null };

export interface RequestData {
  /** The state of each named call (e.g. 'lobby', 'stocks'); absent means idle. */
  requests: Record<string, RequestState>;
}

export interface RequestSlice extends RequestData {
  /** Marks a call as loading and clears its previous error. */
  requestStarted: (key: string) => void;
  requestSucceeded: (key: string) => void;
  requestFailed: (key: string, error: string) => void;
}

export const initialRequestData = (): RequestData => ({ requests: {} });

export const createRequestSlice: SliceCreator<RequestSlice> = (set) => ({
  ...initialRequestData(),
  requestStarted: (key) =>
    set((state) => {
      state.requests[key] = { status: 'loading', error: null };
    }),
  requestSucceeded: (key) =>
    set((state) => {
      state.requests[key] = { status: 'succeeded', error: null };
    }),
  requestFailed: (key, error) =>
    set((state) => {
      state.requests[key] = { status: 'failed', error };
    }),
});
