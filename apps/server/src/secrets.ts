import { createHmac, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';
import { createDataDir } from './data-dir-lock.ts';

/** The configuration with every generated secret filled in. */
export type ResolvedConfig = Config & { identityApiKey: string; secretKey: string };

interface GeneratedSecrets {
  identityApiKey: string;
  secretKey: string;
}

/**
 * IDENTITY_API_KEY and SECRET_KEY may be left unset: they are then generated once and kept in
 * DATA_DIR/secrets.json (readable by its owner only), so they survive restarts. On PostgreSQL, where
 * several processes share the data, SECRET_KEY is required (loadConfig checks it) and an unset
 * IDENTITY_API_KEY is derived from it, so every process hands the browser the same key.
 */
export async function resolveSecrets(config: Config): Promise<ResolvedConfig> {
  if (config.databaseUrl && config.secretKey) {
    const derived = createHmac('sha256', config.secretKey)
      .update('handoff identity api key')
      .digest('base64url');
    return {
      ...config,
      identityApiKey: config.identityApiKey ?? `hk_${derived.slice(0, 24)}`,
      secretKey: config.secretKey,
    };
  }
  if (config.identityApiKey && config.secretKey) {
    return { ...config, identityApiKey: config.identityApiKey, secretKey: config.secretKey };
  }
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: GeneratedSecrets;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as GeneratedSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    stored = {
      identityApiKey: `hk_${randomBytes(18).toString('base64url')}`,
      secretKey: randomBytes(32).toString('base64url'),
    };
    await createDataDir(config.dataDir);
    await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  return {
    ...config,
    identityApiKey: config.identityApiKey ?? stored.identityApiKey,
    secretKey: config.secretKey ?? stored.secretKey,
  };
}
