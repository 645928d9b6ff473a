import { act } from '@testing-library/react';
import type {
  SpectatorEventName,
  SpectatorEventPayload,
  SpectatorSnapshot,
} from '@showdown/shared/spectator';
import type { SpectateOptions } from '../src/lib/socket';
import recorded from './fixtures/spectator-session.json';

/** A spectator session recorded from a real server (board TV42: a whole game). */
export const session = recorded as unknown as {
  snapshot: SpectatorSnapshot;
  events: Array<{ name: SpectatorEventName; payload: SpectatorEventPayload<SpectatorEventName> }>;
};

/** The index of the first recorded event of that name. */
export const indexOf = (name: string) => session.events.findIndex((e) => e.name === name);

/** A data source that replays the recorded snapshot and events, and can play more later. */
export function replay(snapshot: SpectatorSnapshot, upTo: number) {
  let options: SpectateOptions | null = null;
  const source = (o: SpectateOptions) => {
    options = o;
    o.onSnapshot(snapshot);
    for (const e of session.events.slice(0, upTo)) o.onEvent(e.name, e.payload);
    return { disconnect: () => undefined };
  };
  return {
    source,
    play(from: number, to: number) {
      act(() => {
        for (const e of session.events.slice(from, to)) options!.onEvent(e.name, e.payload);
      });
    },
    snapshot(next: SpectatorSnapshot) {
      act(() => options!.onSnapshot(next));
    },
    /** One more live event, not of the recording. */
    event(name: string, payload: unknown) {
      act(() => {
        options!.onEvent(name as never, payload as never);
      });
    },
  };
}
