import type { Cue, SoundOutput } from '../src/lib/sound/sound';

/**
 * A sound output that records what it plays instead of making a sound (install it with
 * setSoundOutput). Like the browser's, it plays nothing while sound is held back (`hold()`),
 * and a tap's `unlock()` lets it play.
 */
export class FakeSoundOutput implements SoundOutput {
  readonly played: Cue[] = [];
  unlocks = 0;
  private held = false;
  private readonly listeners = new Set<() => void>();

  play(cue: Cue): void {
    if (!this.held) this.played.push(cue);
  }

  blocked(): boolean {
    return this.held;
  }

  async unlock(): Promise<boolean> {
    this.unlocks += 1;
    this.setHeld(false);
    return true;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The browser's autoplay policy holds sound back until someone taps the page. */
  hold(): this {
    this.setHeld(true);
    return this;
  }

  private setHeld(held: boolean): void {
    this.held = held;
    for (const listener of this.listeners) listener();
  }
}
