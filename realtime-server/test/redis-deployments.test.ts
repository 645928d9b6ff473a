import { describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_USER } from '@showdown/shared/protocol';
import { useNodes } from './helpers/nodes.ts';
import type { ServerProcess } from './helpers/process.ts';
import { tryConnect } from './helpers/raw-http.ts';
import { signUp } from './helpers/server.ts';

/**
 * Two deployments on one Redis, each with a REDIS_STREAM_NAME of its own (startNodes gives each
 * set of nodes one), are apart: what a node asks its deployment's other nodes (a user's sockets
 * for the cap, a game's users present) is answered by them alone, never by the other
 * deployment's nodes, whose user and game ids number another database's rows.
 */
describe('two deployments on one Redis', () => {
  const here = useNodes({ suite: 'the deployments suite', nodes: 2 });
  const there = useNodes({ suite: 'the deployments suite', nodes: 2 });

  it("counts a user's sockets in the user's own deployment only", async () => {
    // Each database numbers its users from the same start: the same id in both.
    const ours = await signUp({ url: here.nodes[0]!.url, otps: here.otps }, 'Here');
    const theirs = await signUp({ url: there.nodes[0]!.url, otps: there.otps }, 'There');
    expect(theirs.userId).toBe(ours.userId);

    const open: Array<() => void> = [];
    try {
      const thereNodes = there.nodes as ServerProcess[];
      for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) {
        const attempt = await tryConnect(thereNodes[i % 2]!.url, { token: theirs.token });
        expect(attempt.outcome, `their socket ${i + 1}`).toBe('connected');
        if (attempt.outcome === 'connected') open.push(attempt.close);
      }
      // The other deployment's user holds every socket the cap allows; ours holds none.
      for (const node of here.nodes as ServerProcess[]) {
        const attempt = await tryConnect(node.url, { token: ours.token });
        expect(attempt.outcome, `our socket on ${node.url}`).toBe('connected');
        if (attempt.outcome === 'connected') open.push(attempt.close);
      }
    } finally {
      for (const close of open) close();
    }
  });
});
