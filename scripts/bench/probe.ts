/**
 * Loaded into every server process the benchmark starts (`node --import <this>`), primary and
 * workers alike: a tiny HTTP endpoint on 127.0.0.1 that reports the process's memory, CPU and
 * event-loop delay, so the benchmark measures the real server without changing its code. Each
 * process writes `<pid>.json` with its port into BENCH_PROBE_DIR.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.BENCH_PROBE_DIR;
if (dir) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const server = http.createServer((req, res) => {
    if (req.url === '/reset') {
      delay.reset();
      res.end('{}');
      return;
    }
    const gc = (globalThis as { gc?: () => void }).gc;
    if (req.url === '/gc' && gc) {
      gc();
      gc();
    }
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        pid: process.pid,
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        cpuMicros: cpu.user + cpu.system,
        loopP99Ms: delay.count > 0 ? delay.percentile(99) / 1e6 : 0,
        loopMaxMs: delay.count > 0 ? delay.max / 1e6 : 0,
      }),
    );
  });
  server.listen(0, '127.0.0.1', () => {
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
