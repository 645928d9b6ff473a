/**
 * The API documents: every route of the real Express app is in
 * /api/openapi.json, every Socket.IO event of protocol.ts is in /api/asyncapi.json, and the real
 * answers and events of a whole game validate against the schemas the documents give them.
 */
import { SOCKET_COMMAND_NAMES } from '@showdown/shared/commands';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv, type ValidateFunction } from 'ajv';
import ts from 'typescript';
import { openApiPath } from '../src/api-docs/openapi.ts';
import { messageKey } from '../src/api-docs/asyncapi.ts';
import { SERVER_EVENT_SCHEMAS } from '@showdown/shared/protocol-schemas';
import { expressRoutes } from './helpers/express-routes.ts';
import { expectError, openPhase, seat, setupTable } from './helpers/game.ts';
import { http, nextIp, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { TestClient } from './helpers/sockets.ts';
import { FakeClock } from './helpers/clock.ts';
import { OTP_RESEND_SECONDS, ROLE } from '@showdown/shared/constants';
import { BROKER_CLAIM_AFTER_S } from '@showdown/shared/roles';

const METRICS_TOKEN = 'metrics-token-for-the-api-docs-test';

interface Answer {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: unknown;
}

let server: TestServer;
/** Stands still (trade phases end when the broker closes them); moved past the OTP cooldowns. */
const clock = new FakeClock();
let openapi: any;
let asyncapi: any;
/** Every answer the server gave this suite's requests (fetch is watched). */
const answers: Answer[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startTestServer({ clock, env: { METRICS_TOKEN } });
  globalThis.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.origin === server.url) {
      const text = await res.clone().text();
      const contentType = res.headers.get('content-type') ?? '';
      answers.push({
        method: (init?.method ?? 'GET').toLowerCase(),
        path: url.pathname,
        status: res.status,
        contentType,
        body: contentType.startsWith('application/json') ? JSON.parse(text) : text,
      });
    }
    return res;
  };
  openapi = (await http(server.url).get('/api/openapi.json')).body;
  asyncapi = (await http(server.url).get('/api/asyncapi.json')).body;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with every route of the Express app, and no other', () => {
    expect(openapi.openapi).toBe('3.1.0');
    const routes = expressRoutes(server.application.app);
    // The walk finds the app's routes (a broken walk would pass the check below with nothing).
    expect(routes.length).toBeGreaterThan(50);
    const real = routes.map((r) => `${r.method} ${openApiPath(r.path)}`);
    const documented = Object.entries(openapi.paths).flatMap(([path, ops]) =>
      Object.keys(ops as object).map((method) => `${method} ${path}`),
    );
    expect(
      real.filter((r) => !documented.includes(r)),
      'routes without documentation',
    ).toEqual([]);
    expect(
      documented.filter((d) => !real.includes(d)),
      'documented routes that do not exist',
    ).toEqual([]);
  });

  it('gives every operation its answer, the error shape and, where it takes one, its body', () => {
    const join = openapi.paths['/api/game/join'].post;
    expect(join.requestBody.content['application/json'].schema.$ref).toMatch(/Body$/);
    expect(join.responses.default.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ApiFailure',
    );
    const failure = openapi.components.schemas.ApiFailure;
    expect(failure.required).toEqual(['success', 'error']);
    expect(failure.properties.error.properties.code.enum).toContain('VALIDATION');
    const trade = openapi.paths['/api/game/{id}/stocks/trade'].post;
    expect(trade.parameters.map((p: { name: string }) => p.name)).toEqual([
      'id',
      'Idempotency-Key',
    ]);
    const body =
      openapi.components.schemas[
        trade.requestBody.content['application/json'].schema.$ref.split('/').pop()
      ];
    expect(body.required).toEqual(['stock_id', 'trade_type', 'quantity']);
    for (const [path, ops] of Object.entries<any>(openapi.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const success = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s));
        expect(success, `${method} ${path}`).toHaveLength(1);
        expect(op.responses.default, `${method} ${path}`).toBeDefined();
      }
    }
  });
});

