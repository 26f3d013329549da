import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type CryptoKey,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';
import { SecretBox } from '../common/secret-box.ts';
import type { Db } from '../db/database.ts';
import {
  insertSigningKey,
  listSigningKeys,
  type StoredSigningKey,
  withSigningKeysLock,
} from './signing-keys.repository.ts';

export const SIGNING_ALGORITHM = 'RS256';

type PublicJwk = JWK & { kid: string; kty: string };

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: PublicJwk;
}

/** How often an unknown `kid` may make us look at the table again (another process may have added a key). */
const RELOAD_INTERVAL_MS = 10_000;

/**
 * The ID-token signing keys, kept in the `signing_keys` table (private halves sealed with SECRET_KEY), so
 * every process of a deployment signs and verifies with the same keys and tokens survive restarts.
 * The first start creates one key under an advisory lock, so concurrent first starts converge on it.
 */
export class SigningKeys {
  private keys = new Map<string, LoadedKey>();
  private unusable = new Set<string>();
  private active: LoadedKey | undefined;
  private lastLoad = 0;

  private constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async open(db: Db, secretKey: string, log: FastifyBaseLogger): Promise<SigningKeys> {
    const keys = new SigningKeys(db, new SecretBox(secretKey, 'token-signing-key'), log);
    await keys.load();
    if (!keys.active) {
      await keys.createUnderLock();
      await keys.load();
    }
    if (!keys.active) throw new Error('No usable ID-token signing key could be created');
    return keys;
  }

  /** Signs an ID token with the newest key. */
  async sign(payload: JWTPayload): Promise<string> {
    const key = this.active!;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey);
  }

  /** The public key for a `kid`, looking at the table again (at most every 10 s) when it is unknown. */
  async publicKey(kid: string): Promise<CryptoKey | undefined> {
    const known = this.keys.get(kid);
    if (known) return known.publicKey;
    if (Date.now() - this.lastLoad < RELOAD_INTERVAL_MS) return undefined;
    await this.load();
    return this.keys.get(kid)?.publicKey;
  }

  /** The public keys as a JSON Web Key Set. */
  jwks(): { keys: PublicJwk[] } {
    return { keys: [...this.keys.values()].map((key) => key.publicJwk) };
  }

  private async load(): Promise<void> {
    this.lastLoad = Date.now();
    const rows = await listSigningKeys(this.db, SIGNING_ALGORITHM);
    for (const row of rows) {
      if (this.keys.has(row.kid)) {
        this.active = this.keys.get(row.kid);
        continue;
      }
      if (this.unusable.has(row.kid)) continue;
      const loaded = await this.importRow(row);
      if (!loaded) {
        this.unusable.add(row.kid);
        continue;
      }
      this.keys.set(row.kid, loaded);
      this.active = loaded;
    }
  }

  private async importRow(row: StoredSigningKey): Promise<LoadedKey | undefined> {
    try {
      const sealed = row.private_jwk.sealed;
      if (typeof sealed !== 'string') throw new Error('not sealed');
      const privateJwk = JSON.parse(this.box.open(sealed)) as JWK;
      const publicJwk = { ...row.public_jwk, kid: row.kid, alg: SIGNING_ALGORITHM, use: 'sig' } as PublicJwk;
      return {
        kid: row.kid,
        privateKey: (await importJWK(privateJwk, SIGNING_ALGORITHM)) as CryptoKey,
        publicKey: (await importJWK(publicJwk, SIGNING_ALGORITHM)) as CryptoKey,
        publicJwk,
      };
    } catch {
      // Sealed under another SECRET_KEY: unusable here. Tokens it signed can no longer be verified.
      this.log.warn({ kid: row.kid }, 'ignoring an ID-token signing key that SECRET_KEY cannot open');
      return undefined;
    }
  }

  /** Creates a key unless another process created a usable one while we waited for the lock. */
  private async createUnderLock(): Promise<void> {
    await withSigningKeysLock(this.db, async (trx) => {
      const rows = await listSigningKeys(trx, SIGNING_ALGORITHM);
      for (const row of rows) {
        if (await this.importRow(row)) return;
      }
      const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, {
        modulusLength: 2048,
        extractable: true,
      });
      const kid = randomBytes(16).toString('hex');
      const privateJwk = await exportJWK(privateKey);
      const publicJwk = await exportJWK(publicKey);
      await insertSigningKey(trx, {
        kid,
        algorithm: SIGNING_ALGORITHM,
        privateJwk: JSON.stringify({ sealed: this.box.seal(JSON.stringify(privateJwk)) }),
        publicJwk: JSON.stringify({ ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' }),
      });
      this.log.info({ kid }, 'created the ID-token signing key');
    });
  }
}
