/**
 * The embedded database's transport (db/client.ts, pglite-worker.mjs): PGlite's thread answers
 * on a Unix socket in a private directory; each exchange runs in one PGlite call and reaches
 * node-postgres in one write (pglite-write-batch.mjs) instead of one per protocol message; the
 * session sends no DEBUG notices. server-pglite's suite alone.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Duplex } from 'node:stream';
import type pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
// @ts-expect-error plain JavaScript module of the database's worker thread, without types
import { batchExchanges, batchWrites, endsExchange } from '../src/db/pglite-write-batch.mjs';

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

const poolOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: pg.Pool }).$client;

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

/**
 * A database that records each protocol call it is given and answers one byte per call, through
 * execProtocol (its raw call would leave PGlite's list of parsed messages growing).
 */
function recordingDatabase() {
  const calls: Buffer[] = [];
  const options: unknown[] = [];
  const db = {
    name: 'recording',
    execProtocol(message: Uint8Array, given: unknown) {
      calls.push(Buffer.from(message));
      options.push(given);
      return Promise.resolve({ messages: [], data: new Uint8Array([calls.length]) });
    },
    execProtocolRaw(): Promise<Uint8Array> {
      throw new Error('a raw call keeps every parsed message in PGlite');
    },
  };
  return { db: batchExchanges(db), calls, options };
}

const bind = serialize.bind({ statement: 's', values: ['1'] });
const execute = serialize.execute({});
const sync = serialize.sync();
const describePortal = serialize.describe({ type: 'P' });

