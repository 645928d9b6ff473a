import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSoundOutput } from '../../../../test/fake-sound';
import { renderRoute } from '../../../../test/render';
import { indexOf, replay, session } from '../../../../test/spectator-replay';
import { setSoundOutput } from '../../../lib/sound/sound';
import { resetAppStore, useAppStore } from '../../../stores/app-store';
import { createSpectatorStore } from '../spectator-store';
import { SpectatorScreen } from './spectator-screen';

let speakers: FakeSoundOutput;

function renderTv(upTo: number) {
  const feed = replay(session.snapshot, upTo);
  renderRoute(<SpectatorScreen source={feed.source} />, {
    path: '/spectate/:code',
    url: '/spectate/tv42',
  });
  return feed;
}

/**
 * Lets the timers run `ms` and the cues they start reach the output, a second at a time, each
 * second rendered as the screen would (one render per act).
 */
async function pass(ms: number) {
  for (let left = ms; left > 0 || left === ms; left -= 1000) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(1000, left));
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
  resetAppStore();
  // The wake lock's fallback plays a video on a tap, which jsdom cannot.
  useAppStore.getState().setKeepAwake(false);
  speakers = new FakeSoundOutput();
  setSoundOutput(speakers);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setSoundOutput(null);
});

describe('the TV’s sounds', () => {
  it('plays each moment of the game: phase open, the last ten seconds, phase end, payday, mayhem, podium', async () => {
    const started = indexOf('phase:started');
    const endsAt = Date.parse((session.events[started]!.payload as { ends_at: string }).ends_at);
    vi.setSystemTime(endsAt - 13_000);
    const feed = renderTv(started);
    await pass(0);
    expect(speakers.played).toEqual([]);

    feed.play(started, started + 1);
    await pass(0);
    expect(speakers.played).toEqual(['phase-open']);
    // 13 s left: nothing until ten, then a tick a second, the last three the final tick.
    await pass(2_500);
    expect(speakers.played).toEqual(['phase-open']);
    await pass(10_500);
    expect(speakers.played).toEqual([
      'phase-open',
      ...Array<string>(7).fill('countdown'),
      ...Array<string>(3).fill('countdown-final'),
    ]);

    speakers.played.length = 0;
    feed.play(started + 1, indexOf('payday:given') + 1);
    await pass(0);
    expect(speakers.played).toEqual(['phase-end', 'payday']);
    feed.play(indexOf('payday:given') + 1, session.events.length);
    await pass(0);
    expect(speakers.played).toEqual(['phase-end', 'payday', 'mayhem', 'mayhem-applied', 'podium']);
  });

  it('a TV opened late plays nothing of what happened before it', async () => {
    // Opened on a game that has ended: the snapshot tells it all, no event arrives.
    const ended = createSpectatorStore();
    ended.getState().loadSnapshot(session.snapshot);
    for (const e of session.events) ended.getState().applyEvent(e.name, e.payload);
    renderRoute(<SpectatorScreen source={replay(ended.getState().game!, 0).source} />, {
      path: '/spectate/:code',
      url: '/spectate/tv42',
    });
    await pass(1_000);
    expect(speakers.played).toEqual([]);
    expect(screen.getByRole('heading', { name: 'The Showdown results' })).toBeInTheDocument();
  });

  it('the switch is always in view, silences the TV, and is remembered on the device', async () => {
    const feed = renderTv(indexOf('phase:ended'));
    await pass(0);
    speakers.played.length = 0;
    const sound = screen.getByRole('switch', { name: 'Sound' });
    expect(sound).toBeChecked();
    fireEvent.click(sound);
    expect(sound).not.toBeChecked();
    feed.play(indexOf('phase:ended'), indexOf('payday:given') + 1);
    await pass(0);
    expect(speakers.played).toEqual([]);
    const stored = JSON.parse(localStorage.getItem('root') ?? '{}') as {
      state: { tvSoundOn?: boolean };
    };
    expect(stored.state.tvSoundOn).toBe(false);

    fireEvent.click(sound);
    expect(useAppStore.getState().tvSoundOn).toBe(true);
    feed.play(indexOf('payday:given') + 1, indexOf('mayhem:created') + 1);
    await pass(0);
    expect(speakers.played).toEqual(['mayhem']);
  });

  it('where the browser holds sound back: "Tap for sound" until someone taps it', async () => {
    speakers.hold();
    const feed = renderTv(indexOf('payday:given'));
    await pass(0);
    const prompt = screen.getByRole('button', { name: 'Tap for sound' });
    feed.play(indexOf('payday:given'), indexOf('payday:given') + 1);
    await pass(0);
    expect(speakers.played).toEqual([]);

    fireEvent.click(prompt);
    await pass(0);
    expect(speakers.unlocks).toBe(1);
    expect(screen.queryByRole('button', { name: 'Tap for sound' })).not.toBeInTheDocument();
    feed.play(indexOf('payday:given') + 1, indexOf('mayhem:created') + 1);
    await pass(0);
    expect(speakers.played).toEqual(['mayhem']);
  });

  it('with the sound off there is no prompt to tap', async () => {
    useAppStore.getState().setTvSoundOn(false);
    speakers.hold();
    renderTv(indexOf('payday:given'));
    await pass(0);
    expect(screen.queryByRole('button', { name: 'Tap for sound' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Sound' })).not.toBeChecked();
  });
});
