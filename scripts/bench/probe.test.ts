/**
 * The probe in a cluster (WORKERS > 1): every process must answer on a port of its own. A port
 * shared by the workers would hand each reading, GC and CPU profile to whichever worker the
 * cluster picks, so memory and CPU would count one worker twice and another not at all.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { busiestProfile } from './report.ts';

const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A primary and two workers that only wait, each with the probe loaded as the bench loads it. */
const CLUSTER = `
const cluster = require('node:cluster');
if (cluster.isPrimary) {
  for (let i = 0; i < 2; i++) cluster.fork();
  process.on('SIGTERM', () => { for (const w of Object.values(cluster.workers)) w.kill(); process.exit(0); });
} else {
  setInterval(() => {}, 1000);
}
`;

/**
 * A process whose worker thread (as the embedded database's) keeps busy in \`spinInThread\`, and
 * writes how many spins it has done to SPINS_FILE, so a test can wait for the thread's work
 * however slowly a loaded machine schedules it.
 */
const WITH_THREAD = `
const { Worker } = require('node:worker_threads');
new Worker(\`
const fs = require('node:fs');
let x = 0;
let spins = 0;
function spinInThread() { for (let i = 0; i < 2e5; i++) x += Math.sqrt(i); }
setInterval(() => { spinInThread(); spins += 1; fs.writeFileSync(process.env.SPINS_FILE, String(spins)); }, 5);
\`, { eval: true });
setInterval(() => {}, 1000);
`;

/** Starts \`script\` with the probe loaded as the bench loads it; answers its probe directory. */
function withProbe(dir: string, script: string, env: Record<string, string> = {}) {
  const file = path.join(dir, 'script.cjs');
  fs.writeFileSync(file, script);
  const probeDir = path.join(dir, 'probes');
  fs.mkdirSync(probeDir);
  const child = spawn(
    process.execPath,
    [
      '--import',
      tsxLoader,
      '--import',
      pathToFileURL(path.join(import.meta.dirname, 'probe.ts')).href,
      file,
    ],
    { env: { ...process.env, BENCH_PROBE_DIR: probeDir, ...env }, stdio: 'inherit' },
  );
  return { child, probeDir };
}

describe('the bench probe', () => {
  it("profiles the process's worker thread too (the embedded database's), into a file of its own", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-probe-test-'));
    dirs.push(dir);
    const profileDir = path.join(dir, 'profiles');
    fs.mkdirSync(profileDir);
    const spinsFile = path.join(dir, 'spins');
    const spins = () => (fs.existsSync(spinsFile) ? Number(fs.readFileSync(spinsFile, 'utf8')) : 0);
    const { child, probeDir } = withProbe(dir, WITH_THREAD, {
      BENCH_PROFILE_DIR: profileDir,
      SPINS_FILE: spinsFile,
    });
    try {
      const deadline = Date.now() + 30_000;
      while (fs.readdirSync(probeDir).length < 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [probeFile] = fs.readdirSync(probeDir);
      const { port } = JSON.parse(fs.readFileSync(path.join(probeDir, probeFile!), 'utf8')) as {
        port: number;
      };
      const call = async (url: string) =>
        (await (await fetch(`http://127.0.0.1:${port}${url}`)).json()) as {
          file?: string;
          threads?: string[];
        };
      await call('/profile/start');
      // Profiled for as long as the thread takes to spin 100 times, not for a fixed time: on a
      // busy machine the thread may get little of a half second.
      const from = spins();
      while (spins() < from + 100 && Date.now() < deadline + 30_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(spins()).toBeGreaterThanOrEqual(from + 100);
      const stopped = await call('/profile/stop?name=orders');
      expect(stopped.threads).toHaveLength(1);
      expect(path.basename(stopped.threads![0]!)).toMatch(/^thread-orders-\d+-\d+\.cpuprofile$/);
      // The thread's busy loop is in its profile, and not in the main thread's.
      const thread = busiestProfile(profileDir, 'thread-orders');
      const main = busiestProfile(profileDir, 'orders');
      const spinning = (summary: typeof thread) =>
        summary!.by_function.some((f) => f.name.startsWith('spinInThread'));
      expect(spinning(thread)).toBe(true);
      expect(spinning(main)).toBe(false);
      expect(thread!.busy_ms).toBeGreaterThan(main!.busy_ms);
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);

  it('answers on its own port in every process of a cluster', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-probe-test-'));
    dirs.push(dir);
    const { child, probeDir } = withProbe(dir, CLUSTER);
    try {
      const deadline = Date.now() + 30_000;
      while (fs.readdirSync(probeDir).length < 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const probes = fs.readdirSync(probeDir).map(
        (f) =>
          JSON.parse(fs.readFileSync(path.join(probeDir, f), 'utf8')) as {
            pid: number;
            port: number;
          },
      );
      expect(probes).toHaveLength(3);
      expect(new Set(probes.map((p) => p.port)).size).toBe(3);
      // Asked several times, each port answers for the process that wrote it, and only that one.
      for (const probe of probes) {
        for (let i = 0; i < 4; i++) {
          const reading = (await (await fetch(`http://127.0.0.1:${probe.port}/`)).json()) as {
            pid: number;
          };
          expect(reading.pid).toBe(probe.pid);
        }
      }
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
