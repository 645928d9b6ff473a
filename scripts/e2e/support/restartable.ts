import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createApplication, type Application } from '../../../realtime-server/src/app.ts';
import { loadConfig } from '../../../realtime-server/src/config.ts';
import { createTestDatabase } from '../../../realtime-server/test/helpers/database.ts';
import { OtpInbox } from '../../../realtime-server/test/helpers/otp-inbox.ts';
import { launchChromium } from './browser.ts';
import { WEB_DIST } from './paths.ts';
import type { E2eServer } from './server.ts';

/**
 * The file's server in-process, on a database and a port it keeps, so that a test can stop it
 * and start it again (a restart: the phones reconnect to the same address), and Chromium;
 * started before the file's tests, closed after them.
 */
export function useRestartableServer() {
  let browser: Browser | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let otps: OtpInbox | undefined;
  let config: ReturnType<typeof loadConfig>;
  let application: Application | undefined;
  let port = 0;

  async function start(): Promise<void> {
    application = await createApplication({ config, database: database! });
    const address = await application.listen(port, '127.0.0.1');
    port = address.port;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    otps = new OtpInbox();
    const webhook = await otps.start();
    config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
      OTP_SENDER: 'webhook',
      OTP_WEBHOOK_URL: webhook,
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
      WEB_DIST_DIR: WEB_DIST,
    });
    [browser] = await Promise.all([launchChromium(), start()]);
  });

  afterAll(async () => {
    await browser?.close();
    await application?.close();
    await otps?.close();
    await database?.close();
  });

  return {
    get browser(): Browser {
      if (!browser) throw new Error('Chromium has not started yet');
      return browser;
    },
    /** The running server, as a Scenario takes it (closing it is the file's). */
    server(): E2eServer {
      if (!application || !otps) throw new Error('the e2e server has not started yet');
      return { url: `http://127.0.0.1:${port}`, application, otps, close: async () => undefined };
    },
    /** The server goes away: its sockets are closed and its port refuses connections. */
    stop: () => application!.close(),
    /** The server is back on the same port and database. */
    start,
  };
}
