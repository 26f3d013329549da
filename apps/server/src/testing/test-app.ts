import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { ResolvedConfig } from '../secrets.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_IDENTITY_API_KEY = 'test-identity-api-key';
export const TEST_SECRET_KEY = 'test-secret-key-0123456789abcdef0123456789';

/**
 * A configuration as the server would load it, with fixed secrets and the given overrides. Tests register
 * many accounts, so registration is open unless a test says otherwise; verdicts are written back at once
 * unless a test of the quiet period sets WRITE_BACK_QUIET_SECONDS.
 */
export function testConfig(env: Record<string, string> = {}): ResolvedConfig {
  const config = loadConfig({
    DATA_DIR: '/nonexistent/handoff-test',
    LOG_LEVEL: 'silent',
    REGISTRATION: 'open',
    WRITE_BACK_QUIET_SECONDS: '0',
    ...env,
  });
  return {
    ...config,
    identityApiKey: TEST_IDENTITY_API_KEY,
    secretKey: TEST_SECRET_KEY,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The PostgreSQL database's URL, for a second pool as a second process has; PGlite: undefined. */
  url: string | undefined;
  close: () => Promise<void>;
}

/**
 * The whole server on a fresh database, without a port. Close it in afterAll. `options` sets what is not
 * an environment setting (e.g. the identity provider's clock).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'identity' | 'webRoot' | 'review' | 'outbound' | 'jobs'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ webRoot: false, ...options, config: testConfig(env), db: database.db });
  await app.ready();
  return {
    app,
    db: database.db,
    url: database.url,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
