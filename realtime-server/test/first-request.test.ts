import { describe, expect, it } from 'vitest';
import { firstRequest } from '../src/cluster.ts';

const buf = (text: string) => Buffer.from(text, 'latin1');

describe('the cluster primary reads a connection’s first request whole', () => {
  it('waits for the end of the head, then for a Content-Length body', () => {
    expect(firstRequest(buf('GET /healthz HTTP/1.1\r\nHost: x\r\n'))).toEqual({
      state: 'incomplete',
    });
    expect(firstRequest(buf('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'))).toMatchObject({
      state: 'whole',
    });
    const post = 'POST /api/x HTTP/1.1\r\nContent-Length: 7\r\n\r\n';
    expect(firstRequest(buf(`${post}{"a":`))).toEqual({ state: 'incomplete' });
    expect(firstRequest(buf(`${post}{"a":1}`))).toEqual({
      state: 'whole',
      head: 'POST /api/x HTTP/1.1\r\nContent-Length: 7',
    });
    // Bytes after it (a pipelined request) go to the worker with it.
    expect(firstRequest(buf(`${post}{"a":1}GET / HTTP/1.1\r\n`)).state).toBe('whole');
  });

  it('refuses a chunked body, a head over 64 KiB and a request over 1 MiB', () => {
    expect(
      firstRequest(buf('POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello')),
    ).toEqual({ state: 'refused', status: 411 });
    expect(firstRequest(buf(`GET / HTTP/1.1\r\nX: ${'a'.repeat(70_000)}`))).toEqual({
      state: 'refused',
      status: 431,
    });
    expect(firstRequest(buf('POST / HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n'))).toEqual({
      state: 'refused',
      status: 413,
    });
  });
});
