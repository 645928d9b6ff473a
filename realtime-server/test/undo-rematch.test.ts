import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { gameReportSchema } from '@showdown/shared/api';
import { COMPANIES } from '@showdown/shared/catalogue';
import { MSG } from '@showdown/shared/messages';
import { allowlistViolations, SPECTATOR_EVENT_FIELDS } from '@showdown/shared/spectator';
import { FakeClock } from './helpers/clock.ts';
import { useTestServer, signUp, http, nextIp } from './helpers/server.ts';
import { expectError, openPhase, setupTable, type TableSetup } from './helpers/game.ts';
import { GameView, TestClient } from './helpers/sockets.ts';

/**
 * Undo and play again: the calls, their refusals, the 60 s window on a
 * fake clock, what every device and the TV are told, and that the ledger still reconciles.
 */
const clock = new FakeClock();
const server = useTestServer({ clock });

const spice = COMPANIES[5]!; // ₹195.00
const tandoor = COMPANIES[0]!; // ₹450.00
const undoUrl = (t: TableSetup) => `/api/game/${t.gameId}/undo`;
const rematchUrl = (t: TableSetup) => `/api/game/${t.gameId}/rematch`;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await server.database.db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

/** Players whose cash differs from the sum of their ledger entries (none, ever). */
async function unreconciled(gameId: number) {
  return rows(sql`
    select p.id from players p left join ledger_entries l on l.player_id = p.id
    where p.game_id = ${gameId}
    group by p.id, p.cash_paise having p.cash_paise <> coalesce(sum(l.delta_paise), 0)`);
}

async function priceOf(t: TableSetup, stockId: number): Promise<number> {
  const res = await t.investors[0]!.api.get(`/api/game/${t.gameId}/stocks`);
  return res.body.data.stocks_data.find((s: any) => s.stock_id === stockId).current_price;
}

/** An investor's phone and the TV on the board, both following the game. */
async function devices(t: TableSetup) {
  const phone = await new GameView(
    await TestClient.connect(server.url, t.investors[0]!.token),
    t.gameId,
  ).join();
  const tv = await TestClient.connect(server.url);
  const spectated = await tv.emit('board:spectate', { code: t.code });
  expect('data' in spectated).toBe(true);
  return { phone, tv };
}

