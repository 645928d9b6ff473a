/**
 * Private instances of the services a fault test stops and starts: a redis-server and a
 * PostgreSQL cluster (initdb) of the test's own, on free ports, never the machine's shared ones.
 * Each is stopped (and its files removed) by `destroy`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { freePort } from './process.ts';

/** Resolves once something accepts TCP connections on the port. */
async function listening(port: number, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => {
        probe.destroy();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A redis-server of the test's own (no persistence), which the test can stop and restart. */
export class PrivateRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** A free port with no Redis on it yet: `start()` starts one there. */
  static async reserve(): Promise<PrivateRedis> {
    return new PrivateRedis(await freePort());
  }

  static async start(): Promise<PrivateRedis> {
    const redis = await PrivateRedis.reserve();
    await redis.start();
    return redis;
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await listening(this.port, 'redis-server');
  }

  /** Gone at once, as a crash or a stopped container: its connections close. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
    this.child = undefined;
  }

  /** Frozen: its connections stay open and nothing answers (SIGSTOP); `resume` thaws it. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async destroy(): Promise<void> {
    this.resume();
    await this.stop();
  }
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
}

/** A PostgreSQL cluster of the test's own (initdb, trust auth), which it can stop and start. */
export class PrivatePostgres {
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async start(): Promise<PrivatePostgres> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-pg-'));
    if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
    const pg = new PrivatePostgres(await freePort(), dir);
    const [cmd, args] = asPostgres('initdb', [
      '-D',
      path.join(dir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
    ]);
    const init = spawnSync(cmd, args, { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
    await pg.start();
    return pg;
  }

  private ctl(args: string[]): void {
    const [cmd, all] = asPostgres('pg_ctl', ['-D', path.join(this.dir, 'data'), ...args]);
    const run = spawnSync(cmd, all, { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pg_ctl ${args[0]} failed:\n${run.stdout}${run.stderr}`);
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.ctl(['start', '-w', '-l', path.join(this.dir, 'log'), '-o', options]);
    await listening(this.port, 'PostgreSQL');
  }

  /** A fast shutdown: every connection is ended, as when the server goes down. */
  stop(): void {
    this.ctl(['stop', '-m', 'fast', '-w']);
  }

  async destroy(): Promise<void> {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
