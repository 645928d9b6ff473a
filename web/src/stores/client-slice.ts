import type { SliceCreator } from './types';

/**
 * How this device's live connection to the game is doing: 'online' once a snapshot arrived,
 * 'reconnecting' while the socket is down, 'back' briefly after the resync that follows.
 */
export type ConnectionState = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'back';

/** This device's own choices: kept across sign-outs (see resetAppStore), persisted. */
export interface DevicePreferences {
  /** The phone's alert sounds (off by default; the switch is in Profile). */
  soundOn: boolean;
  /** The phone's vibrations (on by default; the switch is in Profile). */
  vibrationOn: boolean;
  /** The TV's sounds (on by default; the switch is on the TV). */
  tvSoundOn: boolean;
  /** Keep the screen on during a game (on by default; the switch is in Profile). */
  keepAwake: boolean;
}

export interface ClientData extends DevicePreferences {
  connection: ConnectionState;
}

export interface ClientSlice extends ClientData {
  setConnection: (connection: ConnectionState) => void;
  setSoundOn: (on: boolean) => void;
  setVibrationOn: (on: boolean) => void;
  setTvSoundOn: (on: boolean) => void;
  setKeepAwake: (on: boolean) => void;
}

export const initialDevicePreferences = (): DevicePreferences => ({
  soundOn: false,
  vibrationOn: true,
  tvSoundOn: true,
  keepAwake: true,
});

export const initialClientData = (): ClientData => ({
  connection: 'idle',
  ...initialDevicePreferences(),
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
  setVibrationOn: (on) =>
    set((state) => {
      state.vibrationOn = on;
    }),
  setTvSoundOn: (on) =>
    set((state) => {
      state.tvSoundOn = on;
    }),
  setKeepAwake: (on) =>
    set((state) => {
      state.keepAwake = on;
    }),
});
