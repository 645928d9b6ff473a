import type { Clock } from '../../src/context.ts';

/** A clock that stands still until a test moves it: inject it with startTestServer({ clock }). */
export class FakeClock implements Clock {
  private ms: number;

  constructor(start: Date = new Date()) {
    this.ms = start.getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}
