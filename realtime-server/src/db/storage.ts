/**
 * The embedded database's file system: how much room its data directory has, and the errors a
 * call gets while that room has run out or the database has stopped.
 */
import { statfsSync } from 'node:fs';
import path from 'node:path';

/**
 * Below this much free space the data directory counts as full: PGlite (PostgreSQL) writes its
 * log in segments of 1 MB and cannot go on, nor start, without room for the next one and a
 * table's next page; it aborts when a write of its log fails.
 */
export const STORAGE_RESERVE_BYTES = 2 * 1024 * 1024;

/** Free bytes (for this user) on the file system holding `dir`, or its nearest existing parent. */
export function freeBytes(dir: string): number {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const stats = statfsSync(at);
      return stats.bavail * stats.bsize;
    } catch (err) {
      const up = path.dirname(at);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || up === at) throw err;
      at = up;
    }
  }
}

/**
 * What a new data directory takes: PostgreSQL's initdb and the migrations write some 28 MB, and
 * PGlite aborts without a word when they do not fit.
 */
export const NEW_DATABASE_BYTES = 32 * 1024 * 1024;

/** Whether the data directory's file system has less room than the database needs to write. */
export const isLowOnSpace = (dir: string, needed = STORAGE_RESERVE_BYTES) =>
  freeBytes(dir) < needed;

/** What an operator reads: the directory, the room left and needed, what to do. */
export function storageFullReason(dir: string, needed = STORAGE_RESERVE_BYTES): string {
  const kb = Math.floor(freeBytes(dir) / 1024);
  return `the data directory ${dir} is full (${kb} KB free, the database needs ${needed / 1024 / 1024} MB): free some space on its file system`;
}

/**
 * The database's storage is full. Its code is PostgreSQL's disk_full, so the edge answers it as
 * it does the database's own (507 STORAGE_FULL, http/errors.ts).
 */
export class StorageFullError extends Error {
  override name = 'StorageFullError';
  readonly code = '53100';
}

/**
 * The embedded database stopped for another reason and is being opened again. Its code is
 * PostgreSQL's crash_shutdown: the edge answers 503 UNAVAILABLE with Retry-After.
 */
export class DatabaseStoppedError extends Error {
  override name = 'DatabaseStoppedError';
  readonly code = '57P02';
}