describe('batchExchanges', () => {
  it('runs Parse, Bind, Describe, Execute and the Sync that ends them in one call', async () => {
    const { db, calls } = recordingDatabase();
    const parse = serialize.parse({ name: 's', text: 'select $1::int' });
    const kept = [parse, bind, describePortal, execute];
    for (const m of kept) expect((await db.execProtocolRaw(m)).length).toBe(0);
    expect(calls).toHaveLength(0);
    expect(await db.execProtocolRaw(sync)).toEqual(new Uint8Array([1]));
    expect(calls).toEqual([Buffer.concat([...kept, sync])]);
  });

  it('passes a message on its own when nothing is kept (a simple query, a Sync alone)', async () => {
    const { db, calls } = recordingDatabase();
    const query = serialize.query('select 1');
    await db.execProtocolRaw(query);
    await db.execProtocolRaw(sync);
    expect(calls).toEqual([Buffer.from(query), Buffer.from(sync)]);
  });

  it('runs what is kept with a Flush (or any message that is not kept)', async () => {
    const { db, calls } = recordingDatabase();
    await db.execProtocolRaw(bind);
    await db.execProtocolRaw(serialize.flush());
    expect(calls).toEqual([Buffer.concat([bind, serialize.flush()])]);
  });

  it('drops what a broken connection kept when the next one starts', async () => {
    const { db, calls } = recordingDatabase();
    await db.execProtocolRaw(bind);
    await db.execProtocolRaw(execute);
    const startup = serialize.startup({ user: 'postgres', database: 'postgres' });
    await db.execProtocolRaw(startup);
    await db.execProtocolRaw(sync);
    expect(calls).toEqual([Buffer.from(startup), Buffer.from(sync)]);
  });

  it('runs each exchange through execProtocol without throwing, so PGlite empties its message list', async () => {
    const { db, calls, options } = recordingDatabase();
    expect(await db.execProtocolRaw(bind, { syncToFs: true })).toEqual(new Uint8Array(0));
    expect(await db.execProtocolRaw(sync, { syncToFs: true })).toEqual(new Uint8Array([1]));
    expect(calls).toHaveLength(1);
    expect(options).toEqual([{ syncToFs: true, throwOnError: false }]);
  });

  it('is the database for everything else, its methods bound to it', async () => {
    const { db } = recordingDatabase();
    expect(db.name).toBe('recording');
    const pglite = new PGlite();
    try {
      const facade = batchExchanges(pglite);
      // PGlite's methods read private fields: called on the facade, they still work.
      expect(facade.isInTransaction()).toBe(false);
      expect((await facade.query('select 41 + 1 as n')).rows).toEqual([{ n: 42 }]);
    } finally {
      await pglite.close();
    }
  });

  it('gives PGlite’s own answers for a whole exchange: rows, a raised refusal, a bad parameter', async () => {
    const pglite = new PGlite();
    try {
      await pglite.exec(`create function probe(p int) returns int language plpgsql as $$
        begin if p < 0 then raise exception using errcode = 'SD001', message = 'NEGATIVE'; end if;
        return p; end $$`);
      const facade = batchExchanges(pglite);
      const parser = new Parser();
      const run = async (...messages: Uint8Array[]) => {
        let answer = new Uint8Array(0);
        for (const m of messages) {
          const out = await facade.execProtocolRaw(m);
          if (out.length > 0) answer = out;
        }
        const names: string[] = [];
        // (PGlite's own session sends DEBUG notices too: the worker turns them off.)
        parser.parse(Buffer.from(answer), (m) => {
          if (m.name !== 'notice') names.push(m instanceof Error ? `error ${m.message}` : m.name);
        });
        return names;
      };
      const parse = serialize.parse({ name: 'p', text: 'select probe($1::int) as r' });
      const call = (value: string) => [
        serialize.bind({ statement: 'p', values: [value] }),
        describePortal,
        execute,
        sync,
      ];
      expect(await run(parse, ...call('5'))).toEqual([
        'parseComplete',
        'bindComplete',
        'rowDescription',
        'dataRow',
        'commandComplete',
        'readyForQuery',
      ]);
      expect(await run(...call('-1'))).toEqual([
        'bindComplete',
        'rowDescription',
        'error NEGATIVE',
        'readyForQuery',
      ]);
      expect(await run(...call('x'))).toEqual([
        'error invalid input syntax for type integer: "x"',
        'readyForQuery',
      ]);
      expect(await run(...call('7'))).toContain('dataRow');
    } finally {
      await pglite.close();
    }
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

  it('sends no DEBUG notices: PostgreSQL’s own message levels, not PGlite’s command line', async () => {
    const client = await poolOf(database).connect();
    const notices: string[] = [];
    const listen = (n: { message?: string }) => void notices.push(String(n.message));
    client.on('notice', listen);
    try {
      const levels = await client.query(
        "select current_setting('client_min_messages') c, current_setting('log_min_messages') l",
      );
      expect(levels.rows).toEqual([{ c: 'notice', l: 'warning' }]);
      for (let i = 0; i < 5; i++) {
        await client.query({ name: 'quiet-probe', text: 'select $1::int as n', values: [i] });
      }
      expect(notices).toEqual([]);
    } finally {
      client.off('notice', listen);
      client.release();
    }
  });

  it('keeps a transaction and its refusal whole across exchanges', async () => {
    const client = await poolOf(database).connect();
    try {
      await client.query('begin');
      await client.query({ name: 'tx-probe', text: 'select $1::int as n', values: [1] });
      await expect(client.query('select 1 / 0')).rejects.toThrow(/division by zero/);
      await expect(client.query('select 1')).rejects.toThrow(/aborted/);
      await client.query('rollback');
      expect(
        (await client.query({ name: 'tx-probe', text: 'select $1::int as n', values: [2] })).rows,
      ).toEqual([{ n: 2 }]);
    } finally {
      client.release();
    }
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

describe('a snapshot of an in-memory database', () => {
  it('starts another with its rows and schema, and the schema step applies nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'showdown-snapshot-'));
    const file = path.join(dir, 'snapshot.tar');
    const first = await openDatabase({ inMemory: true });
    try {
      await poolOf(first).query("create table kept (note text); insert into kept values ('here')");
      await first.snapshot!(file);
    } finally {
      await first.close();
    }
    const second = await openDatabase({ inMemory: true, snapshot: file });
    try {
      expect((await poolOf(second).query('select note from kept')).rows).toEqual([
        { note: 'here' },
      ]);
      expect(second.functionFilesApplied).toEqual([]);
    } finally {
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
