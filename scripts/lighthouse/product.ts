/**
 * The product as `npm start` runs it (the compiled server serving the built web app), on a
 * temporary embedded database, with what the measured pages need: a signed-up user (the profile
 * page) and a board's game in its lobby (the TV).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { OtpInbox } from '../../realtime-server/test/helpers/otp-inbox.ts';

const root = path.resolve(import.meta.dirname, '../..');
const serverRoot = path.join(root, 'realtime-server');

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  /** The profile the app keeps in its persisted store (GET /api/user/profile's data). */
  user: unknown;
}

export interface Product {
  url: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not ready within 60 s:\n${log()}`);
}

/** Starts realtime-server/dist/main.js on a free port and a fresh PGlite directory. */
export async function startProduct(): Promise<Product & { otps: OtpInbox }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-lighthouse-'));
  const otps = new OtpInbox();
  const webhook = await otps.start();
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      OTP_SENDER: 'webhook',
      OTP_WEBHOOK_URL: webhook,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await otps.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(url, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, otps, close };
}

async function call<T>(url: string, method: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { data?: T; message?: string };
  // Login answers 404 with a registration token for a phone with no user yet: the caller reads it.
  if (!res.ok && res.status !== 404) {
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  }
  return answer.data as T;
}

/** A new user through the OTP flow the app uses: send-otp, login (no user yet), register. */
export async function signUp(
  product: { url: string; otps: OtpInbox },
  username: string,
  phone: string,
): Promise<SignedIn> {
  const who = { country_code: '+91', phone_number: phone };
  const sent = await call<{ otp_id: string }>(`${product.url}/api/auth/send-otp`, 'POST', who);
  const otp = await product.otps.code(phone);
  const login = await call<{ registration_token?: string }>(
    `${product.url}/api/auth/login`,
    'POST',
    { ...who, otp_id: sent.otp_id, otp },
  );
  const registered = await call<{
    token_details: { access_token: string; refresh_token: string };
  }>(`${product.url}/api/auth/register`, 'POST', {
    ...who,
    username,
    registration_token: login.registration_token,
  });
  const accessToken = registered.token_details.access_token;
  const user = await call(`${product.url}/api/user/profile`, 'GET', undefined, accessToken);
  return { accessToken, refreshToken: registered.token_details.refresh_token, user };
}

/** Joins the board: its game opens in the lobby, which the TV shows with the join QR code. */
export async function openBoardGame(url: string, player: SignedIn, code: string): Promise<void> {
  await call(`${url}/api/game/join`, 'POST', { code }, player.accessToken);
}
