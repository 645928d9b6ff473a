/**
 * Serves the built web app on the API's origin: every file of the build, listed once at start-up
 * (so nothing outside it is ever read), sent in the best encoding the client accepts from the
 * brotli and gzip copies the build wrote beside it. Hashed files under /assets/ never change:
 * cached for a year as immutable. index.html is revalidated on every load (`no-cache`), so a
 * deploy reaches every phone; deep links (a reload on /portfolio) get it too. So are the service
 * worker (sw.js: the browser's update check must see a new build's worker at once) and the web
 * app manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { matchPage, type PagePath } from '@showdown/shared/pages';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** Unhashed public files (logos, avatars): may change between deploys. */
const SHORT = 'public, max-age=3600';
/** Unhashed files every deploy must reach at once (see the top). */
const REVALIDATED = new Set(['/index.html', '/sw.js', '/manifest.webmanifest']);
/** The build's prerendered entry pages: page pattern → file (web/build/prerender.ts). */
const PRERENDERED = '/pages/pages.json';

interface WebFile {
  file: string;
  cacheControl: string;
  br: boolean;
  gz: boolean;
}

function listFiles(root: string, dir = root, into = new Map<string, WebFile>()) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      listFiles(root, full, into);
      continue;
    }
    if (/\.(br|gz|map)$/.test(entry.name)) continue;
    const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
    into.set(urlPath, {
      file: full,
      cacheControl: urlPath.startsWith('/assets/')
        ? IMMUTABLE
        : REVALIDATED.has(urlPath) || urlPath.startsWith('/pages/')
          ? REVALIDATE
          : SHORT,
      br: fs.existsSync(`${full}.br`),
      gz: fs.existsSync(`${full}.gz`),
    });
  }
  return into;
}

/** The encoding to send: brotli, then gzip, when the client accepts it and a copy exists. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  has: { br: boolean; gz: boolean },
): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (has.br && ok('br')) return 'br';
  if (has.gz && ok('gzip')) return 'gzip';
  return undefined;
}

function send(res: Response, entry: WebFile, acceptEncoding: string | undefined, status = 200) {
  const encoding = pickEncoding(acceptEncoding, entry);
  res.status(status);
  res.setHeader('Cache-Control', entry.cacheControl);
  if (entry.br || entry.gz) res.setHeader('Vary', 'Accept-Encoding');
  // A page that is gone has no validators: a copy kept from when it answered 200 must not be
  // told "not modified".
  const options = {
    cacheControl: false,
    ...(status !== 200 && { etag: false, lastModified: false }),
  };
  if (!encoding) {
    res.sendFile(entry.file, options);
    return;
  }
  res.type(path.extname(entry.file));
  res.setHeader('Content-Encoding', encoding);
  res.sendFile(`${entry.file}.${encoding === 'br' ? 'br' : 'gz'}`, options);
}

/**
 * The status of an app page that exists only while the server says so (a share link's page:
 * 404 once the link is revoked), or undefined for every other page (200).
 */
export type PageStatus = (page: PagePath, req: Request) => Promise<number> | undefined;

/** Each prerendered page's file, by page pattern (a file the build did not write is left out). */
function prerenderedPages(files: Map<string, WebFile>): Map<string, WebFile> {
  const pages = new Map<string, WebFile>();
  const listed = files.get(PRERENDERED);
  if (!listed) return pages;
  const map = JSON.parse(fs.readFileSync(listed.file, 'utf8')) as Record<string, string>;
  for (const [page, file] of Object.entries(map)) {
    const entry = files.get(file);
    if (entry) pages.set(page, entry);
  }
  return pages;
}

/**
 * The web app's files, then for the app's pages (shared/src/pages.ts) the page's prerendered
 * HTML when the build wrote one (its first paint needs no JavaScript), else index.html, with the
 * status `pageStatus` gives. Any other path goes on to the 404: a crawler's robots.txt or
 * favicon.ico, a missing hashed file (a stale page must not run HTML as script), /metrics when it
 * is off.
 */
export function webApp(webDist: string, pageStatus?: PageStatus): RequestHandler {
  const files = listFiles(webDist);
  const index = files.get('/index.html');
  const prerendered = prerenderedPages(files);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const entry = files.get(req.path);
    if (entry) return send(res, entry, req.headers['accept-encoding']);
    const page = matchPage(req.path);
    if (!index || !page) return next();
    const html = prerendered.get(page) ?? index;
    const status = pageStatus?.(page, req);
    if (!status) return send(res, html, req.headers['accept-encoding']);
    status.then((code) => send(res, html, req.headers['accept-encoding'], code), next);
  };
}
