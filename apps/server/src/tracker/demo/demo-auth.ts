// The demo tracker's sign-in: Basic auth with a registered user's e-mail and the Jira API key stored for
// that user (so the profile's key is what the demo tracker accepts).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserByEmailForTracker } from '../../accounts/users.repository.ts';
import { SecretBox } from '../../common/secret-box.ts';
import { rejectedTextProblem } from '../../http/safe-input.ts';
import { JiraHttpError } from './demo-http.ts';

export type Caller = { kind: 'anonymous' } | { kind: 'user'; userId: string; email: string };
type SignedIn = Caller & { kind: 'user' };

const UNAUTHENTICATED = 'Client must be authenticated to access this resource.';

export interface DemoAuth {
  /** The caller of a request: anonymous without an Authorization header; Jira's 401 for wrong credentials. */
  authenticate(request: FastifyRequest): Promise<Caller>;
  /** As authenticate, but anonymous callers get Jira's 401 too. */
  signedIn(request: FastifyRequest): Promise<SignedIn>;
}

export function demoAuth(app: FastifyInstance): DemoAuth {
  const box = new SecretBox(app.config.secretKey);

  async function authenticate(request: FastifyRequest): Promise<Caller> {
    const header = request.headers.authorization;
    if (!header) return { kind: 'anonymous' };
    const refused = new JiraHttpError(401, [UNAUTHENTICATED]);
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    if (!match?.[1]) throw refused;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    // Credentials PostgreSQL could not even compare (a NUL) belong to nobody.
    if (colon <= 0 || rejectedTextProblem(decoded, 'credentials')) throw refused;
    const email = decoded.slice(0, colon);
    const token = decoded.slice(colon + 1);
    const row = await findUserByEmailForTracker(app.db, email);
    if (!row) throw refused;
    let stored: string;
    try {
      stored = box.open(row.apikey_encrypted);
    } catch {
      throw refused;
    }
    if (!sameSecret(stored, token)) throw refused;
    return { kind: 'user', userId: row.id, email: row.email };
  }

  return {
    authenticate,
    async signedIn(request) {
      const caller = await authenticate(request);
      if (caller.kind === 'anonymous') throw new JiraHttpError(401, [UNAUTHENTICATED]);
      return caller;
    },
  };
}

function sameSecret(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}
