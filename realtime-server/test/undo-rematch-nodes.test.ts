import { describe, expect, it } from 'vitest';
import { setupTable } from './helpers/game.ts';
import { http, nextIp } from './helpers/server.ts';
import { GameView, TestClient } from './helpers/sockets.ts';
import { useNodes } from './helpers/nodes.ts';
import type { ServerProcess } from './helpers/process.ts';

/**
 * Undo and play again across two nodes on one PostgreSQL and one Redis: a change made through
 * node A is undone through node B, a rematch opened through node B, and the devices and the TV
 * on either node are told. Several nodes need a database server: the PostgreSQL project only.
 */
describe('undo and rematch over two nodes', () => {
  const set = useNodes({ suite: 'the undo and rematch nodes suite', nodes: 2 });
  const [nodeA, nodeB] = set.nodes as [ServerProcess, ServerProcess];
  const nodes = { nodeA, nodeB, otps: set.otps };

  it('a payday given through node A is undone through node B; phones and the TV on both nodes agree', async () => {
    const table = await setupTable(
      { url: nodes.nodeA.url, otps: nodes.otps },
      { investors: 2, start: true },
    );
    const onA = await new GameView(
      await TestClient.connect(nodes.nodeA.url, table.investors[0]!.token),
      table.gameId,
    ).join();
    const onB = await new GameView(
      await TestClient.connect(nodes.nodeB.url, table.investors[1]!.token),
      table.gameId,
    ).join();
    const tvB = await TestClient.connect(nodes.nodeB.url);
    await tvB.emit('board:spectate', { code: table.code });
    const cash = onB.state.me!.portfolio!.current_balance;

    await table.broker.api.put(`/api/game/${table.gameId}/payday`);
    await onB.client.waitFor('payday:given');
    const brokerOnB = http(nodes.nodeB.url, table.broker.token, { ip: nextIp() });
    const undone = await brokerOnB.post(`/api/game/${table.gameId}/undo`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);

    for (const view of [onA, onB]) await view.client.waitFor('action:undone');
    await tvB.waitFor('action:undone');
    await onB.client.waitFor(
      'portfolio:updated',
      (p) => p.portfolio.current_balance === cash && p.game_id === table.gameId,
    );
    const [a, b] = [await onA.catchUp(), await onB.catchUp()];
    expect(a.seq).toBe(b.seq);
    expect(a.game.settings.paydays_given).toBe(0);
    expect(b.me!.portfolio!.current_balance).toBe(cash);
    for (const c of [onA.client, onB.client, tvB]) c.close();
  });

  it('a rematch opened through node B reaches a phone on node A and moves a TV on node A', async () => {
    const table = await setupTable(
      { url: nodes.nodeA.url, otps: nodes.otps },
      { investors: 1, start: true },
    );
    const phoneA = await TestClient.connect(nodes.nodeA.url, table.investors[0]!.token);
    await phoneA.snapshot('game:join', table.gameId);
    const tvA = await TestClient.connect(nodes.nodeA.url);
    await tvA.emit('board:spectate', { code: table.code });
    await table.broker.api.post(`/api/game/${table.gameId}/end`);
    const brokerOnB = http(nodes.nodeB.url, table.broker.token, { ip: nextIp() });
    const opened = await brokerOnB.post(`/api/game/${table.gameId}/rematch`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const rematchId = opened.body.data.game_id;
    expect((await phoneA.waitFor('game:rematch')).rematch_game_id).toBe(rematchId);
    expect((await tvA.waitFor('board:moved')).game_id).toBe(rematchId);
    expect((await tvA.waitFor('game:rematch')).rematch_game_id).toBe(rematchId);
    for (const c of [phoneA, tvA]) c.close();
  });
});
