import { describe, expect, it } from 'vitest';
import { areaOf, profileLine, summariseProfile, type CpuProfile } from './profile.ts';

describe('CPU profile summary', () => {
  it('names the area of a frame', () => {
    expect(areaOf('file:///w/node_modules/pg/lib/client.js', 'query')).toBe('pg');
    expect(areaOf('file:///w/node_modules/@socket.io/sticky/index.js', 'x')).toBe(
      '@socket.io/sticky',
    );
    expect(areaOf('file:///w/node_modules/a/node_modules/b/i.js', 'x')).toBe('b');
    expect(areaOf('node:internal/streams/writable', 'write')).toBe('node: core');
    expect(areaOf('file:///w/realtime-server/src/games/market-service.ts', 'f')).toBe(
      'realtime-server/src/games/market-service.ts',
    );
    expect(areaOf('', '(garbage collector)')).toBe('V8: garbage collector');
    expect(areaOf('', '(idle)')).toBe('idle');
    expect(areaOf('wasm://wasm/021d3ac6', 'wasm-function[11114]')).toBe('WebAssembly');
  });

  it('sums self time by area and function, leaving idle time out', () => {
    const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 9 });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', '') },
        { id: 2, callFrame: frame('(idle)', '') },
        { id: 3, callFrame: frame('query', 'file:///w/node_modules/pg/lib/client.js') },
        { id: 4, callFrame: frame('emit', 'file:///w/node_modules/socket.io/dist/index.js') },
      ],
      // Samples: pg 3 times, socket.io once, idle twice; each sample lasts 1 ms (the next delta).
      samples: [3, 3, 2, 4, 3, 2],
      timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000],
    };
    const summary = summariseProfile(profile);
    expect(summary.busy_ms).toBe(4);
    expect(summary.by_area).toEqual([
      { name: 'pg', percent: 75 },
      { name: 'socket.io', percent: 25 },
    ]);
    expect(summary.by_function[0]).toEqual({ name: 'query lib/client.js:10', percent: 75 });
    expect(profileLine(summary)).toBe('pg 75 % · socket.io 25 %');
  });
});
