import type { SliceCreator } from './types';

/**
 * How this device's live connection to the game is doing: 'online' once a snapshot arrived,
 * 'reconnecting' while the socket is down, 'back' briefly after the resync that follows.
 */
export type ConnectionState = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'back';

export interface ClientData {
  connection: ConnectionState;
  /** The alert sound (off by default; the toggle is in Profile). */
  soundOn: boolean;
  /** Keep the screen on during a game (on by default; the toggle is in Profile). */
  keepAwake: boolean;
}

export interface ClientSlice extends ClientData {
  setConnection: (connection: ConnectionState) => void;
  setSoundOn: (on: boolean) => void;
  setKeepAwake: (on: boolean) => void;
}

export const initialClientData = (): ClientData => ({
  connection: 'idle',
  soundOn: false,
  keepAwake: true,
});

export const createClientSlice: SliceCreator<ClientSlice> = (set) => ({
  ...initialClientData(),
  setConnection: (connection) =>
    set((state) => {
      state.connection = connection;
    }),
  setSoundOn: (on) =>
    set((state) => {
      state.soundOn = on;
    }),
  setKeepAwake: (on) =>
    set((state) => {
      state.keepAwake = on;
    }),
});
