import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';

/** A stream keeping what was written, as text. */
function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

const tty = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
afterEach(() => {
  if (tty) Object.defineProperty(process.stdout, 'isTTY', tty);
  else delete (process.stdout as { isTTY?: boolean }).isTTY;
});

describe('the server log', () => {
  it('writes JSON lines when stdout is not a terminal', () => {
    Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true });
    const out = sink();
    createLogger({ LOG_LEVEL: 'info' }, { destination: out.stream }).info({ port: 3000 }, 'up');
    const line = JSON.parse(out.text().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, msg: 'up', port: 3000 });
  });

  it('writes lines a person reads on a terminal (pino-pretty), secrets still redacted', () => {
    Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true });
    const out = sink();
    createLogger({ LOG_LEVEL: 'info' }, { destination: out.stream }).info(
      { port: 3000, otp: '123456' },
      'The Showdown is listening',
    );
    const text = out.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO \(\d+\): The Showdown is listening\n/);
    expect(text).toContain('port: 3000');
    expect(text).not.toContain('123456');
  });
});
