#!/usr/bin/env node
/**
 * `npm start`: builds what changed (scripts/build.mjs: the web app, the server bundle), then
 * runs the compiled server, `realtime-server/dist/main.js`, in the package's folder (where
 * DATA_DIR's `./data` lives). SIGINT and SIGTERM are passed on to the server, which shuts down
 * gracefully; this process exits with the server's code.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from './build.mjs';

const serverRoot = path.resolve(import.meta.dirname, '../realtime-server');

if (!(await build())) process.exit(1);

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
  cwd: serverRoot,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  // On a terminal Ctrl+C reaches both processes; the server ignores a second signal.
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
