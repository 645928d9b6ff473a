import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

const JWT_SECRET_KEY = 'jwt_secret';

/**
 * The HS256 signing secret: JWT_SECRET when configured, otherwise one generated on first start
 * and kept in the database (not in DATA_DIR) so every node on a shared database
 * signs and verifies with the same secret. Insert-if-absent then read: concurrent first starts
 * agree on whichever insert won.
 */
export async function loadJwtSecret(
  db: Database,
  config: Pick<Config, 'JWT_SECRET'>,
): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  await db
    .insert(serverSecrets)
    .values({ key: JWT_SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.key });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.key, JWT_SECRET_KEY));
  if (!row) throw new Error('the generated JWT secret could not be read back');
  return row.value;
}
