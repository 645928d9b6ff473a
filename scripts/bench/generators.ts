/** The load generators as the benchmark sees them: forked processes answering typed commands. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { tsxLoader } from './common.ts';
import type { Command, Ready, Reply, Request, Results } from './ipc.ts';

/** A forked helper process with a typed request/answer channel. */
export class Generator {
  private nextId = 1;
  private pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: Reply) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new Error(`generator: ${message.error}`));
    });
    child.on('exit', (code, signal) => {
      for (const waiting of this.pending.values()) {
        waiting.reject(new Error(`a generator exited (${signal ?? code})`));
      }
      this.pending.clear();
    });
  }

  static async start(): Promise<Generator> {
    const child = fork(path.join(import.meta.dirname, 'generator.ts'), [], {
      execArgv: ['--import', tsxLoader],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('a generator did not start')), 30_000);
      child.once('message', (_message: Ready) => {
        clearTimeout(timer);
        resolve();
      });
      child.once('exit', (code) => reject(new Error(`a generator exited (${code})`)));
    });
    return new Generator(child);
  }

  run<K extends Command['type']>(
    command: Extract<Command, { type: K }>,
    timeoutMs: number,
  ): Promise<Results[K]> {
    const id = this.nextId++;
    return new Promise<Results[K]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`generator: '${command.type}' got no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as Results[K]);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      this.child.send({ id, command } satisfies Request);
    });
  }

  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }
}
