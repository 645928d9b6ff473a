// The embedded database's exchanges, each one PGlite call (batchExchanges, below) and one write
// to its socket, Unix or loopback (batchWrites).
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

// The other direction: what pglite-socket hands PGlite. It splits what node-postgres sends into
// protocol messages and runs each as its own PGlite call (execProtocolRaw under the database's
// lock, then a file-system sync): a prepared statement's Bind, Describe, Execute and Sync were four
// entries into the WebAssembly. PostgreSQL answers those messages only at the Sync that ends the
// exchange (or a Flush) anyway, and PGlite runs several messages given at once in order, with
// the same errors (an error skips the rest up to the Sync). So they are kept until the message
// that ends the exchange and run with it in one call; a kept message answers nothing on its own.

/** Parse, Bind, Describe, Execute, Close: messages PostgreSQL answers at the exchange's end. */
const KEPT = new Set([0x50, 0x42, 0x44, 0x45, 0x43]);
const NOTHING = new Uint8Array(0);

/**
 * `db` as pglite-socket sees it, its protocol calls run one per exchange as above. A message
 * without a type byte (a startup or SSL request: its length's first byte is 0) opens a new
 * connection: what a connection that broke mid-exchange left kept is dropped, never run with
 * another's. Every other property is the database's own, its methods bound to it (PGlite's
 * private fields need the real instance).
 */
export function batchExchanges(db) {
  let kept = [];
  // PGlite parses every answer it writes and keeps the messages for the caller of
  // execProtocol, which empties that list; execProtocolRaw never does, so raw calls alone kept
  // every message of every query for the database's lifetime (the worker's heap grew by some
  // 20 MiB a minute under the soak, all of it live). execProtocol, told not to throw, runs the
  // same raw call, empties the list and hands back the answer's bytes.
  const run = async (bytes, options) =>
    (await db.execProtocol(bytes, { ...options, throwOnError: false })).data;
  const execProtocolRaw = (message, options) => {
    if (KEPT.has(message[0])) {
      kept.push(message);
      return Promise.resolve(NOTHING);
    }
    if (message[0] === 0) kept = [];
    if (kept.length === 0) return run(message, options);
    const exchange = Buffer.concat([...kept, message]);
    kept = [];
    return run(exchange, options);
  };
  // Bound once per method: pglite-socket reads several of them for every message.
  const bound = new Map([['execProtocolRaw', execProtocolRaw]]);
  return new Proxy(db, {
    get(target, key) {
      if (bound.has(key)) return bound.get(key);
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const method = value.bind(target);
      bound.set(key, method);
      return method;
    },
  });
}