describe('undo', () => {
  it('takes a price update back to the paisa, as a new history entry, on every device and the TV', async () => {
    const t = await setupTable(server, { investors: 1, start: true });
    const { phone, tv } = await devices(t);
    // 195 × 1.07 = 208.65, then 208.65 × 0.97 = 202.3905 → 202.39
    await t.broker.api.post(`/api/game/${t.gameId}/stocks`, {
      stock_id: spice.id,
      operation: '+',
      value: 7,
    });
    await t.broker.api.post(`/api/game/${t.gameId}/stocks`, {
      stock_id: spice.id,
      operation: '-',
      value: 3,
    });
    expect(await priceOf(t, spice.id)).toBe(202.39);

    const undone = await t.broker.api.post(undoUrl(t));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({
      success: true,
      message: MSG.UNDONE,
      data: {
        kind: 'price',
        label: `Undone: price update of ${spice.name} (back to ₹208.65)`,
        changes: [{ stock_id: spice.id, previous_price: 202.39, price: 208.65 }],
      },
    });
    expect(await priceOf(t, spice.id)).toBe(208.65);

    const event = await phone.client.waitFor('action:undone');
    expect(event.changes).toEqual(undone.body.data.changes);
    const seen = await phone.catchUp();
    expect(seen.stocks.find((s) => s.stock_id === spice.id)!.current_price).toBe(208.65);
    expect(seen).toEqual(await phone.client.snapshot('game:resync', t.gameId));
    const onTv = await tv.waitFor('action:undone');
    expect(allowlistViolations(onTv, SPECTATOR_EVENT_FIELDS['action:undone'])).toEqual([]);
    expect(onTv.changes).toEqual(undone.body.data.changes);

    const history = await t.investors[0]!.api.get(`/api/game/${t.gameId}/transactions`);
    expect(history.body.data[0]).toMatchObject({
      type: 'Undone',
      undone_type: 'Price update',
      stock_id: spice.id,
    });
    const points = await t.investors[0]!.api.get(`/api/game/${t.gameId}/prices/history`);
    expect(points.body.data.at(-1)).toMatchObject({
      stock_id: spice.id,
      price: 208.65,
      cause: 'undo',
    });

    // Only the last change: the same call again has nothing left to undo.
    expectError(await t.broker.api.post(undoUrl(t)), 409, MSG.UNDO_NOTHING);
    phone.client.close();
    tv.close();
  });

  it("takes a payday's credit back exactly through the ledger, and the payday may be given again", async () => {
    const t = await setupTable(server, {
      investors: 2,
      start: true,
      settings: { starting_funds: 500000, payday_increment: 300000, trade_phase_duration: 60 },
    });
    const { phone, tv } = await devices(t);
    const before = await t.investors[0]!.api.get(`/api/game/${t.gameId}/user/portfolio`);
    const paid = await t.broker.api.put(`/api/game/${t.gameId}/payday`);
    expect(paid.body.data.paydays_given).toBe(1);

    const undone = await t.broker.api.post(undoUrl(t));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data).toMatchObject({
      kind: 'payday',
      label: 'Undone: payday of ₹3,00,000.00',
      changes: [],
      paydays_given: 0,
    });
    for (const investor of t.investors) {
      const after = await investor.api.get(`/api/game/${t.gameId}/user/portfolio`);
      expect(after.body.data.current_balance).toBe(before.body.data.current_balance);
      expect(after.body.data.total_balance).toBe(before.body.data.total_balance);
    }
    expect(await unreconciled(t.gameId)).toEqual([]);
    const credited = await phone.client.waitFor(
      'portfolio:updated',
      (p) => p.portfolio.current_balance === before.body.data.current_balance,
    );
    expect(credited.game_id).toBe(t.gameId);
    await phone.client.waitFor('action:undone');
    expect((await phone.catchUp()).game.settings.paydays_given).toBe(0);
    expect((await tv.waitFor('action:undone')).paydays_given).toBe(0);

    const history = await t.investors[1]!.api.get(`/api/game/${t.gameId}/transactions`);
    expect(history.body.data[0]).toMatchObject({
      type: 'Undone',
      undone_type: 'PAYDAY',
      price: '300000.00',
    });
    // Three paydays a game: the undone one does not count.
    for (let n = 1; n <= 3; n++) {
      expect((await t.broker.api.put(`/api/game/${t.gameId}/payday`)).body.data.paydays_given).toBe(
        n,
      );
    }
    expect(await unreconciled(t.gameId)).toEqual([]);
    phone.client.close();
    tv.close();
  });

  it('takes an averaged mayhem list back: every moved company to the paisa', async () => {
    const t = await setupTable(server, { investors: 2, start: true });
    const created = await t.broker.api.post(`/api/marketMayhem/game/${t.gameId}`, {
      stock_ids: [tandoor.id, spice.id],
      percentage: [5, -3],
    });
    const listId = created.body.data.id;
    await t.investors[0]!.api.post(`/api/marketMayhem/${listId}/respond`, {
      stocks: [
        { stock_id: tandoor.id, percentage: 5 },
        { stock_id: spice.id, percentage: -3 },
      ],
    });
    await t.investors[1]!.api.post(`/api/marketMayhem/${listId}/respond`, {
      stocks: [{ stock_id: tandoor.id, percentage: -3 }],
    });
    const averaged = await t.broker.api.post(`/api/marketMayhem/${listId}/average`);
    expect(averaged.status).toBe(200);
    expect(await priceOf(t, tandoor.id)).not.toBe(450);

    const undone = await t.broker.api.post(undoUrl(t));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data.kind).toBe('mayhem');
    expect(undone.body.data.changes.map((c: any) => [c.stock_id, c.price])).toEqual([
      [tandoor.id, 450],
      [spice.id, 195],
    ]);
    expect(await priceOf(t, tandoor.id)).toBe(450);
    expect(await priceOf(t, spice.id)).toBe(195);
    const history = await t.investors[0]!.api.get(`/api/game/${t.gameId}/transactions`);
    expect(
      history.body.data.filter((e: any) => e.type === 'Undone').map((e: any) => e.undone_type),
    ).toEqual(['Market mayhem', 'Market mayhem']);
  });

  it('is open for 60 seconds of the server clock, then 409 says it is too late', async () => {
    const t = await setupTable(server, { investors: 1, start: true });
    const move = () =>
      t.broker.api.post(`/api/game/${t.gameId}/stocks`, {
        stock_id: spice.id,
        operation: '+',
        value: 10,
      });
    await move();
    clock.advance(60);
    expect((await t.broker.api.post(undoUrl(t))).status).toBe(200);
    await move();
    clock.advance(61);
    expectError(await t.broker.api.post(undoUrl(t)), 409, MSG.UNDO_TOO_LATE);
    expect(await priceOf(t, spice.id)).toBe(214.5);
  });

  it('is refused once an order was placed since; a refused order does not count', async () => {
    const t = await setupTable(server, { investors: 1, start: true });
    await openPhase(t);
    const trade = (quantity: number) =>
      t.investors[0]!.api.post(`/api/game/${t.gameId}/stocks/trade`, {
        stock_id: spice.id,
        trade_type: 0,
        quantity,
      });
    await t.broker.api.post(`/api/game/${t.gameId}/stocks`, {
      stock_id: spice.id,
      operation: '+',
      value: 10,
    });
    // Far beyond the investor's cash: refused, nothing placed.
    expect((await trade(10_000_000)).status).toBe(422);
    expect((await t.broker.api.post(undoUrl(t))).status).toBe(200);

    await t.broker.api.post(`/api/game/${t.gameId}/stocks`, {
      stock_id: spice.id,
      operation: '+',
      value: 10,
    });
    expect((await trade(1)).status).toBe(200);
    expectError(await t.broker.api.post(undoUrl(t)), 409, MSG.UNDO_ORDER_PLACED);
    expect(await priceOf(t, spice.id)).toBe(214.5);
    expect(await unreconciled(t.gameId)).toEqual([]);
  });

  it('is the broker’s, in a running game, and answers in the error shape', async () => {
    const t = await setupTable(server, { investors: 1 });
    expectError(await t.broker.api.post(undoUrl(t)), 409, MSG.GAME_NOT_RUNNING);
    await t.broker.api.post(`/api/game/${t.gameId}/start`);
    expectError(await t.broker.api.post(undoUrl(t)), 409, MSG.UNDO_NOTHING);
    expectError(await t.investors[0]!.api.post(undoUrl(t)), 403, MSG.BROKER_ONLY);
    const stranger = await signUp(server, 'Stranger Sita');
    expectError(
      await http(server.url, stranger.token, { ip: nextIp() }).post(undoUrl(t)),
      403,
      MSG.NOT_IN_GAME,
    );
    expectError(await http(server.url).post(undoUrl(t)), 401);
    expectError(await t.broker.api.post('/api/game/2147483647/undo'), 404, MSG.GAME_NOT_FOUND);
    await t.broker.api.post(`/api/game/${t.gameId}/end`);
    expectError(await t.broker.api.post(undoUrl(t)), 409, MSG.GAME_COMPLETED);
  });

  it('undoes once when the broker taps twice at the same moment', async () => {
    const t = await setupTable(server, { investors: 2, start: true });
    await t.broker.api.put(`/api/game/${t.gameId}/payday`);
    await t.broker.api.post(`/api/game/${t.gameId}/stocks`, {
      stock_id: spice.id,
      operation: '+',
      value: 10,
    });
    const answers = await Promise.all([
      t.broker.api.post(undoUrl(t)),
      t.broker.api.post(undoUrl(t)),
      t.broker.api.post(undoUrl(t)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await priceOf(t, spice.id)).toBe(195);
    // The payday before it stays: only the last change is undone.
    const portfolio = await t.investors[0]!.api.get(`/api/game/${t.gameId}/user/portfolio`);
    expect(portfolio.body.data.current_balance).toBeGreaterThan(0);
    const game = await rows<{ paydays_given: number }>(
      sql`select paydays_given from games where id = ${t.gameId}`,
    );
    expect(game[0]!.paydays_given).toBe(1);
    expect(await unreconciled(t.gameId)).toEqual([]);
  });

  it('keeps the game report replaying to the leaderboard after undos', async () => {
    const t = await setupTable(server, { investors: 1, start: true });
    await t.broker.api.put(`/api/game/${t.gameId}/payday`);
    await t.broker.api.post(undoUrl(t));
    await t.broker.api.post(`/api/game/${t.gameId}/stocks`, {
      stock_id: spice.id,
      operation: '+',
      value: 10,
    });
    await t.broker.api.post(undoUrl(t));
    const ended = await t.broker.api.post(`/api/game/${t.gameId}/end`);
    const answer = await t.investors[0]!.api.get(`/api/game/${t.gameId}/report`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = gameReportSchema.parse(answer.body.data);
    expect(report.events.filter((e) => e.kind === 'undo')).toMatchObject([
      { undone: 'payday', amount: 100000 },
      {
        undone: 'price_update',
        stock_id: spice.id,
        company: spice.name,
        price_before: 214.5,
        price_after: 195,
      },
    ]);
    const player = report.players[0]!;
    expect(player.net_worth.at(-1)!.net_worth).toBe(ended.body.data[0].balance);
  });
});

describe('play again (rematch)', () => {
  it('opens a lobby on the same board code with the same settings; every device and the TV follow', async () => {
    const settings = {
      starting_funds: 1000000,
      payday_increment: 100000,
      trade_phase_duration: 75,
    };
    const t = await setupTable(server, { investors: 2, start: true, settings });
    const { phone, tv } = await devices(t);
    const [alice] = t.investors;
    const aliceSeat = (
      await t.broker.api.get(`/api/game/${t.gameId}/lobby`)
    ).body.data.game_players_data.find((p: any) => p.player_id === alice!.playerId);
    expectError(await t.broker.api.post(rematchUrl(t)), 409, MSG.REMATCH_NOT_ENDED);
    await t.broker.api.post(`/api/game/${t.gameId}/end`);
    expectError(await alice!.api.post(rematchUrl(t)), 403, MSG.BROKER_ONLY);

    const opened = await t.broker.api.post(rematchUrl(t));
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({
      success: true,
      message: MSG.REMATCH_OPENED,
      data: { board_code: t.code, role: 1, game_status: 1, broker_exists: true },
    });
    const rematchId = opened.body.data.game_id as number;
    expect(rematchId).not.toBe(t.gameId);

    const told = await phone.client.waitFor('game:rematch');
    expect(told).toMatchObject({
      game_id: t.gameId,
      rematch_game_id: rematchId,
      board_code: t.code,
    });
    expect((await phone.catchUp()).game.rematch_game_id).toBe(rematchId);
    expect((await phone.client.snapshot('game:resync', t.gameId)).game.rematch_game_id).toBe(
      rematchId,
    );
    // The TV: told on the finished game, and moved to the board's new game.
    const onTv = await tv.waitFor('game:rematch');
    expect(allowlistViolations(onTv, SPECTATOR_EVENT_FIELDS['game:rematch'])).toEqual([]);
    expect(await tv.waitFor('board:moved')).toEqual({ code: t.code, game_id: rematchId });
    const followed = await tv.emit<any>('board:spectate', { code: t.code });
    expect('data' in followed && followed.data.game.id).toBe(rematchId);

    // "Join the rematch": the usual join and seat, with the same role and avatar.
    const joined = await alice!.api.post('/api/game/join', { code: t.code });
    expect(joined.body.data.game_id).toBe(rematchId);
    const seatAgain = await alice!.api.post(`/api/game/${rematchId}/select-role`, {
      role: 2,
      avatar_id: aliceSeat.avatar_id,
    });
    expect(seatAgain.status, JSON.stringify(seatAgain.body)).toBe(200);
    const lobby = await t.broker.api.get(`/api/game/${rematchId}/lobby`);
    expect(lobby.body.data.game_players_data.map((p: any) => [p.role, p.avatar_id]).sort()).toEqual(
      [
        [1, 7],
        [2, aliceSeat.avatar_id],
      ].sort(),
    );
    const newSettings = await t.broker.api.get(`/api/game/${rematchId}/settings`);
    expect(newSettings.body.data).toMatchObject(settings);

    expectError(await t.broker.api.post(rematchUrl(t)), 409, MSG.REMATCH_EXISTS);
    phone.client.close();
    tv.close();
  });

  it('is refused while another game is open on the board, and opens once for two taps at once', async () => {
    const t = await setupTable(server, { investors: 1, start: true });
    await t.broker.api.post(`/api/game/${t.gameId}/end`);
    // 'Restart the Game' keeps its meaning: anyone may open the board's next game by joining.
    const other = await t.investors[0]!.api.post('/api/game/join', { code: t.code });
    expect(other.body.data.game_id).not.toBe(t.gameId);
    expectError(await t.broker.api.post(rematchUrl(t)), 409, MSG.REMATCH_BOARD_BUSY);

    const u = await setupTable(server, { investors: 1, start: true });
    await u.broker.api.post(`/api/game/${u.gameId}/end`);
    const answers = await Promise.all([
      u.broker.api.post(rematchUrl(u)),
      u.broker.api.post(rematchUrl(u)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const open = await rows<{ n: number }>(
      sql`select count(*)::int as n from games where code = ${u.code} and status in (1, 2)`,
    );
    expect(Number(open[0]!.n)).toBe(1);
  });
});

describe("skipping the TV's recap", () => {
  const skipUrl = (t: TableSetup) => `/api/game/${t.gameId}/recap/skip`;

  it("is the broker's, once the game has ended; every device and the TV are told in step", async () => {
    const t = await setupTable(server, { investors: 1, start: true });
    const { phone, tv } = await devices(t);
    const outsider = await signUp(server, 'Not Seated');
    expectError(await t.broker.api.post(skipUrl(t)), 409, MSG.RECAP_NOT_ENDED);
    await t.broker.api.post(`/api/game/${t.gameId}/end`);
    const before = await phone.catchUp();
    expectError(await t.investors[0]!.api.post(skipUrl(t)), 403, MSG.BROKER_ONLY);
    const stranger = http(server.url, outsider.token, { ip: nextIp() });
    expectError(await stranger.post(skipUrl(t)), 403, MSG.NOT_IN_GAME);
    expectError(await t.broker.api.post('/api/game/999999/recap/skip'), 404, MSG.GAME_NOT_FOUND);
    expect(phone.client.count('recap:skipped')).toBe(0);

    const skipped = await t.broker.api.post(skipUrl(t));
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(skipped.body).toMatchObject({
      success: true,
      message: MSG.RECAP_SKIPPED,
      data: { game_id: t.gameId },
    });
    const told = await phone.client.waitFor('recap:skipped');
    expect(told).toEqual({ seq: before.seq + 1, game_id: t.gameId });
    const onTv = await tv.waitFor('recap:skipped');
    expect(onTv).toEqual({ seq: before.seq + 1, game_id: t.gameId });
    expect(allowlistViolations(onTv, SPECTATOR_EVENT_FIELDS['recap:skipped'])).toEqual([]);
    // The game is as it was: the phone applies the event without a resync, and a fresh snapshot
    // agrees with its copy.
    const after = await phone.catchUp();
    expect(phone.resyncs).toBe(0);
    expect(after).toEqual({ ...before, seq: before.seq + 1 });
    expect(await phone.client.snapshot('game:resync', t.gameId)).toEqual(after);
    // Skipped again (a second tap): told again, nothing else.
    expect((await t.broker.api.post(skipUrl(t))).status).toBe(200);
    await phone.client.waitFor('recap:skipped', (e) => e.seq === before.seq + 2);
    phone.client.close();
    tv.close();
  });
});
