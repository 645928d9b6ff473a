/** The benchmark's command line and environment, parsed once and validated. */

export interface BenchSettings {
  mode: 'smoke' | 'quick' | 'full';
  games: number;
  /** Spectators per game (every game also has its broker and six investors). */
  spectators: number;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  workers: number;
  nodes: number;
  generators: number;
  /** Offered orders per second in the main orders step. */
  orderRate: number;
  warmupSeconds: number;
  fanoutSeconds: number;
  ordersSeconds: number;
  stepSeconds: number;
  /**
   * The idle window: every socket joined, nothing sent (at least one Socket.IO ping interval,
   * 25 s, except in the smoke run).
   */
  idleSeconds: number;
  steps: number;
  /** Skip the build of the web app (use the one in web/dist). */
  skipBuild: boolean;
  /** Where the JSON goes (default bench-results/ at the repository root). */
  outDir: string | undefined;
  /** Record a CPU profile of every server process during the fan-out and the orders steps. */
  profile: boolean;
}

export class UsageError extends Error {}

export const USAGE = `usage: npm run bench -- [--quick] [options]

  --quick              about a minute: 100 games (default: full, 1,000 games)
  --smoke              a few seconds, 3 games: checks that the benchmark itself runs (tests)
  --games N            games of 1 broker + 6 investors + spectators
  --spectators N       spectators per game [2] (a board seats 7: 9 sockets a game)
  --workers N          server processes behind the port [WORKERS, else 1 on PGlite, CPUs on PostgreSQL]
  --nodes N            server nodes over Redis (needs DATABASE_URL and REDIS_URL) [1]
  --generators N       load generator processes [2]
  --rate N             orders per second offered in the orders step [300 PGlite, 1000 PostgreSQL]
  --steps N            steps of the max-rate search [4 quick, 6 full]
  --skip-build         use the web app already built in web/dist
  --out DIR            write the JSON into DIR [bench-results]
  --profile            CPU profiles of the server during fan-out and orders (.cpuprofile files
                       next to the JSON, summed by package and function in the table)

environment: DATABASE_URL (postgres://…: a fresh database on that server, dropped afterwards;
otherwise a file-backed PGlite in a temporary directory, as npm start uses), REDIS_URL, WORKERS`;

export function parseBenchArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  cpus: number,
): BenchSettings {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument '${arg}'\n${USAGE}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (['quick', 'smoke', 'full', 'skip-build', 'profile', 'help'].includes(name)) {
      flags.set(name, true);
    } else if (
      ['games', 'spectators', 'workers', 'nodes', 'generators', 'rate', 'steps', 'out'].includes(
        name,
      )
    ) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value\n${USAGE}`);
      flags.set(name, value);
    } else {
      throw new UsageError(`unknown option '--${name}'\n${USAGE}`);
    }
  }
  if (flags.has('help')) throw new UsageError(USAGE);
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = flags.get(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got '${raw}')`);
    }
    return value;
  };
  if (flags.has('quick') && flags.has('smoke')) {
    throw new UsageError(`--quick and --smoke do not go together\n${USAGE}`);
  }
  const smoke = flags.has('smoke');
  const quick = flags.has('quick');
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new UsageError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  const envWorkers = env.WORKERS?.trim();
  if (envWorkers && !/^[1-9][0-9]*$/.test(envWorkers)) {
    throw new UsageError(`WORKERS must be a positive whole number (got '${envWorkers}')`);
  }
  const workers = int('workers', envWorkers ? Number(envWorkers) : databaseUrl ? cpus : 1, 1, 64);
  if (workers > 1 && !databaseUrl) {
    throw new UsageError('--workers above 1 needs DATABASE_URL (PGlite lives in one process)');
  }
  const nodes = int('nodes', 1, 1, 8);
  if (nodes > 1 && (!databaseUrl || !redisUrl)) {
    throw new UsageError('--nodes above 1 needs DATABASE_URL and REDIS_URL');
  }
  const out = flags.get('out');
  const short = smoke || quick;
  return {
    mode: smoke ? 'smoke' : quick ? 'quick' : 'full',
    games: int('games', smoke ? 3 : quick ? 100 : 1000, 1, 5000),
    spectators: int('spectators', 2, 0, 20),
    databaseUrl,
    redisUrl,
    workers,
    nodes,
    generators: int('generators', 2, 1, 16),
    orderRate: int('rate', smoke ? 20 : databaseUrl ? 1000 : 300, 1, 100_000),
    warmupSeconds: smoke ? 1 : quick ? 3 : 10,
    fanoutSeconds: smoke ? 2 : quick ? 12 : 30,
    ordersSeconds: smoke ? 2 : quick ? 8 : 20,
    stepSeconds: smoke ? 1 : quick ? 4 : 8,
    idleSeconds: smoke ? 2 : 26,
    steps: int('steps', smoke ? 1 : short ? 4 : 6, 0, 12),
    skipBuild: flags.has('skip-build'),
    outDir: typeof out === 'string' ? out : undefined,
    profile: flags.has('profile'),
  };
}
