/** The soak's command line and environment, parsed once and validated. */
import { PRACTICE_BOTS, PRACTICE_PHASE_OPTIONS } from '@showdown/shared/constants';

export interface SoakSettings {
  /** Bot-only practice games kept running at once (each ended game is replaced). */
  games: number;
  /** How long the games play, in seconds (`--minutes M` or `--seconds S`). */
  seconds: number;
  /** Seconds between two printed readings (60; shorter in a smoke run). */
  intervalSeconds: number;
  database: 'pglite' | 'postgres';
  /** The PostgreSQL server a fresh database is made on (postgres only). */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  workers: number;
  nodes: number;
  /** Bot investors in each game (besides its bot broker). */
  bots: number;
  /** Trade phase length of each game, in seconds. */
  phaseSeconds: number;
}

export class UsageError extends Error {}

export const USAGE = `usage: npm run soak -- --games N --minutes M [options]

  --games N            bot-only practice games kept running (an ended one is replaced) [10]
  --minutes M          how long they play [10]
  --seconds S          the same in seconds (a smoke run)
  --interval S         seconds between two readings [60]
  --database D         pglite (a file-backed PGlite, as npm start uses) or postgres (a fresh
                       database on DATABASE_URL, dropped afterwards) [postgres when DATABASE_URL
                       is set, else pglite]
  --nodes N            server nodes over Redis (needs postgres and REDIS_URL) [1]
  --workers N          server processes behind each node's port [WORKERS, else 1]
  --bots N             bot investors a game [6]
  --phase S            trade phase seconds, one of ${PRACTICE_PHASE_OPTIONS.join(', ')} [30]

environment: DATABASE_URL, REDIS_URL, WORKERS`;

function whole(name: string, value: string | true | undefined, min: number, max: number) {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value === true || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}\n\n${USAGE}`);
  }
  return n;
}

function flagsOf(argv: readonly string[]): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') throw new UsageError(USAGE);
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument ${arg}\n\n${USAGE}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) flags.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) flags.set(name, argv[++i]!);
    else flags.set(name, true);
  }
  const known = [
    'games',
    'minutes',
    'seconds',
    'interval',
    'database',
    'nodes',
    'workers',
    'bots',
    'phase',
  ];
  for (const name of flags.keys()) {
    if (!known.includes(name)) throw new UsageError(`unknown option --${name}\n\n${USAGE}`);
  }
  return flags;
}

export function parseSoakArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): SoakSettings {
  const flags = flagsOf(argv);
  const databaseFlag = flags.get('database');
  if (databaseFlag !== undefined && databaseFlag !== 'pglite' && databaseFlag !== 'postgres') {
    throw new UsageError(`--database must be pglite or postgres\n\n${USAGE}`);
  }
  const database = databaseFlag ?? (env.DATABASE_URL ? 'postgres' : 'pglite');
  if (database === 'postgres' && !env.DATABASE_URL) {
    throw new UsageError(`--database postgres needs DATABASE_URL (postgres://…)\n\n${USAGE}`);
  }
  const minutes = whole('minutes', flags.get('minutes'), 1, 24 * 60);
  const seconds = whole('seconds', flags.get('seconds'), 5, 24 * 60 * 60);
  if (minutes !== undefined && seconds !== undefined) {
    throw new UsageError(`give --minutes or --seconds, not both\n\n${USAGE}`);
  }
  const nodes = whole('nodes', flags.get('nodes'), 1, 8) ?? 1;
  if (nodes > 1 && (database !== 'postgres' || !env.REDIS_URL)) {
    throw new UsageError(`--nodes ${nodes} needs --database postgres and REDIS_URL\n\n${USAGE}`);
  }
  const phase = whole('phase', flags.get('phase'), 1, 3600) ?? 30;
  if (!(PRACTICE_PHASE_OPTIONS as readonly number[]).includes(phase)) {
    throw new UsageError(`--phase must be one of ${PRACTICE_PHASE_OPTIONS.join(', ')}\n\n${USAGE}`);
  }
  const total = seconds ?? (minutes ?? 10) * 60;
  return {
    games: whole('games', flags.get('games'), 1, 10_000) ?? 10,
    seconds: total,
    intervalSeconds: Math.min(whole('interval', flags.get('interval'), 1, 3600) ?? 60, total),
    database,
    databaseUrl: database === 'postgres' ? env.DATABASE_URL : undefined,
    redisUrl: nodes > 1 ? env.REDIS_URL : undefined,
    workers: whole('workers', flags.get('workers'), 1, 64) ?? Number(env.WORKERS || 1),
    nodes,
    bots:
      whole('bots', flags.get('bots'), PRACTICE_BOTS.watch.min, PRACTICE_BOTS.watch.max) ??
      PRACTICE_BOTS.watch.max,
    phaseSeconds: phase,
  };
}
