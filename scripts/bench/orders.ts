/**
 * Step 3, orders, every socket still connected: a trade phase opens in every game (opening an open
 * phase changes nothing, so a failed connection is simply tried again), then investors trade at
 * rising rates (the step search for the highest with p99 ≤ 50 ms) and at the offered rate. An order
 * the game's rules refuse is counted as a refusal, not an error. A phase lasts at most 180 s (the
 * longest setting), less than all the steps of a slow full run: before a step the phase would not
 * outlast, every game's phase is closed and opened again.
 */
import { epochNow, P99_TARGET_MS } from './common.ts';
import type { CommandPath, OrdersResult } from './ipc.ts';
import { drained, idempotentOk, rest } from './rest.ts';
import { measureServer } from './server-node.ts';
import type { Bench } from './setup.ts';
import { cpuFigures, cpuText, generatorBound, type StepRecord } from './step-cpu.ts';
import { distribution, inPool, maxPassingRate, percentiles, rateSteps, tally } from './stats.ts';

function mergeOrders(results: OrdersResult[], measureMs: number) {
  const errors: Record<string, number> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.errors)) tally(errors, k, v);
  const refusals: Record<string, number> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.refusals)) tally(refusals, k, v);
  const unanswered = results.reduce((s, r) => s + r.unanswered, 0);
  if (unanswered > 0) tally(errors, 'unanswered at the end of the step', unanswered);
  const ok = results.reduce((s, r) => s + r.ok, 0);
  return {
    offered: results.reduce((s, r) => s + r.offered, 0),
    sent: results.reduce((s, r) => s + r.sent, 0),
    ok,
    completedPerSecond: ok / (measureMs / 1000),
    latency: distribution(results.flatMap((r) => r.latencies)),
    sendLag: distribution(results.flatMap((r) => r.sendLag)),
    errors,
    errorCount: Object.values(errors).reduce((s, v) => s + v, 0),
    refusals,
    refusalCount: Object.values(refusals).reduce((s, v) => s + v, 0),
    okTotal: results.reduce((s, r) => s + r.okTotal, 0),
    unknownTotal: results.reduce((s, r) => s + r.unknownTotal, 0),
    portfolioEvents: results.reduce((s, r) => s + r.portfolioEvents, 0),
    generatorCpu: Math.max(...results.map((r) => r.cpuPercent)),
    generatorCpuTotal: results.reduce((sum, r) => sum + r.cpuPercent, 0),
  };
}

/** A step of `stepMs` from `nowMs` ends before the phase does, with `PHASE_MARGIN_MS` to spare. */
export function phaseOutlasts(phaseEndsAtMs: number, nowMs: number, stepMs: number): boolean {
  return phaseEndsAtMs - nowMs >= stepMs + PHASE_MARGIN_MS;
}

/** Room for the step's start, its stragglers and the drain after it. */
const PHASE_MARGIN_MS = 30_000;

/**
 * Keeps every game's phase open for the next step: `openAll(closeFirst)` opens them (closing the
 * open ones first when `closeFirst`) and answers when the first ends (epoch ms). The returned
 * function, given a step's length, opens them when they would not outlast it and says whether it
 * did.
 */
export function phaseKeeper(
  openAll: (closeFirst: boolean) => Promise<number>,
  now: () => number,
): (stepMs: number) => Promise<boolean> {
  let endsAt = 0;
  return async (stepMs) => {
    if (phaseOutlasts(endsAt, now(), stepMs)) return false;
    endsAt = await openAll(endsAt > 0);
    return true;
  };
}

