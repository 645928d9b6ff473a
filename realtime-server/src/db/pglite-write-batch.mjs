// The embedded database's answers, written to its socket (Unix or loopback) in one write per exchange.
// pglite-socket hands each protocol message to PGlite on its own and writes each answer as soon
// as it has it, waiting for the write: an order (Bind, Describe, Execute, Sync) was four kernel
// writes on the database's thread and four 'data' events for node-postgres on the main thread.
// Here the socket's writes are kept until the answer that closes an exchange (ReadyForQuery,
// which every Sync and simple Query ends with) or the end of the current turn of the event loop,
// and go out together; each write's callback runs at once (its bytes are queued in order).
// Plain JavaScript: it runs in the database's worker thread (see pglite-worker.mjs).

/** Whether `chunk` ends with ReadyForQuery: 'Z', length 5, the transaction status. */
export function endsExchange(chunk) {
  const n = chunk.length;
  return n >= 6 && chunk[n - 6] === 0x5a && chunk.readInt32BE(n - 5) === 5;
}

/** Makes `socket.write` batch as above (and `socket.end` send what is kept first); returns the socket. */
export function batchWrites(socket) {
  const write = socket.write.bind(socket);
  let pending = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunks = pending;
    pending = [];
    if (socket.writable) write(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  };
  socket.write = (chunk, encoding, callback) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk, typeof encoding === 'string' ? encoding : undefined);
    pending.push(bytes);
    if (endsExchange(bytes)) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
    if (done) process.nextTick(done);
    return true;
  };
  // What is kept goes out before the end (pglite-socket writes "Too many connections" and ends).
  const end = socket.end.bind(socket);
  socket.end = (...args) => {
    flush();
    return end(...args);
  };
  return socket;
}
