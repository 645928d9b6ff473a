/**
 * The embedded database's transport (db/client.ts, pglite-worker.mjs): PGlite's thread answers
 * on a Unix socket in a private directory, and each exchange reaches node-postgres in one write
 * (pglite-write-batch.mjs) instead of one per protocol message. server-pglite's suite alone.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Duplex } from 'node:stream';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
// @ts-expect-error plain JavaScript module of the database's worker thread, without types
import { batchWrites, endsExchange } from '../src/db/pglite-write-batch.mjs';

const readyForQuery = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]); // 'Z', length 5, idle
const message = (type: string, body: string) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, Buffer.from(body, 'latin1')]);
};

/** A socket that records each write it is given. */
function recordingSocket() {
  const writes: Buffer[] = [];
  const socket = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, callback) {
      writes.push(Buffer.from(chunk));
      callback();
    },
  });
  return { socket: batchWrites(socket) as Duplex, writes };
}

describe('batchWrites', () => {
  it('sends an exchange’s answers in one write, in order, when ReadyForQuery closes it', async () => {
    const { socket, writes } = recordingSocket();
    const answers = [message('2', ''), message('T', 'row description'), message('D', 'a row')];
    const called: number[] = [];
    answers.forEach((a, i) => socket.write(a, () => called.push(i)));
    expect(writes).toHaveLength(0);
    socket.write(readyForQuery);
    expect(writes).toEqual([Buffer.concat([...answers, readyForQuery])]);
    await new Promise((r) => process.nextTick(r));
    // Each writer is answered at once (pglite-socket 0.0.22 waits for it before the next message).
    expect(called).toEqual([0, 1, 2]);
  });

  it('sends what is left at the end of the turn when no ReadyForQuery comes', async () => {
    const { socket, writes } = recordingSocket();
    socket.write(message('R', 'auth'));
    socket.write('N', 'latin1');
    expect(writes).toHaveLength(0);
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual([Buffer.concat([message('R', 'auth'), Buffer.from('N')])]);
  });

  it('sends what is kept before the socket ends', () => {
    const { socket, writes } = recordingSocket();
    socket.write(Buffer.from('Too many connections\n'));
    socket.end();
    expect(Buffer.concat(writes).toString()).toBe('Too many connections\n');
  });

  it('knows ReadyForQuery only as the last message of a chunk', () => {
    expect(endsExchange(readyForQuery)).toBe(true);
    expect(endsExchange(Buffer.concat([message('C', 'SELECT 1'), readyForQuery]))).toBe(true);
    expect(endsExchange(message('D', 'Z\0\0\0\x05I'.slice(0, 5)))).toBe(false);
    expect(endsExchange(Buffer.from([0x5a, 0, 0, 0, 6, 0x49]))).toBe(false);
  });
});

describe('the embedded database’s transport', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
  });
  afterAll(async () => {
    await database?.close();
  });
  const poolOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: pg.Pool }).$client;

  /** How many chunks node-postgres reads for `times` runs of a prepared statement (after the first). */
  async function chunksFor(handle: DatabaseHandle, name: string, times: number): Promise<number> {
    const client = await poolOf(handle).connect();
    try {
      const stream = (client as unknown as { connection: { stream: NodeJS.EventEmitter } })
        .connection.stream;
      const query = { name, text: 'select $1::int * 2 as n', values: [21] };
      expect((await client.query(query)).rows).toEqual([{ n: 42 }]); // parsed once
      let chunks = 0;
      const count = () => void (chunks += 1);
      stream.on('data', count);
      for (let i = 0; i < times; i++) await client.query(query);
      stream.off('data', count);
      return chunks;
    } finally {
      client.release();
    }
  }

  it('answers a prepared statement in one chunk: one read for node-postgres, not one per message', async () => {
    expect(await chunksFor(database, 'transport-probe', 20)).toBe(20);
  });

  it('on a loopback port where there is no Unix socket (Windows), the same one chunk', async () => {
    const other = await openDatabase({ inMemory: true, loopback: true });
    try {
      expect(poolOf(other).options.host).toBe('127.0.0.1');
      expect(await chunksFor(other, 'loopback-probe', 10)).toBe(10);
    } finally {
      await other.close();
    }
  });

  it('listens on a Unix socket only its user may reach, removed when the database closes', async () => {
    const other = await openDatabase({ inMemory: true });
    const host = poolOf(other).options.host as string;
    expect(path.isAbsolute(host)).toBe(true);
    expect(statSync(host).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(host, '.s.PGSQL.5432'))).toBe(true);
    await other.close();
    expect(existsSync(host)).toBe(false);
  });
});
