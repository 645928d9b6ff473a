/**
 * The baseline: a bare Socket.IO relay (no HTTP API, no database, no auth). A client joins a
 * room; a publisher's event is re-emitted to the room as `price:updated`. The same fan-out
 * through it, in the same run on the same machine, is what our server's latency is compared to.
 */
import http from 'node:http';
import { Server } from 'socket.io';

const httpServer = http.createServer();
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
