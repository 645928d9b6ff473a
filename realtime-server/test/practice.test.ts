/**
 * Practice games against bots, on both databases: a seeded bot game plays to its end through the
 * same commands as a phone, every ledger reconciles and no bot is refused anything; the same seed
 * plays the same game again; a person practises as an investor and as the broker; a bot's seat is
 * the bot's; the limits; a game left idle ends itself; the TV follows a practice game.
 *
 * The bots are driven here look by look (the server's own driver is stopped): the clock moves one
 * second, due phases end (the phase sweep), and the driver looks once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { MSG } from '@showdown/shared/messages';
import { reconcileLedger } from '../../scripts/bench/ledger.ts';
import {
  botSeats,
  games,
  mayhemResponses,
  mayhems,
  players,
  practiceGames,
  pricePoints,
  transactions,
} from '../src/db/schema.ts';
import { endExpiredPhases } from '../src/games/flow-service.ts';
import { FakeClock } from './helpers/clock.ts';
import { http, nextIp, signUp, useTestServer, type SignedUp } from './helpers/server.ts';
import { TestClient } from './helpers/sockets.ts';

const clock = new FakeClock();
const server = useTestServer({ clock });

beforeAll(async () => {
  await server.application.bots.stop();
});

const db = () => server.application.context.db;

interface Practice {
  user: SignedUp;
  api: ReturnType<typeof http>;
  gameId: number;
  code: string;
  playerId: number | null;
}

async function practise(body: Record<string, unknown>, user?: SignedUp): Promise<Practice> {
  const person = user ?? (await signUp(server, 'Pia Practice'));
  const api = http(server.url, person.token, { ip: nextIp() });
  const res = await api.post('/api/practice', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const data = res.body.data;
  return {
    user: person,
    api,
    gameId: data.game_id,
    code: data.board_code,
    playerId: data.player_id,
  };
}

/** One second of the table: the clock, the phase sweep, one look of the bots. */
async function second() {
  clock.advance(1);
  await endExpiredPhases(server.application.context);
  await server.application.bots.tick();
}

async function gameRow(gameId: number) {
  const [row] = await db().select().from(games).where(eq(games.id, gameId));
  return row!;
}

async function playUntil(
  gameId: number,
  done: (g: Awaited<ReturnType<typeof gameRow>>) => boolean,
  limit = 600,
) {
  for (let i = 0; i < limit; i++) {
    if (done(await gameRow(gameId))) return;
    await second();
  }
  throw new Error(`game ${gameId} did not get there in ${limit} seconds`);
}

async function practiceRow(gameId: number) {
  const [row] = await db().select().from(practiceGames).where(eq(practiceGames.gameId, gameId));
  return row!;
}

/** What happened in the game, seat by seat (seats named by their order, not their ids). */
async function transcript(gameId: number) {
  const seats = await db()
    .select({ id: players.id })
    .from(players)
    .where(eq(players.gameId, gameId))
    .orderBy(asc(players.id));
  const slot = new Map(seats.map((s, i) => [s.id, i]));
  const rows = await db()
    .select()
    .from(transactions)
    .where(eq(transactions.gameId, gameId))
    .orderBy(asc(transactions.id));
  const points = await db()
    .select()
    .from(pricePoints)
    .where(eq(pricePoints.gameId, gameId))
    .orderBy(asc(pricePoints.id));
  return {
    history: rows.map((r) =>
      [
        r.type,
        r.playerId === null ? null : slot.get(r.playerId),
        r.stockId,
        r.tradeType,
        r.quantity,
        r.amountPaise,
        r.percentage,
      ].join(' '),
    ),
    prices: points.map((p) => `${p.stockId} ${p.pricePaise} ${p.cause}`),
  };
}

