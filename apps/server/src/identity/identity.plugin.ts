import fp from 'fastify-plugin';
import { RateLimiter } from '../common/rate-limiter.ts';
import type { AccountCreator } from './account-creation.ts';
import { builtinVerifier } from './builtin-verifier.ts';
import { FirebaseAccounts, GOOGLE_IDENTITY_TOOLKIT_URL } from './firebase-accounts.ts';
import { firebaseVerifier } from './firebase-verifier.ts';
import { identityRoutes } from './identity.routes.ts';
import { IdentityService } from './identity.service.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './rate-limit-settings.ts';
import { SigningKeys } from './signing-keys.ts';
import type { TokenVerifier } from './token-verifier.ts';

/** Knobs that are not environment settings: a clock and limits for tests, Google's URLs for firebase mode. */
export interface IdentityOptions {
  /** The clock (ms since the epoch) for tokens, codes and rate limits. */
  now?: () => number;
  rateLimits?: Partial<RateLimitSettings>;
  /** firebase mode: where Google's token-signing keys are fetched (a JWKS). */
  firebaseJwksUrl?: string;
  /** firebase mode: Google's Identity Toolkit origin, for registration's signUp call. */
  firebaseIdentityToolkitUrl?: string;
}

interface Identity {
  /** Creates accounts for registration: the built-in provider, or Google's in firebase mode. */
  accounts: AccountCreator;
  /** Verifies bearer ID tokens for the product API. */
  verifier: TokenVerifier;
  /** The built-in provider; undefined in firebase mode. */
  provider: IdentityService | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}

/**
 * The identity module. AUTH_MODE=builtin: the Identity-Toolkit-compatible provider (routes at the origin
 * root, keys in the database). AUTH_MODE=firebase: no provider routes; Google's tokens are verified and
 * registration creates accounts on Google's service.
 */
export const identityPlugin = fp<IdentityOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
    const limiter = new RateLimiter(app.db, now);
    const { config } = app;

    if (config.authMode === 'firebase') {
      const firebase = config.firebase;
      if (!firebase) throw new Error('AUTH_MODE=firebase needs FIREBASE_API_KEY and FIREBASE_PROJECT_ID');
      app.decorate('identity', {
        accounts: new FirebaseAccounts({
          apiKey: firebase.apiKey,
          baseUrl: options.firebaseIdentityToolkitUrl ?? GOOGLE_IDENTITY_TOOLKIT_URL,
          db: app.db,
          limiter,
          rateLimits,
          log: app.log,
          now,
          signupDomains: config.signupDomains,
        }),
        verifier: firebaseVerifier({ projectId: firebase.projectId, jwksUrl: options.firebaseJwksUrl, now }),
        provider: undefined,
      } satisfies Identity);
      return;
    }

    const keys = await SigningKeys.open(app.db, config.secretKey, app.log);
    const service = new IdentityService({
      db: app.db,
      keys,
      limiter,
      mailer: app.mailer,
      log: app.log,
      now,
      publicUrl: config.publicUrl,
      rateLimits,
      signupDomains: config.signupDomains,
      // Only when a link can reach the address is its owner asked to prove it.
      verifyEmails: config.smtpUrl !== undefined,
    });
    app.decorate('identity', {
      accounts: service.accounts,
      verifier: builtinVerifier(service, now),
      provider: service,
    } satisfies Identity);
    app.addHook('preClose', async () => service.drain());
    await app.register(identityRoutes, { service, keys, apiKey: config.identityApiKey });
  },
  { name: 'identity', dependencies: ['mailer'] },
);
