import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'otp', '*.otp', '*.refresh_token', '*.access_token'],
  });
}