/** The step search, then the measured orders; the generators' sockets are closed after. */
export async function placeOrders(bench: Bench) {
  const { settings, restUrl, plans, nodes, database, generators, profiled } = bench;
  const keepPhasesOpen = phaseKeeper(async (closeFirst) => {
    let earliest = Infinity;
    await inPool(plans, 24, async (plan) => {
      const game = `${restUrl}/api/game/${plan.gameId}/update/orderbook`;
      const phase = (orderbook_status: 0 | 1) =>
        idempotentOk(orderbook_status ? 'open phase' : 'close phase', () =>
          rest(game, 'PUT', plan.brokerToken, { orderbook_status }),
        );
      if (closeFirst) await phase(0);
      const opened: { ends_at: string | null } = await phase(1);
      earliest = Math.min(earliest, opened.ends_at ? Date.parse(opened.ends_at) : 0);
    });
    return earliest;
  }, epochNow);
  /** Before a step: the server drained, and every phase open for all of the step. */
  const ready = async (stepMs: number) => {
    await drained(restUrl);
    if (await keepPhasesOpen(stepMs)) await drained(restUrl);
  };
  let okTotal = 0;
  let unknownTotal = 0;
  const runOrders = async (
    rate: number,
    warmupMs: number,
    measureMs: number,
    via: CommandPath = 'socket',
  ) => {
    const startEpochMs = epochNow() + 500;
    const server = measureServer(nodes, startEpochMs + warmupMs, database);
    const results = await Promise.all(
      generators.map((gen) =>
        gen.run(
          {
            type: 'orders',
            restUrl,
            via,
            rate: rate / settings.generators,
            startEpochMs,
            warmupMs,
            measureMs,
          },
          warmupMs + measureMs + 120_000,
        ),
      ),
    );
    const merged = mergeOrders(results, measureMs);
    okTotal += merged.okTotal;
    unknownTotal += merged.unknownTotal;
    return { ...merged, server: await server() };
  };
  // The step search first (rising rates), then the offered rate; the server drains in between,
  // so an overloaded step does not bill its backlog to the next.
  const steps: StepRecord[] = [];
  for (const rate of rateSteps(Math.max(25, settings.orderRate / 4), 1.6, settings.steps)) {
    await ready(1_000 + settings.stepSeconds * 1000);
    const step = await runOrders(rate, 1_000, settings.stepSeconds * 1000);
    steps.push({
      rate,
      completedPerSecond: step.completedPerSecond,
      p99: step.latency.p99,
      errors: step.errorCount,
      generatorBound: generatorBound(step.sendLag.p99, step.generatorCpu),
      cpu: cpuFigures(step),
    });
    console.log(
      `  step ${rate}/s: ${step.completedPerSecond.toFixed(0)}/s completed · ${percentiles(step.latency)} · errors ${step.errorCount} · refused ${step.refusalCount} · ${cpuText(step)}`,
    );
    if (step.latency.p99 > P99_TARGET_MS || step.errorCount > 0) break;
  }
  // The target rate the machine should carry (250/s on PostgreSQL, 150/s on PGlite),
  // through each command path in turn: the socket's (the web app's) and REST's.
  const carriedRate = Math.min(settings.orderRate, settings.databaseUrl ? 250 : 150);
  const carried: Partial<Record<CommandPath, Awaited<ReturnType<typeof runOrders>>>> = {};
  for (const via of ['socket', 'rest'] as const) {
    await ready(2_000 + settings.ordersSeconds * 1000);
    const measured = await profiled(via === 'socket' ? 'orders' : 'rest-orders', () =>
      runOrders(carriedRate, 2_000, settings.ordersSeconds * 1000, via),
    );
    carried[via] = measured;
    console.log(
      `orders:   ${carriedRate}/s as ${via === 'socket' ? 'socket commands' : 'REST calls'}: ${measured.completedPerSecond.toFixed(0)}/s completed · ${percentiles(measured.latency)} · errors ${measured.errorCount} · ${cpuText(measured)}`,
    );
  }
  await ready(2_000 + settings.ordersSeconds * 1000);
  console.log(
    `orders:   ${settings.orderRate}/s offered for 2 s warm-up + ${settings.ordersSeconds} s measured`,
  );
  const orders = await runOrders(settings.orderRate, 2_000, settings.ordersSeconds * 1000);
  const maxRate = maxPassingRate(steps, P99_TARGET_MS);
  await Promise.all(generators.map((g) => g.run({ type: 'close' }, 30_000)));
  // Every order of every step, warm-ups included, for the ledger's reconciliation.
  return {
    ...orders,
    steps,
    maxRate,
    carried: { rate: carriedRate, socket: carried.socket!, rest: carried.rest! },
    placed: { ok: okTotal, unknown: unknownTotal },
  };
}
