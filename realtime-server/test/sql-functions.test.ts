/**
 * The SQL functions live one in each file of realtime-server/sql/functions/ and are applied after
 * the migrations when a file changed (src/db/sql-functions.ts). A database started empty and one
 * that the former migrations (which carried the function bodies, kept as a fixture) had brought
 * up to date end with the same schema and the same functions; nodes starting together apply the
 * files once; a changed file is applied again at the next start, and one that does not compile
 * stops the start and changes nothing. On both databases (the server-pglite and server-pg projects).
 */
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applySchema,
  openDatabase,
  SCHEMA_SOURCES,
  type Database,
  type DatabaseHandle,
} from '../src/db/client.ts';
import { FUNCTIONS_FOLDER, readFunctionFiles } from '../src/db/sql-functions.ts';
import {
  createServerDatabase,
  createTestDatabase,
  dropServerDatabase,
  testDriver,
} from './helpers/database.ts';

/** The migrations as the release before the function files shipped them (bodies included). */
const FORMER_MIGRATIONS = path.resolve(
  import.meta.dirname,
  'fixtures/migrations-with-function-bodies',
);
const FILE_NAMES = readFunctionFiles().map((file) => file.name);

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database of its own, started with `sources`; closed (and dropped) after the test. */
async function started(sources = SCHEMA_SOURCES): Promise<DatabaseHandle> {
  const handle = await createTestDatabase(sources);
  cleanups.push(() => handle.close());
  return handle;
}

function poolOf(handle: DatabaseHandle): pg.Pool {
  return (handle.db as unknown as { $client: pg.Pool }).$client;
}

/**
 * The next start's schema step on the same database: what openDatabase runs first. (The embedded
 * database of a test lives in memory, so the test starts again on the handle it has.)
 */