describe('GET /api/asyncapi.json', () => {
  it('is an AsyncAPI 3.0 document with every event of protocol.ts', () => {
    expect(asyncapi.asyncapi).toBe('3.0.0');
    const source = fs.readFileSync(
      new URL('../../shared/src/protocol.ts', import.meta.url),
      'utf8',
    );
    const file = ts.createSourceFile('protocol.ts', source, ts.ScriptTarget.Latest);
    const events = (name: string) => {
      const found = file.statements.find(
        (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name,
      );
      return (found?.members ?? []).map((m) => (m.name as ts.StringLiteral).text);
    };
    const serverEvents = events('ServerToClientEvents');
    // ClientToServerEvents extends the game commands of commands.ts.
    const clientEvents = [...events('ClientToServerEvents'), ...SOCKET_COMMAND_NAMES];
    expect(serverEvents.length).toBeGreaterThan(10);
    expect(clientEvents.length).toBeGreaterThan(3);
    const names = Object.values<any>(asyncapi.components.messages).map((m) => m.name);
    for (const event of serverEvents) {
      expect(names, event).toContain(event);
      expect(asyncapi.operations[messageKey(event)].action).toBe('send');
    }
    for (const event of clientEvents) {
      expect(names, event).toContain(event);
      expect(asyncapi.operations[messageKey(event)].action).toBe('receive');
      expect(asyncapi.operations[messageKey(event)].reply.messages).toHaveLength(1);
    }
    expect(names).toHaveLength(serverEvents.length + 2 * clientEvents.length);
  });
});

describe('/api/docs', () => {
  it('serves the viewer pages and their files from this server, with no inline script', async () => {
    const api = http(server.url);
    for (const page of ['/api/docs', '/api/docs/events']) {
      const res = await realFetch(server.url + page);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await res.text();
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, inline] of scripts) {
        expect(attrs).toMatch(/src="\/api\/docs\/assets\/[\w.-]+\.js"/);
        expect(inline!.trim()).toBe('');
      }
      // Without an icon of its own the browser asks for /favicon.ico, which is a 404.
      expect(html).toMatch(/<link rel="icon" href="\/api\/docs\/assets\/icon\.svg"/);
      for (const [, src] of html.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)) {
        const asset = await realFetch(server.url + src);
        expect(asset.status, src).toBe(200);
        expect(asset.headers.get('content-type'), src).toMatch(
          /^(text\/(javascript|css)|image\/svg\+xml)/,
        );
      }
    }
    expectError(await api.get('/api/docs/assets/package.json'), 404);
    expectError(await api.get('/api/docs/assets/..%2Fpackage.json'), 404);
  });
});

