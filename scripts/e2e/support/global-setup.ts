import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FAILURES_DIR, ROOT, SCREENS_DIR, WEB_DIST } from './paths.ts';

/**
 * Once per e2e run: builds the web app when web/dist is missing (`npm test` and `npm run
 * test:e2e` build it first) and empties the screenshot and failure folders of the last run.
 */
export default function setup(): void {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // Vitest sets NODE_ENV=test, which would build React's development bundles (over the
    // initial JavaScript budget): the suite tests the production build.
    const build = spawnSync(npm, ['run', 'build', '-w', '@showdown/web'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('building the web app for the e2e suite failed');
  }
  for (const dir of [SCREENS_DIR, FAILURES_DIR]) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
  }
}