function restart(handle: DatabaseHandle, sources = SCHEMA_SOURCES): Promise<string[]> {
  return applySchema(poolOf(handle), sources);
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The public schema's functions: name, arguments and whole definition. */
function functionsOf(db: Database) {
  return rows<{ name: string; args: string; definition: string }>(
    db,
    sql`select p.proname as name, pg_get_function_identity_arguments(p.oid) as args,
          pg_get_functiondef(p.oid) as definition
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'
        order by 1, 2`,
  );
}

/** Everything else of the public schema a start builds: columns, constraints, indexes, triggers. */
async function schemaOf(db: Database) {
  return {
    columns: await rows<{ table_name: string }>(
      db,
      sql`select table_name, column_name, data_type, character_maximum_length, is_nullable,
            column_default, is_identity
          from information_schema.columns where table_schema = 'public' order by 1, 2`,
    ),
    constraints: await rows(
      db,
      sql`select c.conrelid::regclass::text as "table", c.conname, pg_get_constraintdef(c.oid) as def
          from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where n.nspname = 'public' order by 1, 2`,
    ),
    indexes: await rows(
      db,
      sql`select tablename, indexname, indexdef from pg_indexes
          where schemaname = 'public' order by 1, 2`,
    ),
    triggers: await rows(
      db,
      sql`select t.tgname, pg_get_triggerdef(t.oid) as def from pg_trigger t
          join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and not t.tgisinternal order by 1`,
    ),
  };
}

/** The transaction that last wrote each function's catalogue row, by name and arguments. */
async function writersOf(db: Database): Promise<Map<string, string>> {
  const found = await rows<{ fn: string; xmin: string }>(
    db,
    sql`select p.oid::regprocedure::text as fn, p.xmin::text as xmin
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'`,
  );
  return new Map(found.map((row) => [row.fn, row.xmin]));
}

// Each test starts databases of its own (an embedded one takes seconds on a busy machine).
describe('each SQL function in one file', { timeout: 240_000 }, () => {
  it('every file creates one function, and the migrations create none', () => {
    for (const file of readFunctionFiles()) {
      const code = file.text.replace(/--.*$/gm, '');
      const created = [...code.matchAll(/\bCREATE\s+(OR\s+REPLACE\s+)?FUNCTION\s+(\w+)/gi)];
      expect(
        created.map((m) => m[1] !== undefined),
        file.name,
      ).toEqual([true]);
      expect(`${created[0]![2]!.replace(/^showdown_/, '')}.sql`, file.name).toBe(file.name);
    }
    const migrations = path.join(SCHEMA_SOURCES.migrations);
    for (const name of fs.readdirSync(migrations).filter((f) => f.endsWith('.sql'))) {
      const code = fs.readFileSync(path.join(migrations, name), 'utf8').replace(/--.*$/gm, '');
      expect(code, name).not.toMatch(/\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)\b/i);
    }
  });

  it('a database started empty has exactly the functions of the files', async () => {
    const handle = await started();
    expect(handle.functionFilesApplied).toEqual(FILE_NAMES);
    const names = (await functionsOf(handle.db)).map(
      (f) => `${f.name.replace(/^showdown_/, '')}.sql`,
    );
    expect(names).toEqual(FILE_NAMES);
    const recorded = await rows<{ file: string; sha256: string }>(
      handle.db,
      sql`select file, sha256 from function_files order by file`,
    );
    expect(recorded).toEqual(readFunctionFiles().map((f) => ({ file: f.name, sha256: f.sha256 })));
    expect(await restart(handle)).toEqual([]);
  });

  it('a database the former migrations brought up to date ends as one started empty', async () => {
    const former = await started({ migrations: FORMER_MIGRATIONS, functions: null });
    // As the former release left it: the bodies came with its migrations.
    const formerFunctions = (await functionsOf(former.db)).map((f) => f.name);
    expect(formerFunctions).toContain('showdown_place_order_once');
    const formerTables = (await schemaOf(former.db)).columns.map((c) => c.table_name);
    expect(formerTables).not.toContain('function_files');

    expect(await restart(former)).toEqual(FILE_NAMES);
    const fresh = await started();
    expect(await functionsOf(former.db)).toEqual(await functionsOf(fresh.db));
    expect(await schemaOf(former.db)).toEqual(await schemaOf(fresh.db));
  });

  it('nodes starting together apply the files once', async () => {
    let starts: string[][];
    let handle: DatabaseHandle;
    if (testDriver === 'pg') {
      // Two nodes: two pools, each its own sessions on the server, started at the same moment.
      const { name, url } = await createServerDatabase();
      cleanups.push(() => dropServerDatabase(name));
      const nodes = await Promise.all([
        openDatabase({ databaseUrl: url, poolSize: 2 }),
        openDatabase({ databaseUrl: url, poolSize: 2 }),
      ]);
      for (const node of nodes) cleanups.push(() => node.close());
      starts = nodes.map((node) => [...node.functionFilesApplied]);
      handle = nodes[0]!;
    } else {
      // The embedded database belongs to one process: two starts race through its one handle.
      handle = await started({ ...SCHEMA_SOURCES, functions: null });
      starts = await Promise.all([restart(handle), restart(handle)]);
    }
    expect([...starts].sort((a, b) => b.length - a.length)).toEqual([FILE_NAMES, []]);
    // Every function and every record was written by one transaction.
    const writers = new Set((await writersOf(handle.db)).values());
    const recorders = await rows<{ xmin: string }>(
      handle.db,
      sql`select distinct xmin::text as xmin from function_files`,
    );
    expect(writers.size).toBe(1);
    expect(recorders.map((r) => r.xmin)).toEqual([...writers]);
  });

  /** A copy of the function files that a test may change. */
  function copiedFunctions() {
    const folder = fs.mkdtempSync(path.join(tmpdir(), 'showdown-functions-'));
    cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
    fs.cpSync(FUNCTIONS_FOLDER, folder, { recursive: true });
    const change = (name: string, from: string, to: string) => {
      const file = path.join(folder, name);
      const text = fs.readFileSync(file, 'utf8');
      expect(text, name).toContain(from);
      fs.writeFileSync(file, text.replace(from, to));
    };
    return { sources: { ...SCHEMA_SOURCES, functions: folder }, change };
  }

  it('a changed file is applied again at the next start, and only it', async () => {
    const { sources, change } = copiedFunctions();
    const handle = await started(sources);
    expect(handle.functionFilesApplied).toEqual(FILE_NAMES);
    const before = await writersOf(handle.db);

    change('round_half_up_div.sql', 'SELECT sign(n)', 'SELECT /* changed */ sign(n)');
    expect(await restart(handle, sources)).toEqual(['round_half_up_div.sql']);
    const after = await writersOf(handle.db);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [fn, writer] of after) {
      if (fn.startsWith('showdown_round_half_up_div(')) expect(writer, fn).not.toBe(before.get(fn));
      else expect(writer, fn).toBe(before.get(fn));
    }
    const [changed] = await rows<{ definition: string; answer: string }>(
      handle.db,
      sql`select pg_get_functiondef('showdown_round_half_up_div'::regproc) as definition,
            showdown_round_half_up_div(-5, 2)::text as answer`,
    );
    expect(changed!.definition).toContain('/* changed */');
    expect(changed!.answer).toBe('-3');
    expect(await restart(handle, sources)).toEqual([]);
  });

  it('a file that does not compile stops the start and changes nothing', async () => {
    const { sources, change } = copiedFunctions();
    const handle = await started(sources);
    const definitions = await functionsOf(handle.db);
    const recorded = await rows(handle.db, sql`select file, sha256 from function_files`);

    // Applied in the order of their names: the broken file comes after a good change.
    change('market_facts.sql', 'BEGIN', 'BEGIN\n  -- changed');
    change('price_after.sql', 'showdown_round_half_up_div(', 'showdown_no_such(');
    await expect(restart(handle, sources)).rejects.toThrow(/showdown_no_such/);
    expect(await functionsOf(handle.db)).toEqual(definitions);
    expect(await rows(handle.db, sql`select file, sha256 from function_files`)).toEqual(recorded);
  });
});
