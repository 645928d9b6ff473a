import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

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
    SHOP_URL: z.string().url().default('https://shop.theshowdown.example'),
    /** The origin the join QR codes point to; unset: the origin the request came to. */
    PUBLIC_URL: optionalUrl(/^https?:\/\//),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().default(defaultWebDist),
    TRUST_PROXY: z
      .enum(['true', 'false', ''])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .superRefine((v, ctx) => {
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
