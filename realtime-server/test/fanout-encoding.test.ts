/**
 * A broadcast is serialised once, not once per socket: a price update to a full table
 * (a broker, six investors and two spectators) is framed for the WebSocket once and written to
 * every socket as is. The spectator allowlist passes a price update whole, so the players' and
 * the spectators' rooms share that one encoding; an event it cuts down is encoded once
 * per room (publisher.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupTable } from './helpers/game.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { TestClient } from './helpers/sockets.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('encodes a price update once for the players and the spectators, and frames it once', async () => {
  const table = await setupTable(server, { investors: 6, start: true });
  const clients: TestClient[] = [];
  for (const player of [table.broker, ...table.investors]) {
    const client = await TestClient.connect(server.url, player.token);
    await client.snapshot('game:join', table.gameId);
    clients.push(client);
  }
  for (let i = 0; i < 2; i++) {
    const tv = await TestClient.connect(server.url);
    const res = await tv.emit('board:spectate', { code: table.code });
    expect('data' in res).toBe(true);
    clients.push(tv);
  }
  // Presence broadcasts from the joins settle before counting.
  await new Promise((resolve) => setTimeout(resolve, 200));

  const adapter = server.application.io.of('/').adapter as unknown as {
    _encode(packet: { data: unknown[] }, opts: { wsPreEncodedFrame?: unknown }): unknown;
  };
  const encoded: Array<{ event: unknown; framed: boolean }> = [];
  const original = adapter._encode.bind(adapter);
  adapter._encode = (packet, opts) => {
    const result = original(packet, opts);
    encoded.push({ event: packet.data[0], framed: opts.wsPreEncodedFrame !== undefined });
    return result;
  };
  try {
    const res = await table.broker.api.post(`/api/game/${table.gameId}/stocks`, {
      stock_id: 1,
      operation: '+',
      value: 5,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await Promise.all(clients.map((c) => c.waitFor('price:updated')));
  } finally {
    adapter._encode = original;
  }
  const updates = encoded.filter((e) => e.event === 'price:updated');
  expect(updates).toEqual([{ event: 'price:updated', framed: true }]);
  for (const c of clients) c.close();
});
