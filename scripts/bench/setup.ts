/**
 * Step 1, setup (not measured): the web build, the database with its seeded users, the server's
 * nodes, the generators, and every game seated and started through the REST API.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchSettings } from './args.ts';
import { INVESTORS_PER_GAME, root } from './common.ts';
import { prepareBenchDatabase, seedUsers, type BenchDatabase } from './database.ts';
import { Generator } from './generators.ts';
import type { GamePlan } from './ipc.ts';
import { setUpGame } from './rest.ts';
import { measuredServerEnv, ServerNode } from './server-node.ts';
import { count, inPool, pageScriptsGzipBytes, type ManifestChunk } from './stats.ts';

/** Everything the later steps use: the settings, the server, the generators, the games. */
export interface Bench {
  settings: BenchSettings;
  /** When the run started (performance.now()). */
  runStarted: number;
  machine: ReturnType<typeof machineFacts>;
  loginKiB: number;
  database: BenchDatabase;
  nodes: ServerNode[];
  /** Where REST calls go (node 0). */
  restUrl: string;
  generators: Generator[];
  plans: GamePlan[];
  seatsPerGame: number;
  profileDir?: string;
  /** Runs a step under the CPU profiler of every server process, when --profile asks. */
  profiled<T>(name: string, step: () => Promise<T>): Promise<T>;
  /** The games generator `g` drives. */
  share(g: number): GamePlan[];
  /** Run at the end, first to last (a step adds its own). */
  cleanups: Array<() => Promise<void>>;
}

/** The module of the /login route (web/src/app/router.tsx). */
const LOGIN_ROUTE_MODULE = 'src/features/auth/components/login-screen.tsx';

/**
 * The gzipped size of the JavaScript /login needs before it renders: the entry with its static
 * imports and the route's module with its own (from the build manifest), each file gzipped.
 */
function loginJsGzipKiB(): number {
  const dist = path.join(root, 'web/dist');
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const read = (file: string) => fs.readFileSync(path.join(dist, file));
  return pageScriptsGzipBytes(manifest, [LOGIN_ROUTE_MODULE], read) / 1024;
}

function machineFacts() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model.trim() ?? 'cpu',
    memory_gib: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/** Step 1: everything in place for the measured steps; each part adds its own clean-up. */
export async function setUp(
  settings: BenchSettings,
  cleanups: Array<() => Promise<void>>,
): Promise<Bench> {
  const runStarted = performance.now();
  const machine = machineFacts();
  console.log('The Showdown load benchmark');
  console.log(
    `machine:  ${machine.os} · ${machine.cpus} × ${machine.cpu_model} · ${machine.memory_gib} GiB · node ${machine.node}`,
  );
  console.log(
    `load avg: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} at the start`,
  );

  // The compiled server always (what npm start runs); the web app unless skipped. Each is
  // rebuilt only when its inputs changed.
  const targets = settings.skipBuild ? ['server'] : ['web', 'server'];
  console.log(`build:    node scripts/build.mjs ${targets.join(' ')} (as npm start does)`);
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...targets], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('the build failed');
  const loginKiB = loginJsGzipKiB();

  const database: BenchDatabase = await prepareBenchDatabase(settings.databaseUrl);
  cleanups.push(() => database.destroy());
  const jwtSecret = randomBytes(32).toString('hex');
  const seatsPerGame = 1 + INVESTORS_PER_GAME;
  const seeding = await database.open();
  const seedStarted = performance.now();
  const seeded = await seedUsers(seeding, settings.games * seatsPerGame, jwtSecret);
  await seeding.close();
  console.log(
    `database: ${database.label} · ${count(seeded.length)} users signed in (seeded) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const serverEnv = measuredServerEnv(database, jwtSecret, settings.redisUrl, 'bench');
  const nodes: ServerNode[] = [];
  cleanups.unshift(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  });
  const profileDir = settings.profile
    ? path.resolve(
        root,
        settings.outDir ?? 'bench-results',
        `profiles-${new Date().toISOString().replace(/[:.]/g, '-')}`,
      )
    : undefined;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  for (let i = 0; i < settings.nodes; i++) {
    nodes.push(await ServerNode.start(serverEnv, settings.workers, profileDir));
  }
  const profiled = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    if (!profileDir) return step();
    const started = await Promise.all(nodes.map((n) => n.profile('start'))).then(
      () => true,
      (err: unknown) => {
        console.warn(`  (${name} profile not started: ${String(err)})`);
        return false;
      },
    );
    if (!started) return step();
    try {
      return await step();
    } finally {
      // A profile that cannot be written costs its summary, not the run's measurements.
      await Promise.all(nodes.map((n) => n.profile('stop', name))).catch((err: unknown) =>
        console.warn(`  (${name} profile not written: ${String(err)})`),
      );
    }
  };
  const restUrl = nodes[0]!.url;
  console.log(
    `server:   ${settings.nodes} node(s) × WORKERS=${settings.workers} at ${nodes.map((n) => n.url).join(', ')} (realtime-server/dist/main.js, LOG_LEVEL=warn)`,
  );

  const generators = await Promise.all(
    Array.from({ length: settings.generators }, () => Generator.start()),
  );
  cleanups.unshift(async () => {
    await Promise.all(generators.map((g) => g.run({ type: 'close' }, 5_000).catch(() => null)));
    for (const g of generators) g.stop();
  });

  // Every game seated and started through the REST API.
  const setupStarted = performance.now();
  const plans: GamePlan[] = new Array(settings.games);
  await inPool(
    Array.from({ length: settings.games }, (_, i) => i),
    24,
    async (i) => {
      const seats = seeded.slice(i * seatsPerGame, (i + 1) * seatsPerGame);
      plans[i] = await setUpGame(restUrl, i, seats[0]!, seats.slice(1), settings.spectators);
    },
  );
  console.log(
    `setup:    ${settings.games} games seated and started in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  return {
    settings,
    runStarted,
    machine,
    loginKiB,
    database,
    nodes,
    restUrl,
    generators,
    plans,
    seatsPerGame,
    profileDir,
    profiled,
    share: (g) => plans.filter((_, i) => i % settings.generators === g),
    cleanups,
  };
}
