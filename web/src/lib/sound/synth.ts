/**
 * The synthesiser behind lib/sound/sound.ts: each cue is a few notes (an oscillator through a
 * gain envelope, some gliding in pitch), scheduled on one AudioContext. Kept short (under two
 * seconds) and quiet enough for a room: a master gain below full scale.
 */
import type { Cue, SoundOutput } from './sound';

interface Note {
  /** Start, seconds after the cue starts. */
  at: number;
  /** Length in seconds (the sound decays to silence by then). */
  dur: number;
  /** Pitch in Hz, and where it glides to by the end (a sweep). */
  hz: number;
  to?: number;
  wave: OscillatorType;
  /** Peak loudness, 0–1 before the master gain. */
  peak: number;
}

const note = (at: number, dur: number, hz: number, wave: OscillatorType, peak = 0.5): Note => ({
  at,
  dur,
  hz,
  wave,
  peak,
});

// Pitches (Hz) of the notes the cues use.
const C5 = 523.25;
const E5 = 659.25;
const G5 = 783.99;
const B5 = 987.77;
const C6 = 1046.5;
const D6 = 1174.66;
const G6 = 1567.98;

/** What each cue plays. */
export const CUES: Record<Cue, Note[]> = {
  // Three rising bells: trading is open.
  'phase-open': [
    note(0, 0.35, C5, 'triangle'),
    note(0.12, 0.35, E5, 'triangle'),
    note(0.24, 0.6, G5, 'triangle'),
  ],
  // A woodblock tick each second of the last ten, higher for the last three.
  countdown: [note(0, 0.08, 1000, 'square', 0.18)],
  'countdown-final': [note(0, 0.12, 1500, 'square', 0.28)],
  // A low two-tone horn: the phase is over.
  'phase-end': [
    { ...note(0, 0.7, 220, 'sawtooth', 0.35), to: 196 },
    { ...note(0, 0.7, 277.18, 'sawtooth', 0.25), to: 246.94 },
  ],
  // Coins: a quick climb and a bright ring.
  payday: [
    note(0, 0.12, G5, 'square', 0.25),
    note(0.07, 0.12, B5, 'square', 0.25),
    note(0.14, 0.12, D6, 'square', 0.25),
    note(0.21, 0.6, G6, 'triangle', 0.45),
  ],
  // A siren, twice: market mayhem.
  mayhem: [
    { ...note(0, 0.45, 600, 'sawtooth', 0.3), to: 1200 },
    { ...note(0.45, 0.45, 1200, 'sawtooth', 0.3), to: 600 },
    { ...note(0.9, 0.45, 600, 'sawtooth', 0.3), to: 1200 },
  ],
  // A falling sweep and a thud: the prices moved.
  'mayhem-applied': [
    { ...note(0, 0.5, 900, 'triangle', 0.4), to: 150 },
    note(0.45, 0.4, 90, 'sine', 0.6),
  ],
  // A fanfare for the podium.
  podium: [
    note(0, 0.18, C5, 'triangle'),
    note(0.18, 0.18, E5, 'triangle'),
    note(0.36, 0.18, G5, 'triangle'),
    note(0.54, 1.1, C6, 'triangle', 0.6),
    note(0.54, 1.1, G5, 'sawtooth', 0.12),
  ],
  // The phones' alert: a two-note chime.
  alert: [note(0, 0.12, 880, 'sine', 0.4), note(0.12, 0.14, 1174.66, 'sine', 0.4)],
};

/** The master gain: every cue at most this loud. */
export const MASTER_GAIN = 0.5;

type Context = Pick<
  AudioContext,
  'currentTime' | 'state' | 'destination' | 'resume' | 'createOscillator' | 'createGain'
> &
  Pick<EventTarget, 'addEventListener'>;

function schedule(context: Context, master: AudioNode, notes: Note[]): void {
  const start = context.currentTime + 0.02;
  for (const n of notes) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + n.at;
    oscillator.type = n.wave;
    oscillator.frequency.setValueAtTime(n.hz, at);
    if (n.to !== undefined) oscillator.frequency.exponentialRampToValueAtTime(n.to, at + n.dur);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(n.peak, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + n.dur);
    oscillator.connect(gain).connect(master);
    oscillator.start(at);
    oscillator.stop(at + n.dur + 0.02);
  }
}

/** The device's output, or null where the browser has no Web Audio. */
export function createWebAudioOutput(
  create: () => Context | null = () => {
    const Constructor =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    return Constructor ? new Constructor() : null;
  },
  page: Pick<Document, 'addEventListener'> = document,
): SoundOutput | null {
  const context = create();
  if (!context) return null;
  const master = context.createGain();
  master.gain.value = MASTER_GAIN;
  master.connect(context.destination);
  const listeners = new Set<() => void>();
  context.addEventListener('statechange', () => {
    for (const listener of listeners) listener();
  });
  const unlock = () =>
    context.resume().then(
      () => context.state === 'running',
      () => false,
    );
  // Any tap or key on the page lets sound start (the browser's rule), not only the prompt.
  for (const event of ['pointerdown', 'keydown'] as const) {
    page.addEventListener(event, () => void unlock(), { passive: true });
  }
  return {
    play(cue) {
      if (context.state === 'running') schedule(context, master, CUES[cue]);
    },
    blocked: () => context.state === 'suspended',
    unlock,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
