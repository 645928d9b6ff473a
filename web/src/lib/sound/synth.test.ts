import { describe, expect, it } from 'vitest';
import type { Cue } from './sound';
import { createWebAudioOutput, CUES, MASTER_GAIN } from './synth';

/** An AudioContext that records the notes scheduled on it instead of sounding them. */
class RecordingContext extends EventTarget {
  state: AudioContextState = 'suspended';
  currentTime = 5;
  readonly destination = { name: 'speakers' } as unknown as AudioDestinationNode;
  readonly notes: Array<{ type: string; hz: number; start: number; stop: number }> = [];
  readonly gains: Array<{ value: number; peaks: number[] }> = [];
  canResume = true;

  resume(): Promise<void> {
    if (this.canResume && this.state !== 'running') {
      this.state = 'running';
      this.dispatchEvent(new Event('statechange'));
    }
    return Promise.resolve();
  }

  createGain(): GainNode {
    const gain = { value: 1, peaks: [] as number[] };
    this.gains.push(gain);
    const param = {
      get value() {
        return gain.value;
      },
      set value(v: number) {
        gain.value = v;
      },
      setValueAtTime: () => param,
      exponentialRampToValueAtTime: (v: number) => {
        gain.peaks.push(v);
        return param;
      },
    };
    const node = { gain: param, connect: (next: unknown) => next };
    return node as unknown as GainNode;
  }

  createOscillator(): OscillatorNode {
    const note = { type: 'sine', hz: 0, start: 0, stop: 0 };
    const { notes } = this;
    const node = {
      set type(t: string) {
        note.type = t;
      },
      frequency: {
        setValueAtTime: (hz: number) => {
          note.hz = hz;
        },
        exponentialRampToValueAtTime: () => undefined,
      },
      connect: (next: unknown) => next,
      start: (at: number) => {
        note.start = at;
        notes.push(note);
      },
      stop: (at: number) => {
        note.stop = at;
      },
    };
    return node as unknown as OscillatorNode;
  }
}

function output(context = new RecordingContext()) {
  const page = new EventTarget();
  const out = createWebAudioOutput(
    () => context as unknown as AudioContext,
    page as unknown as Document,
  )!;
  return { out, context, page };
}

describe('the synthesiser', () => {
  it('plays nothing while the browser holds sound back; a tap on the page lets it play', async () => {
    const { out, context, page } = output();
    const changes: boolean[] = [];
    out.subscribe(() => changes.push(out.blocked()));
    expect(out.blocked()).toBe(true);
    out.play('payday');
    expect(context.notes).toEqual([]);

    page.dispatchEvent(new Event('pointerdown'));
    await Promise.resolve();
    expect(out.blocked()).toBe(false);
    expect(changes).toEqual([false]);
    out.play('payday');
    expect(context.notes).toHaveLength(CUES.payday.length);
  });

  it('unlock() says whether sound now plays', async () => {
    const held = new RecordingContext();
    held.canResume = false;
    expect(await output(held).out.unlock()).toBe(false);
    expect(await output().out.unlock()).toBe(true);
  });

  it('every cue is its own, short, and no louder than the master gain allows', async () => {
    const { out, context } = output();
    await out.unlock();
    const shapes = new Set<string>();
    for (const cue of Object.keys(CUES) as Cue[]) {
      context.notes.length = 0;
      out.play(cue);
      expect(context.notes.length, cue).toBe(CUES[cue].length);
      const first = Math.min(...context.notes.map((n) => n.start));
      const last = Math.max(...context.notes.map((n) => n.stop));
      expect(first, cue).toBeGreaterThanOrEqual(context.currentTime);
      expect(last - first, cue).toBeLessThan(2);
      shapes.add(JSON.stringify(context.notes.map((n) => [n.type, n.hz, n.start - first])));
    }
    expect(shapes.size).toBe(Object.keys(CUES).length);
    expect(context.gains[0]!.value).toBe(MASTER_GAIN);
    for (const gain of context.gains.slice(1)) {
      expect(Math.max(...gain.peaks)).toBeLessThanOrEqual(1);
    }
  });

  it('is null where the browser has no Web Audio', () => {
    expect(createWebAudioOutput(() => null)).toBeNull();
  });
});
