/**
 * Step 4, baseline: the same fan-out through a bare Socket.IO relay (relay.ts), in this run, so
 * the server's latency and CPU per delivery are read against what Socket.IO alone costs.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { tsxLoader } from './common.ts';
import { fanoutTiming, measureFanout } from './fanout.ts';
import type { Bench } from './setup.ts';

export async function runBaseline(bench: Bench) {
  const { settings, generators, share, cleanups } = bench;
  const relay = fork(path.join(import.meta.dirname, 'relay.ts'), [], {
    execArgv: ['--import', tsxLoader],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.unshift(async () => {
    relay.kill();
  });
  const relayPort = await new Promise<number>((resolve) =>
    relay.once('message', (m: { port: number }) => resolve(m.port)),
  );
  await Promise.all(
    generators.map((gen, g) =>
      gen.run(
        {
          type: 'connect',
          urls: [`http://127.0.0.1:${relayPort}`],
          games: share(g),
          target: 'relay',
        },
        600_000,
      ),
    ),
  );
  console.log('baseline: the same fan-out through a bare Socket.IO relay');
  const baseline = await measureFanout(
    bench,
    'relay',
    settings.games,
    fanoutTiming(bench),
    relay.pid,
  );
  await Promise.all(generators.map((g) => g.run({ type: 'close' }, 30_000)));
  relay.kill();
  return baseline;
}
