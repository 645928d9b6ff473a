import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { createTestDatabase, testDriver } from './database.ts';
import { OtpInbox } from './otp-inbox.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildScript = path.resolve(serverRoot, '../scripts/build.mjs');
/** The compiled server, what `npm start` runs. */
export const serverEntry = path.join(serverRoot, 'dist/main.js');

let built = false;
/**
 * Builds the server bundle when its sources changed (`npm run build` did it already under
 * `npm test`; a test file run alone may come first), once per test process.
 */
export function ensureServerBuilt(): void {
  if (built) return;
  const run = spawnSync(process.execPath, [buildScript, 'server'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the server build failed:\n${run.stdout}${run.stderr}`);
  built = true;
}

/** A port free right now on the loopback interface. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The real server (the compiled `dist/main.js`) as its own process, as `npm start` runs it. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  output = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    /**
     * Extra Node options before the entry point, e.g. `['--import', tsx, '--import', probe]` as
     * the bench does (tsx there only loads the TypeScript probe).
     */
    private readonly nodeArgs: readonly string[] = [],
    /** A command that runs Node for it (its arguments follow), e.g. in a namespace of its own. */
    private readonly wrapper: readonly string[] = [],
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The exit code once the process has exited by itself, else null. */
  get exitCode(): number | null {
    return this.child?.exitCode ?? null;
  }

  /** The process id (with WORKERS > 1, the cluster primary's). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<this> {
    this.output = '';
    ensureServerBuilt();
    const node = [process.execPath, '--enable-source-maps', ...this.nodeArgs, serverEntry];
    const [command, ...args] = [...this.wrapper, ...node] as [string, ...string[]];
    const child = spawn(command, args, {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
        JWT_SECRET: 'process-test-secret-process-test-secret-01',
        WEB_DIST_DIR: '/nonexistent',
        // One process per node unless a suite asks for more (the default follows the CPUs).
        WORKERS: '1',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (d) => (this.output += d));
    child.stderr!.on('data', (d) => (this.output += d));
    const deadline = Date.now() + 60_000; // a fresh embedded database migrates first
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${this.output}`);
      try {
        const res = await fetch(`${this.url}/healthz`);
        if (res.ok) return this;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGKILL: no shutdown hooks, no flushing; what a crash or an OOM kill looks like. */
  async kill(): Promise<void> {
    const child = this.child;
    // A process a signal ended has no exit code, only its signal: it has exited all the same.
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM: the graceful path. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return child?.exitCode ?? null;
    }
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    return exited;
  }
}

/**
 * What a suite running the real server as a child process needs: an OTP inbox, a database of its
 * own (a PostgreSQL database under the pg driver, else a PGlite data directory) and the server's
 * environment naming both; `dispose` removes them.
 */
export async function prepareServerProcess(name: string) {
  const otps = new OtpInbox();
  const env: Record<string, string> = {
    OTP_SENDER: 'webhook',
    OTP_WEBHOOK_URL: await otps.start(),
  };
  let pgHandle: (DatabaseHandle & { url?: string }) | undefined;
  let dataDir: string | undefined;
  if (testDriver === 'pg') {
    pgHandle = await createTestDatabase();
    env.DATABASE_URL = pgHandle.url!;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `showdown-${name}-`));
    env.DATA_DIR = dataDir;
  }
  return {
    otps,
    env,
    pgHandle,
    dataDir,
    async dispose() {
      await otps.close();
      await pgHandle?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
