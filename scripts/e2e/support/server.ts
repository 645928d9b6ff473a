import { createApplication, type Application } from '../../../realtime-server/src/app.ts';
import { loadConfig } from '../../../realtime-server/src/config.ts';
import { createTestDatabase } from '../../../realtime-server/test/helpers/database.ts';
import type { DatabaseHandle } from '../../../realtime-server/src/db/client.ts';
import { OtpInbox } from '../../../realtime-server/test/helpers/otp-inbox.ts';
import { WEB_DIST } from './paths.ts';

export interface E2eServer {
  /** http://127.0.0.1:<port>: the production web build, the REST API and Socket.IO. */
  url: string;
  application: Application;
  /** Receives the codes the server's webhook OTP sender posts. */
  otps: OtpInbox;
  close(): Promise<void>;
}

/**
 * The real server in-process on an ephemeral port (or `port`), serving web/dist (or `webDist`),
 * on a fresh database and OTP inbox unless given ones (which it then leaves open on close).
 */
export async function startE2eServer(
  options: {
    webDist?: string;
    port?: number;
    database?: DatabaseHandle;
    /** A started inbox and its webhook address. */
    inbox?: { otps: OtpInbox; webhook: string };
  } = {},
): Promise<E2eServer> {
  const database = options.database ?? (await createTestDatabase());
  const otps = options.inbox?.otps ?? new OtpInbox();
  const webhook = options.inbox?.webhook ?? (await otps.start());
  const config = loadConfig({
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
    OTP_SENDER: 'webhook',
    OTP_WEBHOOK_URL: webhook,
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
    WEB_DIST_DIR: options.webDist ?? WEB_DIST,
  });
  const application = await createApplication({ config, database });
  const address = await application.listen(options.port ?? 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${address.port}`,
    application,
    otps,
    async close() {
      await application.close();
      if (!options.inbox) await otps.close();
      if (!options.database) await database.close();
    },
  };
}

let phoneCounter = 0;
/** A fresh 10-digit phone number, unique within this test file. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `98${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}
