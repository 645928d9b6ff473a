import { useEffect, useState } from 'react';
import { spectateBoard, type GameConnection, type SpectateOptions } from '../../../lib/socket';
import { createSpectatorStore, type SpectatorStore } from '../spectator-store';

/** How the screen reaches the board; tests pass a source that replays recorded events. */
export type SpectateSource = (options: SpectateOptions) => Pick<GameConnection, 'disconnect'>;

/** The spectator screen's store, kept live over `board:spectate` for as long as it is mounted. */
export function useSpectator(code: string, source: SpectateSource = spectateBoard): SpectatorStore {
  const [store] = useState(createSpectatorStore);
  useEffect(() => {
    const { loadSnapshot, applyEvent, setError } = store.getState();
    const connection = source({
      code,
      onSnapshot: loadSnapshot,
      onEvent: applyEvent,
      onError: (message) => setError(message),
    });
    return () => connection.disconnect();
  }, [code, source, store]);
  return store;
}
