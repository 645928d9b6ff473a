import os from 'node:os';
import path from 'node:path';
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
    TRUST_PROXY: z
      .enum(['true', 'false', ''])
      .default('false')
      .transform((v) => v === 'true'),
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
