import { pino, type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from './config.ts';

export type { Logger };

/**
 * JSON lines (for a log collector), or on a terminal lines a person reads (pino-pretty, in
 * this thread: no transport worker). `pretty` defaults to whether stdout is a TTY.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  {
    pretty = process.stdout.isTTY === true,
    destination,
  }: { pretty?: boolean; destination?: DestinationStream } = {},
): Logger {
  const options = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'otp', '*.otp', '*.refresh_token', '*.access_token'],
  };
  if (pretty) {
    const colorize = destination === undefined;
    return pino(options, pinoPretty({ colorize, translateTime: 'SYS:HH:MM:ss', destination }));
  }
  // pino's own fast stdout writer unless told otherwise.
  return destination ? pino(options, destination) : pino(options);
}