describe('a bot game', () => {
  let first: Practice;
  const seen: string[] = [];
  let tv: TestClient;

  afterAll(() => tv?.socket.close());

  it('plays to its end through the commands a phone sends, with no refusal', async () => {
    first = await practise({
      mode: 'watch',
      bots: 6,
      trade_phase_duration: 30,
      rounds: 3,
      seed: 4242,
    });
    expect(first.playerId).toBeNull();
    expect(first.code).toMatch(/^[A-Z0-9]{6}$/);
    tv = await TestClient.connect(server.url);
    const spectated = await tv.emit<any>('board:spectate', { code: first.code.toLowerCase() });
    expect('data' in spectated && spectated.data.game.practice).toBe(true);
    tv.socket.onAny((name: string) => seen.push(name));
    await playUntil(first.gameId, (g) => g.status === 3);

    const game = await gameRow(first.gameId);
    expect(game.paydaysGiven).toBe(3);
    expect((await practiceRow(first.gameId)).refusals).toBe(0);
    expect((await practiceRow(first.gameId)).done).toBe(false);
    await second();
    expect((await practiceRow(first.gameId)).done).toBe(true);

    const { history } = await transcript(first.gameId);
    const trades = history.filter((h) => h.startsWith('trade '));
    expect(trades.length).toBeGreaterThanOrEqual(6);
    expect(history.filter((h) => h.startsWith('Price update '))).toHaveLength(6);
    expect(history.filter((h) => h.startsWith('PAYDAY '))).toHaveLength(3);
    const [list] = await db().select().from(mayhems).where(eq(mayhems.gameId, first.gameId));
    expect(list?.status).toBe(2);
    const answers = await db()
      .select()
      .from(mayhemResponses)
      .where(eq(mayhemResponses.mayhemId, list!.id));
    expect(answers).toHaveLength(6);
    expect(seen.filter((n) => n === 'phase:started')).toHaveLength(3);
    expect(seen.filter((n) => n === 'phase:ended')).toHaveLength(3);
    expect(seen).toContain('game:ended');

    // Each bot traded, and only while a phase was open.
    const bots = await db().select().from(botSeats).where(eq(botSeats.gameId, first.gameId));
    expect(bots).toHaveLength(7);
    const traders = new Set(trades.map((t) => t.split(' ')[1]));
    expect(traders.size).toBeGreaterThanOrEqual(4);

    const ledger = await reconcileLedger(db(), Number(await tradeCount()), 0);
    expect(ledger.problems).toEqual([]);
  });

  it('plays the same game again from the same seed, and another from another', async () => {
    const game = { mode: 'watch', bots: 4, trade_phase_duration: 30, rounds: 1 };
    const one = await practise({ ...game, seed: 99 });
    await playUntil(one.gameId, (g) => g.status === 3);
    const again = await practise({ ...game, seed: 99 }, one.user);
    await playUntil(again.gameId, (g) => g.status === 3);
    const played = await transcript(one.gameId);
    expect(played.history.filter((h) => h.startsWith('trade ')).length).toBeGreaterThan(0);
    expect(await transcript(again.gameId)).toEqual(played);
    const other = await practise({ ...game, seed: 100 }, one.user);
    await playUntil(other.gameId, (g) => g.status === 3);
    expect((await transcript(other.gameId)).history).not.toEqual(played.history);
    expect((await practiceRow(other.gameId)).refusals).toBe(0);
  });
});

async function tradeCount() {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(eq(transactions.type, 'trade'));
  return row!.n;
}

const expectRefused = (res: { status: number; body: any }, status: number, message?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (message) expect(res.body.error.message).toBe(message);
};

