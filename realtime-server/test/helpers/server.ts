import { afterAll, beforeAll } from 'vitest';
import { createApplication, type Application } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Clock } from '../../src/context.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import type { Logger } from '../../src/logger.ts';
import { createTestDatabase } from './database.ts';
import { OtpInbox } from './otp-inbox.ts';

export interface HttpAnswer<T = any> {
  status: number;
  body: T;
}

export interface TestServer {
  url: string;
  application: Application;
  database: DatabaseHandle & { url?: string };
  otps: OtpInbox;
  close(): Promise<void>;
}

export interface TestServerOptions {
  clock?: Clock;
  env?: Record<string, string>;
  database?: DatabaseHandle & { url?: string };
  /** The server's logger (otherwise one at TEST_LOG_LEVEL, silent by default). */
  logger?: Logger;
}

/**
 * The file's test server: started before its tests (beforeAll), closed after them (afterAll).
 * Its fields are read inside tests and hooks (they throw before the server has started).
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = () => {
    if (!started) throw new Error('the test server has not started yet');
    return started;
  };
  return {
    get url() {
      return current().url;
    },
    get application() {
      return current().application;
    },
    get database() {
      return current().database;
    },
    get otps() {
      return current().otps;
    },
    close: () => current().close(),
  };
}

/** A whole server on an ephemeral port with its own fresh database and OTP inbox. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const otps = new OtpInbox();
  const webhook = await otps.start();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    OTP_SENDER: 'webhook',
    // Requests may name their client address in X-Forwarded-For (see http()), so suites that
    // sign many users up do not share one address's OTP rate limit.
    TRUST_PROXY: 'true',
    OTP_WEBHOOK_URL: webhook,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST_DIR: '/nonexistent',
    ...options.env,
  });
  const application = await createApplication({
    config,
    database,
    clock: options.clock,
    logger: options.logger,
  });
  const address = await application.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    application,
    database,
    otps,
    async close() {
      await application.close();
      await otps.close();
      if (!options.database) await database.close();
    },
  };
}

/**
 * A tiny JSON client: never throws on HTTP errors, returns status and body. `ip` is sent as
 * X-Forwarded-For, the client address the server sees (startTestServer trusts the proxy header).
 */
export function http(baseUrl: string, token?: string, options: { ip?: string } = {}) {
  const call = async <T = any>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<HttpAnswer<T>> => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T };
  };
  return {
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
    put: <T = any>(path: string, body?: unknown) => call<T>('PUT', path, body ?? {}),
    delete: <T = any>(path: string) => call<T>('DELETE', path),
  };
}

let ipCounter = 0;
/** A fresh client address (10.x.y.z) unique within the process: its own OTP rate limit. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let phoneCounter = 0;
/** A fresh 10-digit phone number unique within the process. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `9${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(6, '0')}`;
}

export interface SignedUp {
  token: string;
  refreshToken: string;
  userId: number;
  phone: string;
  username: string;
}

/** Signs a new user up through the real OTP flow: send-otp, login (unknown), register. */
export async function signUp(
  server: Pick<TestServer, 'url' | 'otps'>,
  username: string,
  phone = nextPhone(),
): Promise<SignedUp> {
  const api = http(server.url, undefined, { ip: nextIp() });
  const before = server.otps.count(phone);
  const sent = await api.post('/api/auth/send-otp', { country_code: '+91', phone_number: phone });
  if (sent.status !== 200) throw new Error(`send-otp failed: ${JSON.stringify(sent.body)}`);
  const otp = await server.otps.code(phone, before + 1);
  const login = await api.post('/api/auth/login', {
    country_code: '+91',
    phone_number: phone,
    otp_id: sent.body.data.otp_id,
    otp,
  });
  if (login.status !== 404 && login.status !== 200) {
    throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  }
  const reg = await api.post('/api/auth/register', {
    username,
    country_code: '+91',
    phone_number: phone,
    registration_token: login.body.data?.registration_token,
  });
  if (reg.status !== 200 && reg.status !== 201)
    throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const data = reg.body.data;
  return {
    token: data.token_details.access_token,
    refreshToken: data.token_details.refresh_token,
    userId: data.user_details.id,
    phone,
    username,
  };
}
