import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  initialJsReport,
  overBudget,
  pageScripts,
  pageScriptsGzipBytes,
  reportInitialJs,
  type ManifestChunk,
} from '../build/initial-js';

const manifest: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/login.tsx': { file: 'assets/login.js', imports: ['_react.js', '_field.js'] },
  '_field.js': { file: 'assets/field.js' },
  'src/game.tsx': { file: 'assets/game.js', imports: ['_socket.js'] },
  '_socket.js': { file: 'assets/socket.js' },
  'style.css': { file: 'assets/style.css' },
};

/** Files of known content: each file's text is its name repeated. */
const contents = Object.fromEntries(
  Object.values(manifest).map(({ file }) => [file, Buffer.from(file.repeat(50))]),
);
const gzipped = (file: string) => gzipSync(contents[file]!, { level: 9 }).length;

describe('initial JS of a page', () => {
  it('is the entry and the route module with their static imports, each once', () => {
    expect(pageScripts(manifest, ['src/login.tsx'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/login.js',
      'assets/field.js',
    ]);
    expect(() => pageScripts(manifest, ['src/nope.tsx'])).toThrow(/no 'src\/nope.tsx'/);
  });

  it('sums each of those files gzipped at level 9, and nothing else', () => {
    const read = vi.fn((file: string) => contents[file]!);
    const bytes = pageScriptsGzipBytes(manifest, ['src/login.tsx'], read);
    expect(bytes).toBe(
      ['assets/index.js', 'assets/react.js', 'assets/login.js', 'assets/field.js']
        .map(gzipped)
        .reduce((a, b) => a + b),
    );
    expect(read).not.toHaveBeenCalledWith('assets/socket.js');
  });

  it('reports KiB with one decimal and the budget; over means strictly above it', () => {
    expect(initialJsReport('/login', 146_637, 150)).toBe(
      '/login initial JS: 143.2 KiB gzip (budget 150 KiB)',
    );
    expect(overBudget(150 * 1024, 150)).toBe(false);
    expect(overBudget(150 * 1024 + 1, 150)).toBe(true);
  });
});

describe('reportInitialJs (the build plugin)', () => {
  let dir = '';
  afterEach(() => {
    vi.restoreAllMocks();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Writes a build to a temporary dist/ and runs the plugin's hooks on it. */
  function runPlugin(budgetKiB: number) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'initial-js-'));
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    for (const [file, content] of Object.entries(contents)) {
      fs.writeFileSync(path.join(dist, file), content);
    }
    const plugin = reportInitialJs([{ page: '/login', routeModule: 'src/login.tsx', budgetKiB }]);
    const config = { root: dir, build: { outDir: 'dist' } } as ResolvedConfig;
    (plugin.configResolved as (c: ResolvedConfig) => void)(config);
    return () => (plugin.closeBundle as () => void)();
  }

  it('prints the line the bench would compute, and passes under budget', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const close = runPlugin(150);
    expect(close).not.toThrow();
    const bytes = pageScriptsGzipBytes(manifest, ['src/login.tsx'], (f) => contents[f]!);
    expect(log).toHaveBeenCalledWith(initialJsReport('/login', bytes, 150));
  });

  it('fails the build over budget', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const close = runPlugin(0.1);
    expect(close).toThrow(
      /over the initial JavaScript budget: \/login initial JS: .* \(budget 0.1 KiB\)/,
    );
  });
});
