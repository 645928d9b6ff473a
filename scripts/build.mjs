#!/usr/bin/env node
/**
 * `npm run build` (and the first step of `npm start`): builds what changed, and only that.
 *
 * - web: `vite build` into web/dist;
 * - server: one ES module, realtime-server/dist/main.js (esbuild), with `@showdown/shared`
 *   inlined (it exports its TypeScript sources) and every other package left to node_modules.
 *   The migrations (realtime-server/drizzle), the SQL function files (realtime-server/sql) and
 *   the PGlite worker (src/db/pglite-worker.mjs) stay files of their own, found from the
 *   package folder (src/paths.ts): the compiled server runs in that folder and reads them there.
 *
 * Each build records a SHA-256 of its inputs (scripts/build-inputs.mjs: every file's path and
 * bytes, the lockfile, these scripts, and for the web the VITE_* variables, which are baked into
 * the build) in node_modules/.cache/showdown-build/<target>.sha256; a target whose output exists
 * and whose inputs hash as recorded is not built again.
 *
 * usage: node scripts/build.mjs [web] [server] [--force]   (no target: both)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash, viteVariables } from './build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where each target's inputs hash is kept (not in its output: web/dist is served as it is). */
const stampDir = path.join(root, 'node_modules/.cache/showdown-build');

const common = [
  'shared/src',
  'shared/package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/build-inputs.mjs',
];

const targets = {
  web: {
    out: 'web/dist',
    product: 'web/dist/index.html',
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
    extra: () => viteVariables(process.env),
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
    product: 'realtime-server/dist/main.js',
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
    const stamp = path.join(stampDir, `${name}.sha256`);
    const hash = inputsHash(root, target.inputs, target.extra());
    const recorded = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '';
    const built = fs.existsSync(path.join(root, target.product));
    if (!force && built && recorded === hash) {
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
    fs.mkdirSync(stampDir, { recursive: true });
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
