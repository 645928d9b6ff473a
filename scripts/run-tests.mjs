#!/usr/bin/env node
// Runs every vitest project once and closes with the counts from vitest's own JSON report.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const report = path.join(root, 'reports', 'vitest.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });

const run = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);

if (!fs.existsSync(report)) {
  console.error('vitest wrote no report');
  process.exit(run.status || 1);
}
const results = JSON.parse(fs.readFileSync(report, 'utf8'));
const failedFiles = results.testResults.filter(
  (f) => f.status === 'failed' && f.assertionResults.length === 0,
);
const failed = results.numFailedTests + failedFiles.length;
console.log(`tests: ${results.numPassedTests} passed, ${failed} failed`);
process.exit(run.status ?? 1);
