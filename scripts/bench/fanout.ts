/**
 * Step 2, sockets, idle and fan-out: every socket connected and joined (memory per socket), the
 * server idle with them (its own CPU a second), then the brokers' price updates, once a second
 * per game and staggered, measured at every socket: a step search for the highest rate with
 * p99 ≤ 50 ms, then the measured run at one update per game.
 */
import { epochNow, P99_TARGET_MS } from './common.ts';
import type { CommandPath, FanoutResult } from './ipc.ts';
import { drained } from './rest.ts';
import { measureServer, readAll } from './server-node.ts';
import type { Bench } from './setup.ts';
import { cpuFigures, cpuText, generatorBound, type StepRecord } from './step-cpu.ts';
import { count, distribution, maxPassingRate, percentiles, rateSteps, tally } from './stats.ts';

function mergeFanout(results: FanoutResult[]) {
  const failures: Record<string, number> = {};
  for (const r of results)
    for (const [k, v] of Object.entries(r.updateFailures)) tally(failures, k, v);
  return {
    latency: distribution(results.flatMap((r) => r.latencies)),
    sameNode: distribution(results.flatMap((r) => r.sameNode)),
    otherNodes: distribution(results.flatMap((r) => r.otherNodes)),
    sendLag: distribution(results.flatMap((r) => r.sendLag)),
    updatesSent: results.reduce((s, r) => s + r.updatesSent, 0),
    missing: results.reduce((s, r) => s + r.missing, 0),
    failures,
    generatorCpu: Math.max(...results.map((r) => r.cpuPercent)),
  };
}

/** Connects every socket (players and spectators) and measures the server's memory per socket. */
export async function connectSockets({ nodes, generators, share }: Bench) {
  const before = await readAll(nodes, 'gc');
  const connects = await Promise.all(
    generators.map((gen, g) =>
      gen.run(
        { type: 'connect', urls: nodes.map((n) => n.url), games: share(g), target: 'server' },
        600_000,
      ),
    ),
  );
  const after = await readAll(nodes, 'gc');
  const connected = connects.reduce((s, c) => s + c.connected, 0);
  const planned = connects.reduce((s, c) => s + c.planned, 0);
  const connectFailures: Record<string, number> = {};
  for (const c of connects)
    for (const [k, v] of Object.entries(c.failures)) tally(connectFailures, k, v);
  const perSocket = (bytes: number) => (connected > 0 ? bytes / connected / 1024 : NaN);
  const rssPerSocket = perSocket(after.rss - before.rss);
  const heapPerSocket = perSocket(after.heapUsed - before.heapUsed);
  // On PGlite the embedded database runs in a worker thread of the server process: its memory
  // is in the RSS, and the probe's GC does not collect it. The RSS less that thread's growth.
  const dbThreadKiBPerSocket = perSocket(after.threadBytes - before.threadBytes);
  const rssLessDbThread = perSocket(
    after.rss - before.rss - (after.threadBytes - before.threadBytes),
  );
  console.log(
    `sockets:  ${count(connected)} / ${count(planned)} connected and joined in ${(Math.max(...connects.map((c) => c.elapsedMs)) / 1000).toFixed(1)} s`,
  );

  return {
    planned,
    connected,
    connectFailures,
    rssPerSocket,
    heapPerSocket,
    dbThreadKiBPerSocket,
    rssLessDbThread,
    after,
  };
}

/** After the joins, their presence refreshes and the first sweeps settle before the idle window. */
const IDLE_SETTLE_MS = 2000;

/**
 * The server with every socket joined and nothing sent: what it spends a second on its own (its
 * sockets' pings, the session recheck, the phase sweeps, the cluster or Redis adapter), which
 * every table update and order at a given rate shares.
 */
export async function measureIdle({ nodes, database, settings }: Bench) {
  const server = measureServer(nodes, epochNow() + IDLE_SETTLE_MS, database);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS + settings.idleSeconds * 1000));
  const measured = await server();
  console.log(
    `idle:     server ${measured.cpuPercent.toFixed(1)} % of one core over ${settings.idleSeconds} s, every socket joined and nothing sent`,
  );
  return { seconds: settings.idleSeconds, server: measured };
}

