import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Server as SocketIoServer } from 'socket.io';
import type { RequestHandler } from 'express';

/**
 * The Content-Security-Policy of every answer. The built web app loads only its own hashed
 * scripts (no inline script); MUI's styling engine inserts <style> elements at run time, so
 * styles may be inline. Sockets and API calls go to this origin ('self' covers ws: and wss:).
 * The service worker (sw.js) and the web app manifest come from this origin too.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The security headers of every answer: API, web app, errors and Socket.IO's own alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

/** Security headers on every answer Express gives. */
export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    setSecurityHeaders(res);
    next();
  };
}

/**
 * Socket.IO answers its own requests before Express sees them: a refused polling request or
 * handshake (plain HTTP) and the WebSocket upgrade (101). They carry the same headers.
 */
export function secureEngineAnswers(httpServer: Server, io: SocketIoServer): void {
  // Runs before Socket.IO's own 'request' listener; writeHead keeps headers already set.
  httpServer.prependListener('request', (_req, res) => setSecurityHeaders(res));
  io.engine.on('headers', (headers: Record<string, string>) =>
    Object.assign(headers, SECURITY_HEADERS),
  );
}

/**
 * Whether a browser page from `origin` may call this server: its own origin (the Host it was
 * reached by) always, another one only when configured in CORS_ORIGINS. Non-browser clients
 * send no Origin and are not concerned.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** For Socket.IO's `allowRequest`: the handshake (polling or WebSocket) of a refused origin fails. */
export function originCheck(allowed: readonly string[]) {
  return (
    req: IncomingMessage,
    callback: (err: string | null | undefined, ok: boolean) => void,
  ) => {
    const ok = isAllowedOrigin(req.headers.origin, req.headers.host, allowed);
    callback(ok ? null : 'Origin not allowed', ok);
  };
}

const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';

/**
 * CORS for the configured origins only. Same-origin requests need no CORS headers; a page of
 * any other origin gets none, so the browser keeps its answers from it.
 */
export function corsForOrigins(allowed: readonly string[]): RequestHandler {
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.headers.origin;
    if (origin === undefined || !allowed.includes(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
