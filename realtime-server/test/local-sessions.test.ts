/** The sessions a process holds sockets of, as the session recheck reads them. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { authSessions } from '../src/db/schema.ts';
import { trackLocalSessions } from '../src/realtime/local-sessions.ts';
import { sessionRoom, userRoom, type ShowdownServer } from '../src/realtime/publisher.ts';
import { signUp, useTestServer } from './helpers/server.ts';
import { TestClient } from './helpers/sockets.ts';

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** A bare Socket.IO server whose sockets join the rooms their handshake names, as the gateway does. */
async function roomsServer() {
  const http = createServer();
  const io = new Server(http) as unknown as ShowdownServer;
  const sessions = trackLocalSessions(io);
  io.use((socket, next) => {
    const { session, user } = socket.handshake.auth as { session: string; user: number };
    void socket.join([userRoom(user), sessionRoom(session)]);
    next();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  opened.push(() => new Promise<void>((resolve) => void io.close(() => resolve())));
  const join = async (user: number, session: string): Promise<Socket> => {
    const socket = connect(url, { auth: { user, session }, transports: ['websocket'] });
    opened.push(async () => void socket.disconnect());
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return socket;
  };
  return { sessions, join };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 250 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('trackLocalSessions', () => {
  it('holds each session while one of its sockets is connected, and no other room', async () => {
    const { sessions, join } = await roomsServer();
    const phone = await join(1, 'a1');
    const tablet = await join(1, 'a1');
    const other = await join(2, 'b2');
    expect([...sessions].sort()).toEqual(['a1', 'b2']);
    phone.disconnect();
    await new Promise((r) => setTimeout(r, 100));
    // The session keeps a socket (the tablet): still watched.
    expect([...sessions].sort()).toEqual(['a1', 'b2']);
    tablet.disconnect();
    other.disconnect();
    await until(() => sessions.size === 0);
    expect([...sessions]).toEqual([]);
  });
});

describe('the session recheck', () => {
  const server = useTestServer();

  it("watches the sessions of this process's sockets: a revoked one no longer cached is cut off", async () => {
    const { tokens, db } = server.application.context;
    const user = await signUp(server, 'Socket Sushma');
    const socket = await TestClient.connect(server.url, user.token);
    opened.push(async () => socket.close());
    const { sessionId } = await tokens.verifyAccess(user.token);
    // Not cached any more (the cache holds a session for a while only): only the socket's
    // room says the session is in use here. Revoked behind the process's back.
    tokens.invalidate(user.userId);
    await db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.id, sessionId));
    await until(() => socket.socket.disconnected);
    expect(socket.socket.disconnected).toBe(true);
  });
});
