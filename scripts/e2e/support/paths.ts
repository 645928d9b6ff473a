import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_DIST = path.join(ROOT, 'web', 'dist');
export const SCREENS_DIR = path.join(ROOT, 'artifacts', 'screens');
export const FAILURES_DIR = path.join(ROOT, 'artifacts', 'failures');
export const AXE_SCRIPT = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
