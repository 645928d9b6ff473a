import { describe, expect, it } from 'vitest';
import { commandPaths, deriveFigures, type FigureInputs } from './figures.ts';

const latency = (p99: number) => ({ count: 0, p50: p99 / 4, p95: p99 / 2, p99, max: p99 * 2 });
const server = (cpuPercent: number) => ({
  cpuPercent,
  postgresPercent: cpuPercent / 2,
  threadPercent: { main: cpuPercent * 0.8, busiestOther: cpuPercent * 0.1, rest: 0 },
  mainRunsPerSecond: 1_000,
});

/** 100 games × 9 sockets a second for 10 s; orders at 250/s. */
function inputs(): FigureInputs {
  const deliveries = (p99: number) => ({ ...latency(p99), count: 9_000 });
  return {
    fanoutSeconds: 10,
    socketsPerGame: 9,
    idle: server(9),
    // 900 deliveries a second: 18 % of a core is 200 µs each, 27 % is 300 µs, the relay's 9 % 100.
    fanout: {
      latency: deliveries(8),
      server: server(18),
      rest: { latency: deliveries(12), server: server(27) },
    },
    // The relay over node:http at 13.5 % is 150 µs a delivery, over Express 18 % is 200.
    baseline: {
      latency: deliveries(4),
      server: { otherPercent: 9 },
      http: { latency: deliveries(6), server: { otherPercent: 13.5 } },
      express: { latency: deliveries(6), server: { otherPercent: 18 } },
    },
    carried: {
      rate: 250,
      // 250 orders a second: 50 % of a core is 2 ms each, 75 % is 3 ms.
      socket: {
        latency: latency(20),
        completedPerSecond: 250,
        generatorCpuTotal: 25,
        server: server(50),
      },
      rest: {
        latency: latency(30),
        completedPerSecond: 250,
        generatorCpuTotal: 50,
        server: server(75),
      },
    },
    offered: {
      latency: latency(40),
      completedPerSecond: 500,
      generatorCpuTotal: 50,
      server: server(100),
    },
  };
}

describe('the command paths side by side', () => {
  it('puts the price move of each path beside the bare relay of the same run', () => {
    const { move } = commandPaths(inputs());
    expect(move.relay.cpuMicrosPerDelivery).toBeCloseTo(100);
    expect(move.socket.cpuMicrosPerDelivery).toBeCloseTo(200);
    expect(move.rest.cpuMicrosPerDelivery).toBeCloseTo(300);
    expect(move.socket.p99ToRelay).toBeCloseTo(2);
    expect(move.rest.p99ToRelay).toBeCloseTo(3);
    expect(move.rest.cpuToRelay).toBeCloseTo(3);
    expect(move.relay.cpuToRelay).toBeCloseTo(1);
  });

  it('reads the REST price move against the relay taking its publish over HTTP', () => {
    const { move } = commandPaths(inputs());
    expect(move.httpRelay.cpuMicrosPerDelivery).toBeCloseTo(150);
    expect(move.httpRelay.cpuToRelay).toBeCloseTo(1.5);
    expect(move.httpRelay.p99ToRelay).toBeCloseTo(1.5);
    expect(move.expressRelay.cpuMicrosPerDelivery).toBeCloseTo(200);
    expect(move.expressRelay.cpuToRelay).toBeCloseTo(2);
    // REST's 300 µs over the Express relay's 200: what the server adds beyond the framework.
    expect(move.restToExpressRelayCpu).toBeCloseTo(1.5);
  });

  it('compares REST orders with the socket commands at the same rate', () => {
    const { orders } = commandPaths(inputs());
    expect(orders.rate).toBe(250);
    expect(orders.socket.cpu.server).toBeCloseTo(2);
    expect(orders.socket.cpu.database).toBeCloseTo(1);
    expect(orders.rest.cpu.server).toBeCloseTo(3);
    expect(orders.rest.cpu.generators).toBeCloseTo(2);
    expect(orders.restToSocketP99).toBeCloseTo(1.5);
    expect(orders.restToSocketCpu).toBeCloseTo(1.5);
  });

  it('has no figure where nothing was delivered or completed', () => {
    const none = inputs();
    none.baseline.latency.count = 0;
    none.carried.socket.completedPerSecond = 0;
    const { move, orders } = commandPaths(none);
    expect(move.relay.cpuMicrosPerDelivery).toBeNaN();
    expect(move.socket.cpuToRelay).toBeNaN();
    expect(orders.socket.cpu.server).toBeNaN();
  });
});

describe('the figures per unit of work', () => {
  it('shares the idle CPU out over the updates and the orders, and splits by thread', () => {
    const figures = deriveFigures(inputs());
    expect(figures.updatesPerSecond).toBeCloseTo(100);
    // 9 % of a core is 900 µs over 100 updates a second, 360 µs over 250 orders.
    expect(figures.idleShare.update).toBeCloseTo(900);
    expect(figures.idleShare.order).toBeCloseTo(360);
    // The socket path's table update: 80 % of 18 % of a core on the main thread, 100 a second.
    expect(figures.updateThreads.main).toBeCloseTo(1_440);
    expect(figures.orderCpu.server).toBeCloseTo(2);
    expect(figures.runs.update.perUnit).toBeCloseTo(10);
    expect(figures.runs.idle.microsPerRun).toBeCloseTo(72);
  });
});
