/**
 * The baselines: a bare Socket.IO relay (no database, no auth, no middleware). A client joins a
 * room; a publisher's event is re-emitted to the room as `price:updated`. The same fan-out
 * through it, in the same run on the same machine, is what our server's latency is compared to.
 *
 * The relay also takes the publish as an HTTP call, so a REST price move can be read against
 * what HTTP alone costs on the machine: `POST /publish/:room` answered by node:http itself, and
 * `POST /express/publish/:room` by an Express app with `express.json()` (the framework and body
 * parser the server uses, without its middleware, auth or database). Either answers 200 once
 * the event is emitted.
 */
import http from 'node:http';
import express from 'express';
import { Server } from 'socket.io';

const PUBLISH = /^\/publish\/([\w:-]{1,64})$/;
const ANSWER = JSON.stringify({ success: true });

const framework = express();
framework.disable('x-powered-by');
framework.set('etag', false);
framework.use(express.json({ limit: '16kb' }));
framework.post('/express/publish/:room', (req, res) => {
  io.to(req.params.room).emit('price:updated', req.body);
  res.json({ success: true });
});

/** node:http alone: the body read and parsed by hand, the answer written in one call. */
function bareHttp(req: http.IncomingMessage, res: http.ServerResponse): void {
  const room = req.method === 'POST' ? PUBLISH.exec(req.url ?? '')?.[1] : undefined;
  if (room === undefined) {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    io.to(room).emit('price:updated', payload);
    res
      .writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(ANSWER),
      })
      .end(ANSWER);
  });
}

const httpServer = http.createServer((req, res) => {
  if (req.url?.startsWith('/express/')) framework(req, res);
  else bareHttp(req, res);
});
const io = new Server(httpServer);
io.on('connection', (socket) => {
  socket.on('join', (room: unknown, ack: unknown) => {
    if (typeof room !== 'string' || typeof ack !== 'function') return;
    void socket.join(room);
    ack({ joined: true });
  });
  socket.on('publish', (room: unknown, payload: unknown) => {
    if (typeof room === 'string') io.to(room).emit('price:updated', payload);
  });
});
httpServer.listen(0, '127.0.0.1', () => {
  const address = httpServer.address();
  if (address && typeof address === 'object') process.send?.({ port: address.port });
});
process.on('disconnect', () => process.exit(0));
