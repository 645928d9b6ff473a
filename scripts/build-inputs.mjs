/**
 * What a build's output depends on, as one SHA-256 (scripts/build.mjs records it beside the
 * output and skips a build whose inputs hash the same): every file's path and bytes under the
 * given files and folders (outputs, dependencies and tests left out), then extra strings such as
 * environment variables baked into the output.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'coverage']);
const isTest = (name) => /\.test\.(ts|tsx|mts|js|mjs)$/.test(name);

/** Every file under `entry` (a file or a folder; missing: none). */
function listFiles(entry, into = []) {
  if (!fs.existsSync(entry)) return into;
  if (fs.statSync(entry).isFile()) {
    into.push(entry);
    return into;
  }
  for (const child of fs.readdirSync(entry, { withFileTypes: true })) {
    const full = path.join(entry, child.name);
    if (child.isDirectory()) {
      if (!SKIPPED_DIRS.has(child.name)) listFiles(full, into);
    } else if (!isTest(child.name)) {
      into.push(full);
    }
  }
  return into;
}

/** The hash of `inputs` (paths relative to `root`) and `extra`. */
export function inputsHash(root, inputs, extra = []) {
  const hash = crypto.createHash('sha256');
  const files = inputs.flatMap((input) => listFiles(path.join(root, input))).sort();
  for (const file of files) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  for (const value of extra) hash.update(value).update('\0');
  return hash.digest('hex');
}

/** The VITE_* variables of `env`, sorted: Vite bakes them into the web build. */
export function viteVariables(env) {
  return Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()
    .map((key) => `${key}=${env[key]}`);
}
