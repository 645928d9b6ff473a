// The embedded database's own thread: PGlite (WebAssembly, synchronous while it runs a
// statement) lives here and serves the PostgreSQL wire protocol on a Unix socket (a loopback port
// on Windows), so the main thread's event loop stays free and talks to it with node-postgres.
// Plain JavaScript: a worker thread starts without the TypeScript loader of its parent.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { batchExchanges, batchWrites } from './pglite-write-batch.mjs';

const { dataDir, socketDir, snapshot } = workerData;
if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
// An in-memory database may start from a snapshot (a data directory PGlite dumped, as a tar
// file) instead of running initdb: what a test suite that opens many fresh databases needs.
const db = dataDir
  ? new PGlite(path.join(dataDir, 'pglite'))
  : new PGlite(snapshot ? { loadDataDir: new Blob([fs.readFileSync(snapshot)]) } : {});
await db.waitReady;
// A WebAssembly abort (PostgreSQL's PANIC: a write of its log that the file system refused, as
// on a full disk) leaves PGlite unusable while this thread would go on accepting connections:
// the thread ends instead, so the main thread sees the database stop and opens it again.
const execProtocolRaw = db.execProtocolRaw.bind(db);
db.execProtocolRaw = async (...args) => {
  try {
    return await execProtocolRaw(...args);
  } catch (err) {
    if (err instanceof WebAssembly.RuntimeError) {
      setImmediate(() => {
        throw err;
      });
    }
    throw err;
  }
};
// PGlite starts its backend as if from a command line with client_min_messages = debug3 and
// log_min_messages = debug1: every Bind then sent a DEBUG notice ("bind <unnamed> to …") that
// the WebAssembly formatted, PGlite and node-postgres parsed, and nobody read. PostgreSQL's own
// defaults instead (a session setting outranks the command line; PGlite is one session).
await db.exec('SET client_min_messages = notice; SET log_min_messages = warning');
// One connection: PGlite is one session, and interleaving several clients' statements would
// mix their transactions. The main thread's pool holds that one connection and queues fairly.
// A Unix socket in a directory only this user may enter (the main thread made it): cheaper per
// message than loopback TCP, and no other local user can reach the database. On Windows, where
// node-postgres cannot use one, a loopback port.
const server = new PGLiteSocketServer({
  db: batchExchanges(db),
  maxConnections: 1,
  ...(socketDir ? { path: path.join(socketDir, '.s.PGSQL.5432') } : { host: '127.0.0.1', port: 0 }),
});
await server.start();
// The socket's writes batched per exchange, as its messages are (pglite-write-batch.mjs).
// pglite-socket keeps its net.Server private; its own 'connection' listener attaches the socket
// a turn later, so this one, registered after it, sees the socket first.
const listener = /** @type {{ server?: import('node:net').Server }} */ (server).server;
if (!listener || typeof listener.on !== 'function') {
  throw new Error('pglite-socket changed: its net.Server is not where pglite-worker.mjs looks');
}
listener.on('connection', batchWrites);
const conn = server.getServerConn();
parentPort.postMessage({
  type: 'ready',
  port: socketDir ? 5432 : Number(conn.slice(conn.lastIndexOf(':') + 1)),
});

parentPort.on('message', async (message) => {
  if (message?.type === 'snapshot') {
    // The data directory as an uncompressed tar file, written where the parent asked.
    const tar = await db.dumpDataDir('none');
    fs.writeFileSync(message.file, Buffer.from(await tar.arrayBuffer()));
    parentPort.postMessage({ type: 'snapshot-written' });
    return;
  }
  if (message?.type !== 'close') return;
  try {
    await server.stop();
    await db.close();
    parentPort.postMessage({ type: 'closed' });
  } catch (err) {
    parentPort.postMessage({ type: 'closed', error: String(err) });
  }
});
