#!/usr/bin/env node
// `npm run bench`: runs the load benchmark (scripts/bench/main.ts) under tsx, forwarding the
// arguments, the environment and the exit code. --expose-gc lets it settle the heap before it
// reads the server's memory.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const tsxLoader = require.resolve('tsx');
const entry = path.join(import.meta.dirname, 'bench', 'main.ts');

const child = spawn(
  process.execPath,
  ['--expose-gc', '--import', tsxLoader, entry, ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1));
});
