/** On the TV: a paused trade phase says "Paused"; resumed, the countdown runs. */
import { act, screen } from '@testing-library/react';
import type {
  SpectatorEventName,
  SpectatorEventPayload,
  SpectatorSnapshot,
} from '@showdown/shared/spectator';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import recorded from '../../../../test/fixtures/spectator-session.json';
import { renderRoute } from '../../../../test/render';
import type { SpectateOptions } from '../../../lib/socket';
import { SpectatorScreen } from './spectator-screen';

const session = recorded as unknown as {
  snapshot: SpectatorSnapshot;
  events: Array<{ name: SpectatorEventName; payload: SpectatorEventPayload<SpectatorEventName> }>;
};

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the TV during a paused trade phase', () => {
  it('says Paused with the time left, then counts down again after the resume', () => {
    const started = session.events.findIndex((e) => e.name === 'phase:started');
    const start = session.events[started]!.payload as SpectatorEventPayload<'phase:started'>;
    vi.setSystemTime(Date.parse(start.ends_at) - 100_000);
    let options: SpectateOptions | null = null;
    renderRoute(
      <SpectatorScreen
        source={(o) => {
          options = o;
          o.onSnapshot(session.snapshot);
          for (const e of session.events.slice(0, started + 1)) o.onEvent(e.name, e.payload);
          return { disconnect: () => undefined };
        }}
      />,
      { path: '/spectate/:code', url: '/spectate/tv42' },
    );
    expect(screen.queryByText(/Paused/)).not.toBeInTheDocument();
    const seq = start.seq;
    act(() =>
      options!.onEvent('phase:paused', { seq: seq + 1, game_id: start.game_id, remaining_s: 75 }),
    );
    expect(screen.getByText('Paused: 75 s left')).toBeInTheDocument();
    const endsAt = new Date(Date.now() + 75_000).toISOString();
    act(() =>
      options!.onEvent('phase:resumed', { seq: seq + 2, game_id: start.game_id, ends_at: endsAt }),
    );
    expect(screen.queryByText(/Paused/)).not.toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent('1:15');
  });
});
