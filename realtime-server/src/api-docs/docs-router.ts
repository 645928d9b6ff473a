/**
 * The API documentation, served by the product itself (no CDN, the CSP unchanged):
 * `/api/openapi.json` and `/api/asyncapi.json`, the REST page `/api/docs` (Swagger UI from
 * node_modules, started by a script of our own: no inline script) and the events page
 * `/api/docs/events` (rendered by our own script from the AsyncAPI document).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router, type Response } from 'express';
import { notFound } from '../http/errors.ts';
import { serverRoot } from '../paths.ts';
import { buildAsyncApiDocument } from './asyncapi.ts';
import { buildOpenApiDocument } from './openapi.ts';

const STATIC_DIR = path.join(serverRoot, 'src', 'api-docs', 'static');
const swaggerUiDir = () =>
  path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The only files /api/docs/assets/ serves: name → where it lives. */
function assetFiles(): Record<string, string> {
  const swagger = swaggerUiDir();
  return {
    'swagger-ui.css': path.join(swagger, 'swagger-ui.css'),
    'swagger-ui-bundle.js': path.join(swagger, 'swagger-ui-bundle.js'),
    'docs.css': path.join(STATIC_DIR, 'docs.css'),
    'docs.js': path.join(STATIC_DIR, 'docs.js'),
    'events.js': path.join(STATIC_DIR, 'events.js'),
    // The product's logo, so the browser does not ask for /favicon.ico (a 404).
    'icon.svg': path.join(serverRoot, '..', 'web', 'public', 'brand', 'logo.svg'),
  };
}

/** The assets change only with a deploy; the documents and pages are no-store like all of /api. */
const ASSET_CACHE = 'public, max-age=3600';

export function apiDocsRouter(): Router {
  const router = Router();
  // Built on first use: a server that is never asked pays nothing.
  let openapi: string | undefined;
  let asyncapi: string | undefined;
  let assets: Record<string, string> | undefined;
  const sendJson = (res: Response, body: string) => res.type('application/json').send(body);

  router.get('/openapi.json', (_req, res) => {
    openapi ??= JSON.stringify(buildOpenApiDocument());
    sendJson(res, openapi);
  });
  router.get('/asyncapi.json', (_req, res) => {
    asyncapi ??= JSON.stringify(buildAsyncApiDocument());
    sendJson(res, asyncapi);
  });
  router.get('/docs', (_req, res) => {
    res.sendFile(path.join(STATIC_DIR, 'index.html'), { cacheControl: false });
  });
  router.get('/docs/events', (_req, res) => {
    res.sendFile(path.join(STATIC_DIR, 'events.html'), { cacheControl: false });
  });
  router.get('/docs/assets/:file', (req, res) => {
    assets ??= assetFiles();
    const file = Object.hasOwn(assets, req.params.file) ? assets[req.params.file] : undefined;
    if (!file) throw notFound('No such file.');
    res.setHeader('Cache-Control', ASSET_CACHE);
    res.type(file.endsWith('.css') ? 'text/css' : 'text/javascript');
    res.sendFile(file, { cacheControl: false });
  });
  return router;
}
