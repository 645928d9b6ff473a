/**
 * `npm run soak -- --games N --minutes M`: bot-only practice games played on the real server for
 * a long time, watching it for growth.
 *
 * It starts the compiled server as `npm start` does (`WORKERS`, `--nodes` over Redis) on a
 * file-backed PGlite or a fresh PostgreSQL database, keeps N practice games running (each with a
 * bot broker and bot investors, driven by the server's own bot driver; an ended game is replaced
 * by a new one), and follows each on a TV socket. Each interval (a minute) it prints the
 * server's RSS and heap (summed over its processes), the event-loop delay's p99 (the worst
 * process) and the fan-out p99 (a price's time on the server to its arrival on the TV). At the
 * end it reconciles every player's ledger, checks that no bot was refused anything, and compares
 * the memory after a full GC with the first interval's (growth.ts states the bound). Exit 0: all
 * held; 1: a ledger, a refusal or the growth failed; 2: the run could not complete.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { prepareBenchDatabase, seedUsers, type BenchDatabase } from '../bench/database.ts';
import { reconcileLedger } from '../bench/ledger.ts';
import { measuredServerEnv, readAll, ServerNode } from '../bench/server-node.ts';
import { distribution, mib } from '../bench/stats.ts';
import { root, sleep } from '../bench/common.ts';
import { parseSoakArgs, UsageError, type SoakSettings } from './args.ts';
import { GameSlots } from './games.ts';
import {
  BOUND_TEXT,
  growthProblems,
  metricSum,
  readingLine,
  type MemoryReading,
} from './growth.ts';

interface Run {
  settings: SoakSettings;
  database: BenchDatabase;
  nodes: ServerNode[];
  metricsToken: string;
}

async function startServer(settings: SoakSettings, cleanups: Array<() => Promise<void>>) {
  console.log('build:    node scripts/build.mjs server (as npm start does)');
  const built = spawnSync(process.execPath, ['scripts/build.mjs', 'server'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('the build failed');
  const database = await prepareBenchDatabase(settings.databaseUrl);
  cleanups.push(() => database.destroy());
  const jwtSecret = randomBytes(32).toString('hex');
  const seeding = await database.open();
  const users = await seedUsers(seeding, settings.games, jwtSecret);
  await seeding.close();
  const metricsToken = randomBytes(16).toString('hex');
  const env = measuredServerEnv(database, jwtSecret, settings.redisUrl, 'soak', {
    METRICS_TOKEN: metricsToken,
  });
  const nodes: ServerNode[] = [];
  cleanups.unshift(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  });
  for (let i = 0; i < settings.nodes; i++)
    nodes.push(await ServerNode.start(env, settings.workers));
  console.log(
    `server:   ${settings.nodes} node(s) × WORKERS=${settings.workers} on ${database.label}`,
  );
  return { run: { settings, database, nodes, metricsToken } satisfies Run, users };
}

/** The bots' commands so far over every node: done and refused. */
async function botCommands(run: Run) {
  const texts = await Promise.all(
    run.nodes.map((n) =>
      fetch(`${n.url}/metrics`, {
        headers: { authorization: `Bearer ${run.metricsToken}` },
        signal: AbortSignal.timeout(10_000),
      })
        .then((r) => r.text())
        .catch(() => ''),
    ),
  );
  const sum = (outcome: string) =>
    texts.reduce((s, text) => s + metricSum(text, 'showdown_bot_commands_total', { outcome }), 0);
  return { done: sum('done'), refused: sum('refused') };
}

/**
 * Memory after a GC, with what of the RSS lies outside the heap on its own: the embedded
 * database's thread (its JavaScript heap and its WebAssembly memory, which the GC does not reach;
 * 0 on PostgreSQL) and the main thread's memory outside its heap (Buffers, sockets' queued
 * writes). A growing RSS beside a flat heap is then told apart as the database's or the server's.
 */
interface AfterGc extends MemoryReading {
  threadBytes: number;
  external: number;
}

async function memoryAfterGc(run: Run): Promise<AfterGc> {
  const r = await readAll(run.nodes, 'gc');
  return { rss: r.rss, heapUsed: r.heapUsed, threadBytes: r.threadBytes, external: r.external };
}

const memoryText = (m: AfterGc) =>
  `${mib(m.rss)} RSS, ${mib(m.heapUsed)} heap, ${mib(m.external)} outside it` +
  (m.threadBytes > 0 ? `, database thread ${mib(m.threadBytes)}` : '');

