/** A step's CPU and pauses: the figures the JSON keeps and the line the console prints. */
import { round1 } from './common.ts';
import { ms, type RateStep } from './stats.ts';

/** A generator that sends this late (p99), or burns this much CPU, limits the run itself. */
const GENERATOR_LAG_LIMIT_MS = 10;
const GENERATOR_CPU_LIMIT = 90;

/**
 * A step's CPU (the server's processes, PostgreSQL's, the busiest generator, and the machine)
 * and the server's pauses (event-loop delay, garbage collection).
 */
export interface StepCpu {
  server: {
    cpuPercent: number;
    postgresPercent: number;
    machinePercent: number;
    loopP99Ms: number;
    gcMaxMs: number;
    gcTotalMs: number;
    mainRunsPerSecond: number;
    walFlushesPerSecond: number;
    walFlushMeanMs: number;
  };
  generatorCpu: number;
}
export type StepRecord = RateStep & { generatorBound: boolean; cpu: ReturnType<typeof cpuFigures> };

export function cpuFigures(step: StepCpu) {
  return {
    server_percent: round1(step.server.cpuPercent),
    database_percent: round1(step.server.postgresPercent),
    busiest_generator_percent: round1(step.generatorCpu),
    machine_percent: round1(step.server.machinePercent),
    event_loop_p99_ms: round1(step.server.loopP99Ms),
    gc_max_pause_ms: round1(step.server.gcMaxMs),
    gc_total_ms: round1(step.server.gcTotalMs),
    main_thread_runs_per_s: round1(step.server.mainRunsPerSecond),
    wal_flushes_per_s: round1(step.server.walFlushesPerSecond),
    wal_flush_mean_ms: round1(step.server.walFlushMeanMs),
  };
}

export const microsText = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(0)} µs`);

export const percent = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(0)} %`);

const runsText = (perSecond: number) =>
  Number.isNaN(perSecond) ? '' : ` · main thread on a CPU ${perSecond.toFixed(0)}/s`;

export function cpuText(step: StepCpu): string {
  const flushes = step.server.walFlushesPerSecond;
  const wal = Number.isNaN(flushes)
    ? ''
    : ` · WAL flushes ${flushes.toFixed(0)}/s${Number.isNaN(step.server.walFlushMeanMs) ? '' : `, mean ${ms(step.server.walFlushMeanMs)}`}`;
  const db = Number.isNaN(step.server.postgresPercent)
    ? ''
    : ` · PostgreSQL ${percent(step.server.postgresPercent)}`;
  return `CPU: server ${percent(step.server.cpuPercent)}${db} · generator ${percent(step.generatorCpu)} · machine ${percent(step.server.machinePercent)} busy · event loop p99 ${ms(step.server.loopP99Ms)} · GC ${ms(step.server.gcTotalMs)}, longest ${ms(step.server.gcMaxMs)}${runsText(step.server.mainRunsPerSecond)}${wal}`;
}

export const generatorBound = (sendLagP99: number, cpu: number) =>
  sendLagP99 > GENERATOR_LAG_LIMIT_MS || cpu > GENERATOR_CPU_LIMIT;
