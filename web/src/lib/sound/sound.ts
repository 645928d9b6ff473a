/**
 * The table's sounds: short cues synthesised on the device with the Web Audio API (no file to
 * download, nothing from a CDN). Callers name a cue; the synthesiser (./synth.ts) is a chunk of
 * its own, loaded on first use, so no first screen pays for it. Browsers hold sound back until
 * someone taps the page (the autoplay policy): `blocked()` says so, `unlock()` (from a tap) starts
 * it, and any tap on the page starts it too.
 */

/** Every sound the app makes. */
export type Cue =
  | 'phase-open'
  | 'countdown'
  | 'countdown-final'
  | 'phase-end'
  | 'payday'
  | 'mayhem'
  | 'mayhem-applied'
  | 'podium'
  | 'alert';

/** Where cues are played: the device's speakers, or a test's recorder. */
export interface SoundOutput {
  play(cue: Cue): void;
  /** Whether the browser holds sound back until someone taps the page. */
  blocked(): boolean;
  /** Starts sound; call it from a tap. Resolves whether sound now plays. */
  unlock(): Promise<boolean>;
  /** Calls `listener` whenever `blocked()` may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

let output: Promise<SoundOutput | null> | null = null;

/** This device's output, created on first use; null where the browser has no Web Audio. */
export function soundOutput(): Promise<SoundOutput | null> {
  output ??= import('./synth').then(
    (synth) => synth.createWebAudioOutput(),
    () => null,
  );
  return output;
}

/** Plays a cue (silently nothing where sound is unavailable or still held back). */
export function playCue(cue: Cue): void {
  void soundOutput().then((out) => out?.play(cue));
}

/** Starts sound from a tap (a switch turned on, the "Tap for sound" prompt). */
export function unlockSound(): Promise<boolean> {
  return soundOutput().then((out) => out?.unlock() ?? false);
}

/** Tests: plays into `fake` instead of the speakers (null: the real output again, on next use). */
export function setSoundOutput(fake: SoundOutput | null): void {
  output = fake ? Promise.resolve(fake) : null;
}