/** The games play; a line each interval. Returns the first interval's memory after a GC. */
async function play(run: Run, slots: GameSlots): Promise<AfterGc> {
  const { settings } = run;
  const started = Date.now();
  let first: AfterGc | undefined;
  await readAll(run.nodes, 'reset');
  for (let at = settings.intervalSeconds; ; at += settings.intervalSeconds) {
    const end = Math.min(at, settings.seconds);
    await sleep(Math.max(0, started + end * 1000 - Date.now()));
    const reading = await readAll(run.nodes, 'read');
    await readAll(run.nodes, 'reset');
    const { delays, ended } = slots.drain();
    const fanout = distribution(delays);
    const commands = await botCommands(run);
    console.log(
      readingLine({
        at: end,
        rss: reading.rss,
        heapUsed: reading.heapUsed,
        loopP99Ms: reading.loopP99Ms,
        fanoutP99Ms: fanout.p99,
        fanoutCount: fanout.count,
        gamesEnded: ended,
        botCommands: commands.done,
        botRefusals: commands.refused,
      }),
    );
    if (slots.failures.length > 0) throw new Error(slots.failures.join('\n'));
    first ??= await memoryAfterGc(run);
    if (end >= settings.seconds) return first;
  }
}

/** The ledgers, the bots' refusals and the growth: the problems found. */
async function verdict(run: Run, first: AfterGc): Promise<string[]> {
  const last = await memoryAfterGc(run);
  console.log(`memory after GC: first ${memoryText(first)}; last ${memoryText(last)}`);
  console.log(`bound:    ${BOUND_TEXT}`);
  const problems = growthProblems(first, last);
  await Promise.all(run.nodes.map((n) => n.stop()));
  const handle = await run.database.open();
  try {
    const result = (await handle.db.execute(
      sql`select (select count(*)::int from transactions where type = 'trade') as trades,
                 (select coalesce(sum(refusals), 0)::int from practice_games) as refusals,
                 (select count(*)::int from games where practice and status = 3) as ended`,
    )) as unknown as { rows: Array<{ trades: number; refusals: number; ended: number }> };
    const counts = result.rows[0]!;
    const ledger = await reconcileLedger(handle.db, Number(counts.trades), 0);
    console.log(
      `ledger:   ${ledger.players} players, ${counts.trades} trades, ${counts.ended} games ended: ${ledger.problems.length === 0 ? 'reconciled' : `${ledger.problems.length} problems`}`,
    );
    problems.push(...ledger.problems.slice(0, 20));
    if (Number(counts.refusals) > 0)
      problems.push(`the bots were refused ${counts.refusals} times`);
    if (Number(counts.trades) === 0) problems.push('no bot traded');
  } finally {
    await handle.close();
  }
  return problems;
}

async function main(): Promise<void> {
  let settings: SoakSettings;
  try {
    settings = parseSoakArgs(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(err instanceof UsageError ? err.message : err);
    process.exit(2);
  }
  const cleanups: Array<() => Promise<void>> = [];
  const finish = async (code: number) => {
    const stuck = setTimeout(() => process.exit(code || 2), 30_000);
    for (const step of cleanups) await step().catch((err: unknown) => console.error(err));
    clearTimeout(stuck);
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void finish(130));
  }
  try {
    const { run, users } = await startServer(settings, cleanups);
    const slots = new GameSlots(
      settings,
      run.nodes.map((n) => n.url),
    );
    cleanups.unshift(() => slots.stop());
    console.log(
      `soak:     ${settings.games} games of ${settings.bots} bots, ${settings.phaseSeconds} s phases, for ${settings.seconds} s, a reading each ${settings.intervalSeconds} s`,
    );
    slots.start(users);
    const first = await play(run, slots);
    await slots.stop();
    console.log(
      `games:    ${slots.opened} opened; TV first spectates asked again: ${slots.spectateRetries}`,
    );
    const problems = await verdict(run, first);
    for (const p of problems) console.error(`FAIL ${p}`);
    console.log(problems.length === 0 ? 'soak: passed' : `soak: failed (${problems.length})`);
    await finish(problems.length === 0 ? 0 : 1);
  } catch (err) {
    console.error('\nsoak failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    await finish(2);
  }
}

await main();
