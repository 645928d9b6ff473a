/**
 * Step 4, baseline: the same fan-out through a bare Socket.IO relay (relay.ts), in this run, so
 * the server's latency and CPU per delivery are read against what Socket.IO alone costs; then
 * with each publish an HTTP call (node:http alone, then Express), so a REST price move is read
 * against what HTTP and the framework alone cost.
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
  const relayUrl = `http://127.0.0.1:${relayPort}`;
  const through = (via: 'socket' | 'rest', url = relayUrl) =>
    measureFanout(bench, 'relay', settings.games, fanoutTiming(bench), relay.pid, via, url);
  const baseline = await through('socket');
  // The same publish as an HTTP call: what HTTP itself, then Express with its body parser,
  // cost per price move on this machine, beside the server's REST call.
  console.log('baseline: the same, each publish an HTTP call to node:http');
  const http = await through('rest');
  console.log('baseline: the same, each publish an HTTP call to Express');
  const express = await through('rest', `${relayUrl}/express`);
  await Promise.all(generators.map((g) => g.run({ type: 'close' }, 30_000)));
  relay.kill();
  return { ...baseline, http, express };
}
