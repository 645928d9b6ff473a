/**
 * A small file system of a test's own, to fill: a tmpfs mounted in a private mount namespace
 * (root and util-linux's unshare), so nothing outside the test sees it or runs out of space.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Whether this machine lets the test mount one: root, and `unshare -m`. */
export function mountNamespaces(): boolean {
  return process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;
}

/** Under CI the suites that need one always run (vitest.config.ts): fail where it cannot. */
export function requireMountNamespaces(): void {
  if (!mountNamespaces()) throw new Error('needs root and unshare -m for a tmpfs of its own');
}

/**
 * The command line that runs the command after it with a tmpfs of `size` at `dir`, once the
 * shell command `then` has run there ("$0" is the directory).
 */
export function onTmpfs(dir: string, size: string, then = 'true'): string[] {
  const script = `mount -t tmpfs -o size=${size} showdown-full "$0" && ${then} && exec "$@"`;
  return ['unshare', '-m', 'sh', '-c', script, dir];
}

/**
 * A tmpfs held by a process of its own, for a test that uses it in its own process: `path` is
 * the mount as that process sees it (/proc/<pid>/root/…).
 */
export async function holdTmpfs(
  dir: string,
  size: string,
): Promise<{ path: string; release(): void }> {
  const [command, ...args] = [...onTmpfs(dir, size, 'echo mounted'), 'sleep', '3600'];
  const holder: ChildProcess = spawn(command!, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on('data', (d: Buffer) => d.toString().includes('mounted') && resolve());
    holder.once('exit', (code) => reject(new Error(`the tmpfs could not be mounted (${code})`)));
  });
  return {
    path: `/proc/${holder.pid}/root${dir}`,
    release: () => holder.kill('SIGKILL'),
  };
}

/** Writes `file` until its file system has no room left. */
export function fill(file: string): void {
  const fd = fs.openSync(file, 'a');
  try {
    for (const size of [1 << 20, 4096]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}
