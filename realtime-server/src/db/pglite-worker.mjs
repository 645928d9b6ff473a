// The embedded database's own thread: PGlite (WebAssembly, synchronous while it runs a
// statement) lives here and serves the PostgreSQL wire protocol on a loopback port, so the
// main thread's event loop stays free and talks to it with node-postgres like to any server.
// Plain JavaScript: a worker thread starts without the TypeScript loader of its parent.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir } = workerData;
if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
const db = dataDir ? new PGlite(path.join(dataDir, 'pglite')) : new PGlite();
await db.waitReady;
// One connection: PGlite is one session, and interleaving several clients' statements would
// mix their transactions. The main thread's pool holds that one connection and queues fairly.
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
await server.start();
const conn = server.getServerConn();
parentPort.postMessage({ type: 'ready', port: Number(conn.slice(conn.lastIndexOf(':') + 1)) });

parentPort.on('message', async (message) => {
  if (message?.type !== 'close') return;
  try {
    await server.stop();
    await db.close();
    parentPort.postMessage({ type: 'closed' });
  } catch (err) {
    parentPort.postMessage({ type: 'closed', error: String(err) });
  }
});
