/**
 * Loaded into every server process the benchmark starts (`node --import <this>`), primary and
 * workers alike: a tiny HTTP endpoint on 127.0.0.1 that reports the process's memory, CPU and
 * event-loop delay, so the benchmark measures the real server without changing its code. Each
 * process writes `<pid>.json` with its port into BENCH_PROBE_DIR. With BENCH_PROFILE_DIR set
 * (`--profile`), `/profile/start` and `/profile/stop?name=` record a V8 CPU profile of the
 * process between them into `<name>-<pid>.cpuprofile` there, and one of each of its worker
 * threads (the embedded database's) into `thread-<name>-<pid>-<worker id>.cpuprofile`.
 */
import fs from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const dir = process.env.BENCH_PROBE_DIR;
const profileDir = process.env.BENCH_PROFILE_DIR;

let session: Session | undefined;
function inspector<T>(method: string, params?: object): Promise<T> {
  session ??= (() => {
    const s = new Session();
    s.connect();
    return s;
  })();
  return new Promise((resolve, reject) =>
    session!.post(method, params, (err, result) => (err ? reject(err) : resolve(result as T))),
  );
}

/**
 * The process's worker threads (the embedded database's), reached through the inspector's
 * NodeWorker domain: each one's own session, by id, and the calls sent to them awaiting answers.
 */
const threads = new Map<string, string>();
const threadCalls = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
let threadCallId = 0;
let threadsAttached = false;
async function attachThreads(): Promise<void> {
  // Once: the listeners stay, and threads started later are announced to them.
  if (threadsAttached) return;
  threadsAttached = true;
  session!.on('NodeWorker.attachedToWorker', (event) => {
    const { sessionId, workerInfo } = event.params as {
      sessionId: string;
      workerInfo: { workerId: string; url: string };
    };
    // Not Node's own module-loader thread (tsx's hooks run there).
    if (!workerInfo.url.startsWith('node:internal/')) threads.set(sessionId, workerInfo.workerId);
  });
  session!.on('NodeWorker.detachedFromWorker', (event) => {
    threads.delete((event.params as { sessionId: string }).sessionId);
  });
  session!.on('NodeWorker.receivedMessageFromWorker', (event) => {
    const message = JSON.parse((event.params as { message: string }).message) as {
      id?: number;
      result?: unknown;
      error?: unknown;
    };
    if (message.id === undefined) return;
    threadCalls.get(message.id)?.(message);
    threadCalls.delete(message.id);
  });
  await inspector('NodeWorker.enable', { waitForDebuggerOnStart: false });
  // The threads already running are announced right after enable.
  await new Promise((resolve) => setTimeout(resolve, 100));
}
function inThread<T>(sessionId: string, method: string, params?: object): Promise<T> {
  const id = ++threadCallId;
  return new Promise((resolve, reject) => {
    threadCalls.set(id, (message) =>
      message.error
        ? reject(new Error(JSON.stringify(message.error)))
        : resolve(message.result as T),
    );
    void inspector('NodeWorker.sendMessageToWorker', {
      sessionId,
      message: JSON.stringify({ id, method, params }),
    }).catch(reject);
  });
}

/**
 * Starts or stops the CPU profile of this process and of each of its worker threads (PGlite's
 * thread runs the embedded database); answers the files once written: `<name>-<pid>.cpuprofile`
 * for the main thread, `thread-<name>-<pid>-<worker id>.cpuprofile` for each worker thread.
 */
async function profile(url: URL): Promise<{ file?: string; threads?: string[] }> {
  if (!profileDir) throw new Error('BENCH_PROFILE_DIR is not set');
  if (url.pathname === '/profile/start') {
    await inspector('Profiler.enable');
    await inspector('Profiler.setSamplingInterval', { interval: 500 });
    await attachThreads();
    for (const sessionId of threads.keys()) {
      await inThread(sessionId, 'Profiler.enable');
      await inThread(sessionId, 'Profiler.setSamplingInterval', { interval: 500 });
      await inThread(sessionId, 'Profiler.start');
    }
    await inspector('Profiler.start');
    return {};
  }
  const name = (url.searchParams.get('name') ?? 'profile').replace(/[^a-z0-9-]/gi, '');
  const { profile } = await inspector<{ profile: unknown }>('Profiler.stop');
  const file = path.join(profileDir, `${name}-${process.pid}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  const written: string[] = [];
  for (const [sessionId, workerId] of threads) {
    const stopped = await inThread<{ profile: unknown }>(sessionId, 'Profiler.stop');
    const threadFile = path.join(
      profileDir,
      `thread-${name}-${process.pid}-${workerId}.cpuprofile`,
    );
    fs.writeFileSync(threadFile, JSON.stringify(stopped.profile));
    written.push(threadFile);
  }
  return { file, threads: written };
}

/** The committed heap and external memory of this process's worker threads, from a report. */
function workerThreadBytes(): number {
  const report = process.report.getReport() as unknown as {
    workers?: Array<{
      javascriptHeap?: { totalCommittedMemory?: number; externalMemory?: number };
    }>;
  };
  let bytes = 0;
  for (const worker of report.workers ?? []) {
    bytes +=
      (worker.javascriptHeap?.totalCommittedMemory ?? 0) +
      (worker.javascriptHeap?.externalMemory ?? 0);
  }
  return bytes;
}

if (dir) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // Garbage-collection pauses since the last reset: their sum and the longest.
  const gcPauses = { totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcPauses.totalMs += entry.duration;
      gcPauses.maxMs = Math.max(gcPauses.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/profile/')) {
      profile(new URL(req.url, 'http://probe')).then(
        (answer) => res.end(JSON.stringify(answer)),
        (err: unknown) => {
          res.statusCode = 500;
          res.end(JSON.stringify({ error: String(err) }));
        },
      );
      return;
    }
    // A reset starts a measured window: the event-loop delay from now on, and (the answer) the
    // CPU used so far, which the window's end subtracts.
    if (req.url === '/reset') {
      delay.reset();
      Object.assign(gcPauses, { totalMs: 0, maxMs: 0 });
    }
    const gc = (globalThis as { gc?: () => void }).gc;
    if (req.url === '/gc' && gc) {
      gc();
      gc();
    }
    // A memory reading (/gc) also sizes the process's worker threads (the embedded database's),
    // which this GC does not reach: their committed heap and external memory (WebAssembly).
    const threadBytes = req.url === '/gc' ? workerThreadBytes() : 0;
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        pid: process.pid,
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        external: memory.external,
        cpuMicros: cpu.user + cpu.system,
        loopP99Ms: delay.count > 0 ? delay.percentile(99) / 1e6 : 0,
        loopMaxMs: delay.count > 0 ? delay.max / 1e6 : 0,
        gcTotalMs: gcPauses.totalMs,
        gcMaxMs: gcPauses.maxMs,
        threadBytes,
      }),
    );
  });
  // Exclusive: in a cluster worker, listen() would otherwise share one port among all workers
  // through the primary, and each request would reach whichever worker the cluster picked.
  server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
    const address = server.address();
    if (address && typeof address === 'object') {
      fs.writeFileSync(
        path.join(dir, `${process.pid}.json`),
        JSON.stringify({ pid: process.pid, port: address.port }),
      );
    }
  });
  server.unref();
}
