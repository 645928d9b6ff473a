#!/usr/bin/env node
/**
 * `npm run build` (and the first step of `npm start`): builds what changed, and only that.
 *
 * - web: `vite build` into web/dist;
 * - server: one ES module, realtime-server/dist/main.js (esbuild), with `@showdown/shared`
 *   inlined (it exports its TypeScript sources) and every other package left to node_modules.
 *   The migrations (realtime-server/drizzle) and the PGlite worker (src/db/pglite-worker.mjs)
 *   stay files of their own, found from the package folder (src/paths.ts).
 *
 * Each output records a SHA-256 of its inputs (every file's path and bytes, the lockfile, this
 * script, and for the web the VITE_* variables, which are baked into the build) in
 * `<output>/.build-inputs`; an output whose record matches is not built again.
 *
 * usage: node scripts/build.mjs [web] [server] [--force]   (no target: both)
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-inputs';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'coverage']);
const isTest = (name) => /\.test\.(ts|tsx|mts|js|mjs)$/.test(name);

/** Every file under `dir` (sorted, tests and outputs left out), relative to the repository. */
function listFiles(dir, into = []) {
  if (!fs.existsSync(dir)) return into;
  if (fs.statSync(dir).isFile()) {
    into.push(dir);
    return into;
  }
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) listFiles(full, into);
    } else if (!isTest(entry.name)) {
      into.push(full);
    }
  }
  return into;
}

/** The hash of a target's inputs: file paths and contents, then any extra strings. */
function inputsHash(inputs, extra = []) {
  const hash = crypto.createHash('sha256');
  const files = inputs.flatMap((input) => listFiles(path.join(root, input))).sort();
  for (const file of files) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  for (const value of extra) hash.update(value).update('\0');
  return hash.digest('hex');
}

const common = ['shared/src', 'shared/package.json', 'package-lock.json', 'scripts/build.mjs'];

const targets = {
  web: {
    out: 'web/dist',
    inputs: [
      ...common,
      ...[
        'src',
        'public',
        'build',
        'index.html',
        'package.json',
        'vite.config.ts',
        'tsconfig.json',
      ].map((file) => `web/${file}`),
    ],
    // Baked into the bundle at build time (web/src/config/env.ts).
    extra: () =>
      Object.keys(process.env)
        .filter((k) => k.startsWith('VITE_'))
        .sort()
        .map((k) => `${k}=${process.env[k]}`),
    build() {
      const run = spawnSync('npm', ['run', 'build', '-w', '@showdown/web'], {
        cwd: root,
        stdio: 'inherit',
      });
      return run.status === 0;
    },
  },
  server: {
    out: 'realtime-server/dist',
    inputs: [
      ...common,
      'realtime-server/src',
      'realtime-server/package.json',
      'tsconfig.base.json',
    ],
    extra: () => [],
    async build() {
      const esbuild = await import('esbuild');
      const manifest = JSON.parse(
        fs.readFileSync(path.join(root, 'realtime-server/package.json'), 'utf8'),
      );
      // Everything but the workspace's TypeScript package is loaded from node_modules at run
      // time, as the sources load it (pino's transports, PGlite's WebAssembly and the like
      // need their own files).
      const external = Object.keys(manifest.dependencies).filter((d) => d !== '@showdown/shared');
      const outDir = path.join(root, 'realtime-server/dist');
      const result = await esbuild.build({
        entryPoints: [path.join(root, 'realtime-server/src/main.ts')],
        outfile: path.join(outDir, 'main.js'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        external: [...external, ...external.map((d) => `${d}/*`)],
        logLevel: 'warning',
        write: false,
      });
      // Each file replaced in one rename: a server starting meanwhile reads the old or the new.
      fs.mkdirSync(outDir, { recursive: true });
      for (const file of result.outputFiles) {
        const temporary = `${file.path}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, file.contents);
        fs.renameSync(temporary, file.path);
      }
      return true;
    },
  },
};

/** Builds the named targets (all when none) whose inputs changed; false when a build failed. */
export async function build(names = [], { force = false } = {}) {
  for (const name of names) {
    if (!(name in targets)) {
      console.error(`build: unknown target "${name}" (web, server)`);
      return false;
    }
  }
  for (const name of names.length > 0 ? names : Object.keys(targets)) {
    const target = targets[name];
    const stamp = path.join(root, target.out, STAMP);
    const hash = inputsHash(target.inputs, target.extra());
    const recorded = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '';
    if (!force && recorded === hash) {
      console.log(`build: ${name} is up to date (${target.out})`);
      continue;
    }
    const started = Date.now();
    console.log(`build: ${name} → ${target.out}`);
    if (!(await target.build())) {
      fs.rmSync(stamp, { force: true });
      console.error(`build: the ${name} build failed`);
      return false;
    }
    fs.writeFileSync(`${stamp}.${process.pid}.tmp`, `${hash}\n`);
    fs.renameSync(`${stamp}.${process.pid}.tmp`, stamp);
    console.log(`build: ${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  if (!(await build(names, { force: args.includes('--force') }))) process.exit(1);
}
