/**
 * The SQL functions (the hot paths, their helpers, a trigger function), one source file each in
 * realtime-server/sql/functions/, applied after the migrations the way Flyway applies its
 * repeatable migrations: each file is one `CREATE OR REPLACE`, a file is applied again only when
 * its content changed (its SHA-256 is recorded in `function_files`), and the changed files are
 * applied in the order of their names, all in one transaction. The caller holds the migrations'
 * advisory lock (client.ts), so of several nodes starting together one applies them and the
 * others find them recorded.
 *
 * The files are applied with `check_function_bodies` off, as pg_dump restores functions: a
 * `LANGUAGE sql` function is checked against the functions it calls when it is created, and the
 * order of the names need not follow those calls. Every function is then checked with its
 * language's validator before the transaction commits, so a file that does not compile is
 * refused at start-up and changes nothing.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { serverRoot } from '../paths.ts';

/** Where the function files live, next to the migrations (both ship with the compiled server). */
export const FUNCTIONS_FOLDER = path.join(serverRoot, 'sql/functions');

export interface FunctionFile {
  /** The file's name, e.g. `place_order.sql`: its key in `function_files`. */
  name: string;
  text: string;
  sha256: string;
}

/** The folder's `.sql` files in the order they are applied: by name. */
export function readFunctionFiles(folder: string = FUNCTIONS_FOLDER): FunctionFile[] {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(folder, name), 'utf8');
      return { name, text, sha256: createHash('sha256').update(text).digest('hex') };
    });
}

/** Checks every function of the public schema written in SQL or PL/pgSQL, as CREATE would. */
const VALIDATE = `
  SELECT count(CASE l.lanname
    WHEN 'sql' THEN fmgr_sql_validator(p.oid)::text
    ELSE plpgsql_validator(p.oid)::text END)
  FROM pg_proc p
  JOIN pg_namespace n ON n.oid = p.pronamespace
  JOIN pg_language l ON l.oid = p.prolang
  WHERE n.nspname = 'public' AND l.lanname IN ('sql', 'plpgsql')`;

/**
 * Applies the files of `folder` whose content differs from what `function_files` records, and
 * records them; answers the names applied (none when every file is as recorded). The migrations
 * must have run (they create `function_files`); the caller holds the migrations' lock.
 */
export async function applyFunctionFiles(
  client: pg.ClientBase,
  folder: string = FUNCTIONS_FOLDER,
): Promise<string[]> {
  const files = readFunctionFiles(folder);
  const { rows } = await client.query<{ file: string; sha256: string }>(
    'SELECT file, sha256 FROM function_files',
  );
  const recorded = new Map(rows.map((row) => [row.file, row.sha256]));
  const changed = files.filter((file) => recorded.get(file.name) !== file.sha256);
  if (changed.length === 0) return [];
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL check_function_bodies = off');
    for (const file of changed) await client.query(file.text);
    await client.query('SET LOCAL check_function_bodies = on');
    await client.query(VALIDATE);
    await client.query(
      `INSERT INTO function_files (file, sha256)
       SELECT * FROM unnest($1::varchar[], $2::varchar[])
       ON CONFLICT (file) DO UPDATE SET sha256 = excluded.sha256, applied_at = now()`,
      [changed.map((file) => file.name), changed.map((file) => file.sha256)],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
  return changed.map((file) => file.name);
}
