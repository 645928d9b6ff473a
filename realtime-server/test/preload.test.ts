/**
 * The compiled server started with a TypeScript preload through tsx (as `npm run bench` starts
 * it, with its probe): the embedded database's worker thread must not inherit those `--import` options,
 * which it cannot load, or the server exits before it listens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { ServerProcess, freePort } from './helpers/process.ts';

const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const preload = pathToFileURL(path.join(import.meta.dirname, 'fixtures/preload.ts')).href;
let server: ServerProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('starts on the embedded database with a TypeScript preload', async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-preload-'));
  server = new ServerProcess(await freePort(), { DATA_DIR: dataDir }, [
    '--import',
    tsxLoader,
    '--import',
    preload,
  ]);
  await server.start();
  const res = await fetch(`${server.url}/healthz`);
  expect(res.status).toBe(200);
}, 90_000);
