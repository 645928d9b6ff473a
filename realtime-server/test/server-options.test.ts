import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_WINDOW_MS } from '../src/app.ts';
import { requestLogger } from '../src/http/request-log.ts';
import type { Logger } from '../src/logger.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('server options', () => {
  it('keeps missed broadcasts for Connection State Recovery about 30 s, not minutes', () => {
    expect(RECOVERY_WINDOW_MS).toBe(30_000);
    const recovery = (server.application.io as unknown as { opts: Record<string, unknown> }).opts
      .connectionStateRecovery as {
      maxDisconnectionDuration: number;
    };
    expect(recovery.maxDisconnectionDuration).toBe(30_000);
  });

  it('tags each answer with a request id, echoing a sane one', async () => {
    const mine = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers.get('x-request-id')).toBe('abc-123');
    const odd = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b{' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('requestLogger', () => {
  const run = (level: 'info' | 'warn') => {
    const lines: string[] = [];
    const logger = {
      isLevelEnabled: (l: string) => (level === 'info' ? true : l !== 'info'),
      info: (_obj: unknown, msg: string) => lines.push(msg),
    } as unknown as Logger;
    const finish: Array<() => void> = [];
    const res = {
      statusCode: 201,
      setHeader: () => undefined,
      once: (_event: string, listener: () => void) => finish.push(listener),
    };
    const req = {
      headers: {},
      method: 'POST',
      originalUrl: '/api/game/join',
      path: '/api/game/join',
    };
    let passed = false;
    requestLogger(logger)(req as never, res as never, () => {
      passed = true;
    });
    for (const listener of finish) listener();
    return { lines, passed, listeners: finish.length };
  };

  it('development (info): one short line per request', () => {
    const { lines, passed } = run('info');
    expect(passed).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^POST \/api\/game\/join 201 \d+\.\d ms$/);
  });

  it('a level that drops info: nothing measured or logged per request', () => {
    const { lines, passed, listeners } = run('warn');
    expect(passed).toBe(true);
    expect(lines).toHaveLength(0);
    expect(listeners).toBe(0);
  });
});
