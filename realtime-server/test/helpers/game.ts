import { expect } from 'vitest';
import { http, nextIp, signUp, type SignedUp, type TestServer } from './server.ts';

export interface Seated extends SignedUp {
  playerId: number;
  api: ReturnType<typeof http>;
}

export interface TableSetup {
  gameId: number;
  code: string;
  broker: Seated;
  investors: Seated[];
}

let boardCounter = 0;
/** A board code unused in this process. */
export function nextBoardCode(): string {
  boardCounter += 1;
  const n = (process.pid * 7919 + boardCounter) % 36 ** 4;
  return n.toString(36).toUpperCase().padStart(4, '0');
}

/** Signs up a user, joins the board and takes a seat with the role. */
export async function seat(
  server: Pick<TestServer, 'url' | 'otps'>,
  code: string,
  name: string,
  role: 1 | 2 | 3,
): Promise<Seated> {
  const user = await signUp(server, name);
  // An address of its own: suites open many lobbies, more than one address may.
  const api = http(server.url, user.token, { ip: nextIp() });
  const joined = await api.post('/api/game/join', { code });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const gameId = joined.body.data.game_id as number;
  const chosen = await api.post(`/api/game/${gameId}/select-role`, { role });
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  return { ...user, api, playerId: chosen.body.data.player_id };
}

/** A broker and `investors` investors in one lobby; started when `start` is set. */
export async function setupTable(
  server: Pick<TestServer, 'url' | 'otps'>,
  options: {
    investors?: number;
    start?: boolean;
    settings?: Record<string, number>;
    brokerRole?: 1 | 3;
  } = {},
): Promise<TableSetup> {
  const code = nextBoardCode();
  const broker = await seat(server, code, 'Broker Bina', options.brokerRole ?? 1);
  const investors: Seated[] = [];
  for (let i = 0; i < (options.investors ?? 2); i++) {
    investors.push(await seat(server, code, `Investor ${i + 1}`, 2));
  }
  const joined = await broker.api.post('/api/game/join', { code });
  const gameId = joined.body.data.game_id as number;
  if (options.settings) {
    const res = await broker.api.post(`/api/game/${gameId}/settings`, options.settings);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  if (options.start) {
    const res = await broker.api.post(`/api/game/${gameId}/start`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { gameId, code, broker, investors };
}

/** Opens a trade phase as the broker. */
export async function openPhase(table: TableSetup) {
  const res = await table.broker.api.put(`/api/game/${table.gameId}/update/orderbook`, {
    orderbook_status: 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { orderbook_status: number; ends_at: string };
}

export function expectError(
  res: { status: number; body: any },
  status: number,
  message?: string | RegExp,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  expect(typeof res.body.error.code).toBe('string');
  if (message instanceof RegExp) expect(res.body.error.message).toMatch(message);
  else if (message) expect(res.body.error.message).toBe(message);
}