export interface FanoutTiming {
  warmupMs: number;
  measureMs: number;
}

/** The configured warm-up and measured window of a fan-out run. */
export const fanoutTiming = ({ settings }: Bench): FanoutTiming => ({
  warmupMs: settings.warmupSeconds * 1000,
  measureMs: settings.fanoutSeconds * 1000,
});

/**
 * One fan-out run through the server (or the bare relay, whose process `relayPid` is measured):
 * `activeGames` games update once a second each, every socket's receipt timed. With `via`
 * 'rest', the updates are HTTP calls to `restUrl` (the server's, or the relay's HTTP publish).
 */
export async function measureFanout(
  bench: Bench,
  target: 'server' | 'relay',
  activeGames = bench.settings.games,
  timing = fanoutTiming(bench),
  relayPid?: number,
  via: CommandPath = 'socket',
  restUrl = bench.restUrl,
) {
  const { generators, nodes, database, settings } = bench;
  const startEpochMs = epochNow() + 1_500;
  const server = measureServer(
    target === 'server' ? nodes : [],
    startEpochMs + timing.warmupMs,
    database,
    relayPid,
  );
  const results = await Promise.all(
    generators.map((gen) =>
      gen.run(
        {
          type: 'fanout',
          restUrl,
          target,
          via,
          totalGames: settings.games,
          activeGames,
          startEpochMs,
          ...timing,
        },
        timing.warmupMs + timing.measureMs + 120_000,
      ),
    ),
  );
  return { ...mergeFanout(results), server: await server() };
}

/** The step search, then the measured fan-out at one update a second in every game. */
export async function fanOut(bench: Bench) {
  const { settings, restUrl, seatsPerGame, profiled } = bench;
  // How many tables this server carries: a step search over update rates (some of the games
  // updating, once a second each) for the highest with fan-out p99 ≤ 50 ms and nothing lost.
  const fanoutSteps: StepRecord[] = [];
  const socketsPerGame = seatsPerGame + settings.spectators;
  for (const rate of rateSteps(
    Math.max(Math.min(10, settings.games), settings.games / 16),
    2,
    settings.steps,
  )) {
    if (rate > settings.games) break;
    await drained(restUrl);
    const stepTiming = { warmupMs: 2_000, measureMs: settings.stepSeconds * 1000 };
    const step = await measureFanout(bench, 'server', rate, stepTiming);
    const expected = rate * settings.stepSeconds * socketsPerGame;
    const failures = Object.values(step.failures).reduce((sum, n) => sum + n, 0) + step.missing;
    fanoutSteps.push({
      rate,
      completedPerSecond: expected > 0 ? (rate * step.latency.count) / expected : 0,
      p99: step.latency.p99,
      errors: failures,
      generatorBound: generatorBound(step.sendLag.p99, step.generatorCpu),
      cpu: cpuFigures(step),
    });
    console.log(
      `  fan-out step ${rate} updates/s: ${percentiles(step.latency)} · failures ${failures} · ${cpuText(step)}`,
    );
    if (step.latency.p99 > P99_TARGET_MS || failures > 0) break;
  }
  const fanoutMaxRate = maxPassingRate(fanoutSteps, P99_TARGET_MS);
  await drained(restUrl);
  console.log(
    `fan-out:  ${settings.games} updates/s for ${settings.warmupSeconds} s warm-up + ${settings.fanoutSeconds} s measured`,
  );
  const fanout = await profiled('fanout', () => measureFanout(bench, 'server'));
  // The same run with the brokers' updates as REST calls: the two command paths, same run.
  await drained(restUrl);
  console.log('fan-out:  the same again, the updates as REST calls');
  const rest = await profiled('rest-fanout', () =>
    measureFanout(bench, 'server', settings.games, fanoutTiming(bench), undefined, 'rest'),
  );

  return { ...fanout, steps: fanoutSteps, maxRate: fanoutMaxRate, rest };
}