describe('practice as an investor', () => {
  it('trades against the bots under a bot broker, then reads the ranking, the report and My games', async () => {
    const me = await practise({
      mode: 'investor',
      bots: 3,
      trade_phase_duration: 30,
      rounds: 1,
      seed: 5,
    });
    expect(me.playerId).not.toBeNull();
    const lobby = await me.api.get(`/api/game/${me.gameId}/lobby`);
    expect(lobby.status).toBe(200);
    const seats = lobby.body.data.game_players_data as Array<{
      role: number;
      bot: boolean;
      username: string;
    }>;
    expect(seats).toHaveLength(5);
    expect(seats.filter((p) => p.bot)).toHaveLength(4);
    expect(seats.find((p) => p.role === 1)).toMatchObject({ bot: true });
    expect(seats.find((p) => !p.bot)).toMatchObject({ role: 2, username: 'Pia Practice' });

    await playUntil(me.gameId, (g) => g.orderbookStatus === 1);
    const stocks = await me.api.get(`/api/game/${me.gameId}/stocks`);
    const stockId = stocks.body.data.stocks_data[0].stock_id as number;
    const order = await me.api.post(`/api/game/${me.gameId}/stocks/trade`, {
      stock_id: stockId,
      trade_type: 0,
      quantity: 3,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const list = await me.api.get(`/api/marketMayhem/game/${me.gameId}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const answered = await me.api.post(`/api/marketMayhem/${list.body.data.id}/respond`, {
      stocks: [
        {
          stock_id: list.body.data.stock_ids[0].stock_id,
          percentage: list.body.data.percentage[0],
        },
      ],
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    // The broker is a bot, always at the table: nobody takes its seat.
    expectRefused(await me.api.post(`/api/game/${me.gameId}/broker/claim`), 409, MSG.BOT_SEAT);

    await playUntil(me.gameId, (g) => g.status === 3);
    expect((await practiceRow(me.gameId)).refusals).toBe(0);
    const ranking = await me.api.get(`/api/game/${me.gameId}/showdown`);
    expect(ranking.status).toBe(200);
    const ranked = ranking.body.data as Array<{ bot: boolean }>;
    expect(ranked).toHaveLength(4);
    expect(ranked.filter((r) => !r.bot)).toHaveLength(1);
    const report = await me.api.get(`/api/game/${me.gameId}/report`);
    expect(report.status).toBe(200);
    expect(report.body.data.practice).toBe(true);
    expect(report.body.data.players.filter((p: { bot: boolean }) => p.bot)).toHaveLength(3);
    const mine = await me.api.get('/api/user/games');
    expect(mine.body.data.games[0]).toMatchObject({
      game_id: me.gameId,
      practice: true,
      status: 3,
    });
    expectRefused(await me.api.post(`/api/game/${me.gameId}/rematch`), 403);
  });
});

describe('practice as the broker', () => {
  it('runs the bots: they trade and answer mayhem in a trade phase, never outside one', async () => {
    const me = await practise({ mode: 'broker', bots: 6, trade_phase_duration: 60, seed: 11 });
    const id = me.gameId;
    const lobby = await me.api.get(`/api/game/${id}/lobby`);
    expect(lobby.body.data.game_players_data).toHaveLength(7);
    expect(lobby.body.data.my_role).toBe(1);
    const bot = (
      lobby.body.data.game_players_data as Array<{ bot: boolean; player_id: number }>
    ).find((p) => p.bot)!;
    // A bot's seat is the bot's: not changed, not handed the broker's powers.
    expectRefused(
      await me.api.post(`/api/game/${id}/change-role`, { role: 3, player_id: bot.player_id }),
      409,
      MSG.BOT_SEAT,
    );
    expect((await me.api.post(`/api/game/${id}/start`)).status).toBe(200);
    const trades = async () =>
      (await transcript(id)).history.filter(
        (h) => h.startsWith('trade ') || h.startsWith('Market'),
      );
    for (let i = 0; i < 10; i++) await second();
    expect(await trades()).toEqual([]);

    expect(
      (await me.api.post(`/api/game/${id}/stocks`, { stock_id: 1, operation: '+', value: 5 }))
        .status,
    ).toBe(200);
    const created = await me.api.post(`/api/marketMayhem/game/${id}`, {
      stock_ids: [1, 2],
      percentage: [5, -3],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (let i = 0; i < 5; i++) await second();
    expect(await trades()).toEqual([]);
    expect(
      await db()
        .select()
        .from(mayhemResponses)
        .where(eq(mayhemResponses.mayhemId, created.body.data.id)),
    ).toEqual([]);

    expect(
      (await me.api.put(`/api/game/${id}/update/orderbook`, { orderbook_status: 1 })).status,
    ).toBe(200);
    expectRefused(
      await me.api.post(`/api/game/${id}/broker/handover`, { player_id: bot.player_id }),
      409,
      MSG.BOT_SEAT,
    );
    await playUntil(id, (g) => g.orderbookStatus === 0);
    expect((await trades()).length).toBeGreaterThan(0);
    const answers = await db()
      .select()
      .from(mayhemResponses)
      .where(eq(mayhemResponses.mayhemId, created.body.data.id));
    expect(answers).toHaveLength(6);
    const after = (await trades()).length;
    for (let i = 0; i < 10; i++) await second();
    expect((await trades()).length).toBe(after);

    expect((await me.api.post(`/api/marketMayhem/${created.body.data.id}/average`)).status).toBe(
      200,
    );
    expect((await me.api.put(`/api/game/${id}/payday`)).status).toBe(200);
    expect((await me.api.post(`/api/game/${id}/end`)).status).toBe(200);
    expectRefused(await me.api.post(`/api/game/${id}/rematch`), 409, MSG.PRACTICE_NO_REMATCH);
    await second();
    expect(await practiceRow(id)).toMatchObject({ refusals: 0, done: true });
    const ledger = await reconcileLedger(db(), Number(await tradeCount()), 0);
    expect(ledger.problems).toEqual([]);
  });
});

describe("a bot's seat", () => {
  it('cannot be signed into, joined by its code or taken by a stranger', async () => {
    const me = await practise({ mode: 'broker', bots: 2, trade_phase_duration: 30 });
    const stranger = await signUp(server, 'Stranger Sam');
    const api = http(server.url, stranger.token, { ip: nextIp() });
    // A bot's "phone" is no phone: no code is ever sent for it.
    expectRefused(
      await api.post('/api/auth/send-otp', { country_code: 'bot', phone_number: 'practice-1' }),
      400,
    );
    // A practice code is not a board's: nobody joins it.
    expectRefused(await api.post('/api/game/join', { code: me.code }), 400, MSG.INVALID_CODE);
    expectRefused(
      await api.post(`/api/game/${me.gameId}/select-role`, { role: 2 }),
      403,
      MSG.JOIN_FIRST,
    );
    expectRefused(await api.get(`/api/game/${me.gameId}/lobby`), 403);
  });

  it('is not removed from the lobby by the person who runs the practice game', async () => {
    const me = await practise({ mode: 'broker', bots: 2, trade_phase_duration: 30 });
    const lobby = await me.api.get(`/api/game/${me.gameId}/lobby`);
    const bot = (lobby.body.data.game_players_data as Array<{ bot: boolean; player_id: number }>)
      .filter((p) => p.bot)
      .at(0)!;
    expectRefused(
      await me.api.post(`/api/game/${me.gameId}/remove-player/${bot.player_id}`),
      409,
      MSG.BOT_SEAT,
    );
    const seats = await db().select().from(botSeats).where(eq(botSeats.gameId, me.gameId));
    expect(seats).toHaveLength(2);
  });
});

describe('the limits', () => {
  it('three practice games open at once, outside the lobby limits', async () => {
    const user = await signUp(server, 'Limit Lena');
    const open = [];
    for (let i = 0; i < 3; i++) {
      open.push(await practise({ mode: 'broker', bots: 2, trade_phase_duration: 30 }, user));
    }
    const api = http(server.url, user.token, { ip: nextIp() });
    expectRefused(
      await api.post('/api/practice', { mode: 'investor', bots: 2, trade_phase_duration: 30 }),
      429,
      MSG.PRACTICE_LIMIT,
    );
    // The three practice lobbies leave the ten board lobbies free.
    for (let i = 0; i < 10; i++) {
      const joined = await api.post('/api/game/join', {
        code: `L${String(i).padStart(2, '0')}${user.userId % 10}`,
      });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    }
    expectRefused(
      await api.post('/api/game/join', {
        code: `LX${user.userId % 100}`.padEnd(4, 'Z').slice(0, 4),
      }),
      429,
      MSG.LOBBY_LIMIT_USER,
    );
    // An ended practice game frees its place.
    expect((await open[0]!.api.post(`/api/game/${open[0]!.gameId}/end`)).status).toBe(200);
    expect(
      (await api.post('/api/practice', { mode: 'watch', bots: 2, trade_phase_duration: 30 }))
        .status,
    ).toBe(201);
  });

  it('refuses a bad number of bots or phase length', async () => {
    const user = await signUp(server, 'Bad Bea');
    const api = http(server.url, user.token, { ip: nextIp() });
    expectRefused(
      await api.post('/api/practice', { mode: 'investor', bots: 6, trade_phase_duration: 30 }),
      400,
      MSG.PRACTICE_BOTS_RANGE,
    );
    expectRefused(
      await api.post('/api/practice', { mode: 'broker', bots: 1, trade_phase_duration: 30 }),
      400,
      MSG.PRACTICE_BOTS_RANGE,
    );
    expectRefused(
      await api.post('/api/practice', { mode: 'broker', bots: 2, trade_phase_duration: 45 }),
      400,
      MSG.PRACTICE_PHASE_INVALID,
    );
  });

  it('a practice game in which nothing happens for two hours ends itself', async () => {
    const me = await practise({ mode: 'broker', bots: 2, trade_phase_duration: 30 });
    await second();
    clock.advance(2 * 60 * 60 - 10);
    await second();
    expect((await gameRow(me.gameId)).status).toBe(1);
    for (let i = 0; i < 10; i++) await second();
    expect((await gameRow(me.gameId)).status).toBe(3);
    expect((await practiceRow(me.gameId)).done).toBe(true);
  });
});
