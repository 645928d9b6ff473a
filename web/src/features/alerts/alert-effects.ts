/** The device side of an alert: a short vibration, an optional tone, the hidden tab's title. */

/** Vibrates briefly where the device supports it (phones; not desktop Safari, not iOS). */
export function vibrate(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    navigator.vibrate(200);
  }
}

let audio: AudioContext | null = null;

/** A short two-note chime made with Web Audio (no sound file to download). */
export function playTone(): void {
  const Context =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Context) return;
  try {
    audio ??= new Context();
    const start = audio.currentTime;
    for (const [i, frequency] of [880, 1175].entries()) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const at = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.11);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.12);
    }
  } catch {
    // A browser that refuses audio (no user gesture yet) just stays silent.
  }
}

let baseTitle: string | null = null;

/** While the tab is hidden, the title tells what happened; it comes back when the tab does. */
export function showInTitle(title: string): void {
  if (typeof document === 'undefined' || !document.hidden) return;
  if (baseTitle === null) {
    baseTitle = document.title;
    const restore = () => {
      if (document.hidden || baseTitle === null) return;
      document.title = baseTitle;
      baseTitle = null;
      document.removeEventListener('visibilitychange', restore);
    };
    document.addEventListener('visibilitychange', restore);
  }
  document.title = title;
}