describe('real answers validate against the documents', () => {
  it('a whole game over REST and Socket.IO', async () => {
    const events: Array<{ name: string; payload: unknown }> = [];
    const acks: Array<{ event: string; ack: unknown }> = [];
    const emit = async (client: TestClient, event: string, payload: unknown) => {
      const ack = await client.emit(event as never, payload);
      acks.push({ event, ack });
      return ack;
    };

    // Signing in: a new phone (send-otp, login 404 NO_USER, register), then the same phone again.
    const anon = http(server.url, undefined, { ip: nextIp() });
    const user = await signUp(server, 'Docs Reader');
    const before = server.otps.count(user.phone);
    const phone = { country_code: '+91', phone_number: user.phone };
    clock.advance(OTP_RESEND_SECONDS);
    const sent = await anon.post('/api/auth/register/sendotp', phone);
    expect(sent.status).toBe(200);
    clock.advance(OTP_RESEND_SECONDS);
    expect(
      (await anon.post('/api/auth/resend-otp', { otp_id: sent.body.data.otp_id })).status,
    ).toBe(200);
    const otp = await server.otps.code(user.phone, before + 2);
    const login = await anon.post('/api/auth/login', {
      ...phone,
      otp_id: sent.body.data.otp_id,
      otp,
    });
    expect(login.status).toBe(200);
    const refreshed = await anon.post('/api/auth/refresh-access-token', {
      refresh_token: login.body.data.token_details.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const me = http(server.url, refreshed.body.data.access_token, { ip: nextIp() });
    expect((await me.get('/api/user/profile')).status).toBe(200);
    expect((await me.put('/api/user/profile', { username: 'Docs Reader 2' })).status).toBe(200);
    expect((await me.get('/api/avatars')).status).toBe(200);
    expectError(await anon.get('/api/user/profile'), 401);
    expectError(await me.post('/api/game/join', { code: '!' }), 400);
    expectError(await me.get('/api/game/999999/lobby'), 404);

    // The lobby.
    const table = await setupTable(server, { investors: 2 });
    const g = `/api/game/${table.gameId}`;
    const broker = table.broker.api;
    const [a, b] = table.investors as [any, any];
    const sockets = await TestClient.connect(server.url, a.token);
    sockets.socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
    expect('data' in (await emit(sockets, 'game:join', { game_id: table.gameId }))).toBe(true);
    const tv = await TestClient.connect(server.url);
    expect('data' in (await emit(tv, 'board:spectate', { code: table.code }))).toBe(true);
    expect('error' in (await emit(tv, 'game:join', { game_id: table.gameId }))).toBe(true);
    const extra = await seat(server, table.code, 'Leaving Soon', 2);
    expect((await broker.get(`/api/board/${table.code}`)).status).toBe(200);
    expect((await a.api.get(`${g}/avatars`)).status).toBe(200);
    expect((await a.api.get(`${g}/lobby`)).status).toBe(200);
    expect((await b.api.post(`${g}/change-role`, { role: 2, avatar_id: 5 })).status).toBe(200);
    expect((await broker.post(`${g}/remove-player/${extra.playerId}`)).status).toBe(200);
    expect((await broker.get(`${g}/settings`)).status).toBe(200);
    const settings = { starting_funds: 600000, payday_increment: 200000, trade_phase_duration: 60 };
    expect((await broker.post(`${g}/settings`, settings)).status).toBe(200);
    expect((await broker.post(`${g}/start`)).status).toBe(200);

    // The game.
    expect((await broker.post(`${g}/first-player`)).status).toBe(200);
    expect((await a.api.get(`${g}/stocks`)).status).toBe(200);
    expect(
      (await broker.post(`${g}/stocks`, { stock_id: 1, operation: '+', value: 10 })).status,
    ).toBe(200);
    // The broker's undo of that update (within its minute, before any order), then nothing left.
    const undone = await broker.post(`${g}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.data.kind).toBe('price');
    expectError(await broker.post(`${g}/undo`), 409);
    // A new broker: handed over (the pure Broker's seat becomes a Former broker) and back; a claim
    // refused while the broker's absence is new (409), accepted once it has lasted long enough.
    const handover = await broker.post(`${g}/broker/handover`, { player_id: b.playerId });
    expect(handover.status).toBe(200);
    expect(handover.body.data.former_broker.role).toBe(ROLE.FORMER_BROKER);
    const back = { player_id: table.broker.playerId };
    expect((await b.api.post(`${g}/broker/handover`, back)).status).toBe(200);
    expectError(await b.api.post(`${g}/broker/claim`), 409);
    clock.advance(BROKER_CLAIM_AFTER_S);
    expect((await b.api.post(`${g}/broker/claim`)).status).toBe(200);
    expect((await b.api.post(`${g}/broker/handover`, back)).status).toBe(200);
    await openPhase(table);
    const trade = await fetch(`${server.url}${g}/stocks/trade`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${a.token}`,
        'content-type': 'application/json',
        'idempotency-key': 'docs-trade-1',
      },
      body: JSON.stringify({ stock_id: 1, trade_type: 0, quantity: 3 }),
    });
    expect(trade.status).toBe(200);
    expect(
      (await b.api.post(`${g}/stocks/trade`, { stock_id: 2, trade_type: 0, quantity: 2 })).status,
    ).toBe(200);
    expectError(
      await b.api.post(`${g}/stocks/trade`, { stock_id: 2, trade_type: 1, quantity: 99 }),
      422,
    );
    // The phase paused (its settings carry what is left) and resumed.
    const paused = await broker.post(`${g}/phase/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body.data.paused_remaining_s).toBeGreaterThan(0);
    expect((await a.api.get(`${g}/settings`)).body.data.paused_remaining_s).toBeGreaterThan(0);
    expect((await broker.post(`${g}/phase/resume`)).status).toBe(200);
    expect((await broker.put(`${g}/update/orderbook`, { orderbook_status: 0 })).status).toBe(200);
    expect((await broker.put(`${g}/payday`)).status).toBe(200);
    const list = await broker.post(`/api/marketMayhem/game/${table.gameId}`, {
      stock_ids: [1, 2],
      percentage: [5, -3],
    });
    expect(list.status).toBe(201);
    expect((await a.api.get(`/api/marketMayhem/game/${table.gameId}`)).status).toBe(200);
    const respond = { stocks: [{ stock_id: 1, percentage: 5 }] };
    expect(
      (await a.api.post(`/api/marketMayhem/${list.body.data.id}/respond`, respond)).status,
    ).toBe(200);
    expect((await broker.post(`/api/marketMayhem/${list.body.data.id}/average`)).status).toBe(200);
    expect((await a.api.get(`${g}/user/portfolio`)).status).toBe(200);
    expect((await a.api.get(`${g}/prices/history`)).status).toBe(200);
    expect((await a.api.get(`${g}/transactions?limit=2`)).status).toBe(200);
    expect((await a.api.get(`${g}/history`)).status).toBe(200);
    expect('data' in (await emit(sockets, 'game:resync', { game_id: table.gameId }))).toBe(true);
    expect((await broker.post(`${g}/end`)).status).toBe(200);
    expect((await a.api.get(`${g}/showdown`)).status).toBe(200);
    expect((await anon.get(`/api/spectate/${table.code}/report`)).status).toBe(200);
    expect((await broker.post(`${g}/recap/skip`)).status).toBe(200);
    await sockets.waitFor('recap:skipped');
    // Play again: the game's devices are told, the board's spectators follow the board.
    const rematch = await broker.post(`${g}/rematch`);
    expect(rematch.status).toBe(201);
    await sockets.waitFor('game:rematch');
    events.push({ name: 'board:moved', payload: await tv.waitFor('board:moved') });
    const after = await emit(sockets, 'game:resync', { game_id: table.gameId });
    expect((after as any).data.game.rematch_game_id).toBe(rematch.body.data.game_id);

    // After the game.
    expect((await a.api.get(`${g}/report`)).status).toBe(200);
    expect((await a.api.get(`${g}/report.csv`)).status).toBe(200);
    const share = await a.api.post(`${g}/report/share`);
    expect(share.status).toBe(201);
    const token = new URL(share.body.data.url).pathname.split('/').pop()!;
    expect((await anon.get(`/api/report/${token}`)).status).toBe(200);
    expect((await a.api.delete(`${g}/report/share`)).status).toBe(200);
    expect((await a.api.get('/api/user/games')).status).toBe(200);
    // A practice game against bots.
    expect(
      (await a.api.post('/api/practice', { mode: 'watch', bots: 2, trade_phase_duration: 30 }))
        .status,
    ).toBe(201);
    expect('data' in (await emit(sockets, 'game:leave', { game_id: table.gameId }))).toBe(true);
    // Events follow their commit: the last one has arrived before the socket closes.
    await sockets.waitFor('game:ended');
    sockets.close();
    tv.close();

    // The server's own.
    expect((await anon.get('/api/config')).status).toBe(200);
    expect((await anon.get('/healthz')).status).toBe(200);
    expect((await anon.get('/readyz')).status).toBe(200);
    const metrics = http(server.url, METRICS_TOKEN);
    expect((await metrics.get('/metrics')).status).toBe(200);
    expectError(await anon.get('/metrics'), 401);
    for (const path of [
      '/api/openapi.json',
      '/api/asyncapi.json',
      '/api/docs',
      '/api/docs/events',
    ]) {
      expect((await anon.get(path)).status, path).toBe(200);
    }
    expect((await anon.get('/api/docs/assets/docs.js')).status).toBe(200);
    expect((await me.get('/api/auth/logout')).status).toBe(200);

    // Every answer against its operation's documented answer for that status.
    const rest = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    rest.addSchema(openapi, 'openapi.json');
    const operations = Object.entries<any>(openapi.paths).flatMap(([path, ops]) =>
      Object.entries<any>(ops).map(([method, op]) => ({
        method,
        path,
        op,
        pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
      })),
    );
    const exercised = new Set<string>();
    const problems: string[] = [];
    for (const answer of answers) {
      const operation = operations.find(
        (o) => o.method === answer.method && o.pattern.test(answer.path),
      );
      if (!operation) {
        problems.push(`${answer.method} ${answer.path}: no documented operation`);
        continue;
      }
      const status = String(answer.status);
      const documented = operation.op.responses[status] ? status : 'default';
      if (/^2/.test(status)) exercised.add(`${operation.method} ${operation.path}`);
      if (/^2/.test(status) && documented === 'default') {
        problems.push(`${answer.method} ${answer.path}: success ${status} is not documented`);
        continue;
      }
      const types = Object.keys(operation.op.responses[documented].content);
      const type = types.find((t) => answer.contentType.startsWith(t));
      if (!type) {
        problems.push(`${answer.method} ${answer.path}: ${answer.contentType} not in ${types}`);
        continue;
      }
      if (type !== 'application/json') continue;
      const pointer = ['paths', operation.path, operation.method, 'responses', documented]
        .concat(['content', type, 'schema'])
        .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
        .join('/');
      const validate = rest.getSchema(`openapi.json#/${pointer}`) as ValidateFunction;
      if (!validate(answer.body)) {
        problems.push(
          `${answer.method} ${answer.path} ${status}: ${rest.errorsText(validate.errors)}`,
        );
      }
    }
    expect(problems).toEqual([]);
    const all = operations.map((o) => `${o.method} ${o.path}`);
    expect(
      all.filter((o) => !exercised.has(o)),
      'operations never answered',
    ).toEqual([]);

    // Every event and acknowledgement against its message's payload.
    const socket = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    socket.addSchema(asyncapi, 'asyncapi.json');
    const check = (key: string, payload: unknown) => {
      const validate = socket.getSchema(
        `asyncapi.json#/components/messages/${key}/payload`,
      ) as ValidateFunction;
      if (!validate) return `${key}: no such message`;
      return validate(payload) ? undefined : `${key}: ${socket.errorsText(validate.errors)}`;
    };
    const seen = new Set(events.map((e) => e.name));
    // Every notification comes up in this game (board:moved on the spectator's socket).
    for (const name of Object.keys(SERVER_EVENT_SCHEMAS)) {
      expect(seen, name).toContain(name);
    }
    const socketProblems = [
      ...events.map((e) => check(messageKey(e.name), e.payload)),
      ...acks.map((a) => check(`${messageKey(a.event)}.ack`, a.ack)),
    ].filter(Boolean);
    expect(socketProblems).toEqual([]);
  });
});
