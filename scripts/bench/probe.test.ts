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

describe('the bench probe', () => {
  it('answers on its own port in every process of a cluster', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-probe-test-'));
    dirs.push(dir);
    const script = path.join(dir, 'cluster.cjs');
    fs.writeFileSync(script, CLUSTER);
    const probeDir = path.join(dir, 'probes');
    fs.mkdirSync(probeDir);
    const child = spawn(
      process.execPath,
      [
        '--import',
        tsxLoader,
        '--import',
        pathToFileURL(path.join(import.meta.dirname, 'probe.ts')).href,
        script,
      ],
      { env: { ...process.env, BENCH_PROBE_DIR: probeDir }, stdio: 'inherit' },
    );
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
