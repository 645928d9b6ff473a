import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The realtime-server package's folder. This module sits one level below it both as a source
 * file (`src/paths.ts`, under tsx in dev and tests) and bundled into `dist/main.js` (what
 * `npm start` runs), so files the bundle does not contain (the migrations, the SQL function
 * files, the PGlite worker, the web build) are found from here in either form.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
