import os from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { serverRoot } from './paths.ts';

const defaultWebDist = path.resolve(serverRoot, '../web/dist');

const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().url().regex(protocols, `must start with ${protocols.source}`).optional())
    .optional();

/** The proxy names Express's `trust proxy` knows (proxy-addr's pre-defined subnets). */
const PROXY_SUBNET_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Express's `trust proxy` value, never `true` (which would believe the left-most,
 * client-written X-Forwarded-For entry):
 * - `false`, `0` or empty: the socket's peer is the client;
 * - a hop count (`1`, `2` …): the address that many proxies in from the socket's peer;
 *   `true` is kept as `1`, the one reverse proxy of docs/operations.md;
 * - a comma-separated list of proxy addresses, CIDRs or `loopback`/`linklocal`/`uniquelocal`:
 *   the right-most entry not sent by one of them.
 */
export function trustProxySetting(raw: string, ctx: z.RefinementCtx): number | string[] | false {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^[0-9]+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 32) return hops;
  } else {
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `'${bad.join("', '")}' is not a proxy address, CIDR or loopback/linklocal/uniquelocal`,
    });
    return z.NEVER;
  }
  ctx.addIssue({
    code: 'custom',
    message: 'must be a hop count from 0 to 32, or a list of proxy addresses/CIDRs',
  });
  return z.NEVER;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_SUBNET_NAMES.has(entry) || ipaddr.isValid(entry)) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//),
    REDIS_URL: optionalUrl(/^rediss?:\/\//),
    /** The Redis stream the nodes of one deployment share. */
    REDIS_STREAM_NAME: z.string().min(1).max(200).default('showdown:socket.io'),
    JWT_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    OTP_SENDER: z.enum(['console', 'webhook']).default('console'),
    OTP_WEBHOOK_URL: optionalUrl(/^https?:\/\//),
    /** The origin the join QR codes point to; unset: the origin the request came to. */
    PUBLIC_URL: optionalUrl(/^https?:\/\//),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().default(defaultWebDist),
    /**
     * Other origins whose pages may call the API and open sockets (comma-separated, e.g.
     * `https://tv.example.com`). Empty: same origin only.
     */
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .url()
            .refine((o) => new URL(o).origin === o, 'must be origins like https://host[:port]'),
        ),
      ),
    /** Processes behind the one port; unset: the CPU count with DATABASE_URL, 1 on PGlite. */
    WORKERS: z
      .string()
      .trim()
      .regex(/^([1-9][0-9]*)?$/, 'must be a positive whole number')
      .transform((v) => (v === '' ? undefined : Number(v)))
      .pipe(z.number().max(256, 'must be at most 256').optional())
      .optional(),
    /** Turns `/metrics` on, for `Authorization: Bearer <METRICS_TOKEN>` only; unset: 404. */
    METRICS_TOKEN: z
      .string()
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
    /**
     * Which reverse proxies may name the client's address in X-Forwarded-For (see
     * trustProxySetting): a hop count, or a list of proxy addresses/CIDRs. Never "any proxy".
     */
    TRUST_PROXY: z.string().default('false').transform(trustProxySetting),
  })
  .superRefine((v, ctx) => {
    if (v.WORKERS !== undefined && v.WORKERS > 1 && !v.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'above 1 needs DATABASE_URL (the embedded PGlite lives in one process)',
      });
    }
    if (v.OTP_SENDER === 'webhook' && !v.OTP_WEBHOOK_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['OTP_WEBHOOK_URL'],
        message: 'is required when OTP_SENDER=webhook',
      });
    }
  });

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value throws a message naming each bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

/** How many processes serve the port: WORKERS, else the CPU count on a database server. */
export function workerCount(
  config: Pick<Config, 'WORKERS' | 'DATABASE_URL'>,
  cpus: number = os.availableParallelism(),
): number {
  return config.WORKERS ?? (config.DATABASE_URL ? cpus : 1);
}
