/** The REST calls of the setup and between steps: a game seated and started, a drained server. */
import type { SeededUser } from './database.ts';
import { sleep } from './common.ts';
import type { GamePlan } from './ipc.ts';

interface Answer {
  status: number;
  body: any;
}

export async function rest(
  url: string,
  method: string,
  token: string,
  body?: unknown,
  forwardedFor?: string,
): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  }).catch((err: unknown) => {
    // fetch says only "fetch failed": name the cause (a reset, a refused connection…).
    const cause = err instanceof Error ? (err.cause as Error | undefined) : undefined;
    throw new Error(`${method} ${url}: ${cause?.message ?? String(err)}`, { cause: err });
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * An idempotent setup call, tried again (up to three times) when the connection failed: a
 * pooled keep-alive connection the server closed while idle fails the next request on it.
 */
export async function idempotentOk(what: string, call: () => Promise<Answer>): Promise<any> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await expectOk(what, call());
    } catch (err) {
      const network = err instanceof Error && err.cause !== undefined;
      if (!network || attempt >= 3) throw err;
      await sleep(500);
    }
  }
}

async function expectOk(what: string, answer: Promise<Answer>): Promise<any> {
  const { status, body } = await answer;
  if (status < 200 || status >= 300) {
    throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  }
  return body.data;
}

/** Waits (at most 30 s) until the server answers /healthz promptly again after a step. */
export async function drained(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let prompt = 0;
  while (prompt < 3 && Date.now() < deadline) {
    const t0 = performance.now();
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.ok)
      .catch(() => false);
    prompt = ok && performance.now() - t0 < 20 ? prompt + 1 : 0;
    await sleep(200);
  }
}

/** A board code for game `index` (4 × [A-Z0-9], distinct for every index below 36^4). */
const boardCode = (index: number) =>
  ((index * 7_919 + 1_000) % 36 ** 4).toString(36).toUpperCase().padStart(4, '0');

/** Seats one game through the REST API and starts it. */
export async function setUpGame(
  url: string,
  index: number,
  broker: SeededUser,
  investors: SeededUser[],
  spectators: number,
): Promise<GamePlan> {
  const code = boardCode(index);
  // Each table is its own venue: lobby creation is limited per IP, not for the whole run.
  const ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const joined = await expectOk(
    'join',
    rest(`${url}/api/game/join`, 'POST', broker.accessToken, { code, create: true }, ip),
  );
  const gameId = joined.game_id as number;
  const game = `${url}/api/game/${gameId}`;
  await expectOk(
    'broker role',
    rest(`${game}/select-role`, 'POST', broker.accessToken, { role: 1 }, ip),
  );
  for (const investor of investors) {
    await expectOk(
      'investor join',
      rest(`${url}/api/game/join`, 'POST', investor.accessToken, { code }, ip),
    );
    await expectOk(
      'investor role',
      rest(`${game}/select-role`, 'POST', investor.accessToken, { role: 2 }, ip),
    );
  }
  await expectOk(
    'settings',
    rest(`${game}/settings`, 'POST', broker.accessToken, {
      starting_funds: 500000,
      payday_increment: 100000,
      trade_phase_duration: 180,
    }),
  );
  await expectOk('start', rest(`${game}/start`, 'POST', broker.accessToken));
  // A payday in every game, so that the ledger's reconciliation covers paydays too.
  await expectOk('payday', rest(`${game}/payday`, 'PUT', broker.accessToken));
  return {
    gameId,
    code,
    index,
    brokerToken: broker.accessToken,
    investorTokens: investors.map((i) => i.accessToken),
    spectators,
  };
}
