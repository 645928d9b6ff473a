/**
 * A migrated embedded database, dumped once per run: a fresh in-memory PGlite costs an initdb and
 * every migration (seconds of CPU each), and the suites open one per test file or more. A vitest
 * global setup writes the snapshot and provides its path; createTestDatabase loads it. The file
 * is named by a hash of what it was built from (the migrations, the SQL function files and
 * PGlite's version), so an edit of either builds a new one and a stale one is never loaded.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, SCHEMA_SOURCES } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot?: string;
  }
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  // PGlite's own build: its entry file (the package does not export its package.json).
  hash.update(fs.readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  for (const folder of [SCHEMA_SOURCES.migrations, SCHEMA_SOURCES.functions!]) {
    for (const entry of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
      const file = path.join(folder, entry);
      if (!fs.statSync(file).isFile()) continue;
      hash.update(entry).update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The snapshot's path, written first when this run's sources have none yet. */
export async function migratedSnapshot(): Promise<string> {
  const file = path.join(os.tmpdir(), `showdown-pglite-${sourcesHash()}.tar`);
  if (fs.existsSync(file)) return file;
  const handle = await openDatabase({ inMemory: true });
  try {
    // Written aside and renamed: a run stopped half-way never leaves half a snapshot.
    const partial = `${file}.${process.pid}.partial`;
    await handle.snapshot!(partial);
    fs.renameSync(partial, file);
  } finally {
    await handle.close();
  }
  return file;
}

/** The snapshot this run's global setup provided, if any (outside it: none, a fresh initdb). */
export function providedSnapshot(): string | undefined {
  try {
    return inject('pgliteSnapshot');
  } catch {
    return undefined;
  }
}

/** The global setup of the suites that open embedded databases. */
export default async function setup(project: {
  provide(key: 'pgliteSnapshot', value: string): void;
}): Promise<void> {
  project.provide('pgliteSnapshot', await migratedSnapshot());
}
