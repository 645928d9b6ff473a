/**
 * zod for every schema of `shared/`: imported from here, never from 'zod' itself, so that this
 * runs before the first schema is built. zod compiles object parsers with `new Function`, and
 * learns whether it may by trying `Function('')` as it builds the first object schema. The web
 * app's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses that try and
 * reports it as a violation, so in a browser zod is told not to compile. The server (Node, no
 * CSP) keeps the compiled parsers, which are faster.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
