import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { TokenService } from './auth/token-service.ts';
import type { OtpSender } from './auth/otp-sender.ts';
import type { GamePublisher } from './realtime/publisher.ts';
import type { SessionRevocations } from './auth/session-revocations.ts';
import type { Metrics } from './metrics.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Everything a route or service needs, built once per application (no module singletons). */
export interface AppContext {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  tokens: TokenService;
  otpSender: OtpSender;
  publisher: GamePublisher;
  /** Logout and refresh-token family revocation, announced on every node (`onRevoked`). */
  sessions: SessionRevocations;
  /** Prometheus metrics (`/metrics`); counted whether or not they are served. */
  metrics: Metrics;
}
