import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMAIL_ALREADY_IN_USE_MESSAGE } from '@handoff/core';
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../testing/sign-in.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { firebaseVerifier } from './firebase-verifier.ts';

// AUTH_MODE=firebase against a local stand-in for Google: a JWKS and the two Identity Toolkit calls
// registration makes, on a local HTTP server. No internet.

const PROJECT = 'demo-handoff';
const API_KEY = 'fake-firebase-api-key';
const KID = 'google-key-1';

let googleKey: CryptoKey;
let strangerKey: CryptoKey;
let google: Server;
let googleUrl: string;
const accounts = new Map<string, { localId: string; password: string }>();
const calls: Array<{ path: string; key: string | null; body: Record<string, unknown> }> = [];
let failNextSignUp = false;

/** A token as Google's securetoken service would issue it. */
function googleToken(claims: JWTPayload, options: { key?: CryptoKey; kid?: string; alg?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    firebase: { sign_in_provider: 'password', identities: {} },
    ...claims,
  })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
    .sign(options.key ?? googleKey);
}

function googleError(message: string) {
  return { error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } };
}

async function handle(
  path: string,
  key: string | null,
  body: Record<string, unknown>,
): Promise<[number, unknown]> {
  calls.push({ path, key, body });
  if (key !== API_KEY) return [400, googleError('API key not valid. Please pass a valid API key.')];
  if (path === '/v1/accounts:signUp') {
    const email = String(body.email ?? '').toLowerCase();
    const password = String(body.password ?? '');
    if (accounts.has(email)) return [400, googleError('EMAIL_EXISTS')];
    if (password.length < 6)
      return [400, googleError('WEAK_PASSWORD : Password should be at least 6 characters')];
    const localId = randomBytes(14).toString('hex');
    accounts.set(email, { localId, password });
    const idToken = await googleToken({ sub: localId, user_id: localId, email });
    return [
      200,
      {
        kind: 'identitytoolkit#SignupNewUserResponse',
        localId,
        email,
        idToken,
        refreshToken: 'r',
        expiresIn: '3600',
      },
    ];
  }
  if (path === '/v1/accounts:delete') {
    const sub = JSON.parse(Buffer.from(String(body.idToken).split('.')[1]!, 'base64url').toString()).sub;
    for (const [email, account] of accounts) if (account.localId === sub) accounts.delete(email);
    return [200, { kind: 'identitytoolkit#DeleteAccountResponse' }];
  }
  return [404, { error: { code: 404, message: 'Not Found' } }];
}

let t: TestApp;

beforeAll(async () => {
  ({ privateKey: googleKey } = await generateKeyPair('RS256', { extractable: true }));
  ({ privateKey: strangerKey } = await generateKeyPair('RS256'));
  const publicJwk = await exportJWK(googleKey);
  delete publicJwk.d;
  for (const part of ['p', 'q', 'dp', 'dq', 'qi'] as const) delete publicJwk[part];
  google = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', async () => {
      if (req.method === 'GET' && url.pathname === '/jwks') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=3600' });
        res.end(JSON.stringify({ keys: [{ ...publicJwk, kid: KID, alg: 'RS256', use: 'sig' }] }));
        return;
      }
      if (url.pathname === '/v1/accounts:signUp' && failNextSignUp) {
        failNextSignUp = false;
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html>Service Unavailable</html>');
        return;
      }
      const [status, answer] = await handle(
        url.pathname,
        url.searchParams.get('key'),
        JSON.parse(raw || '{}'),
      );
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;

  t = await createTestApp(
    { AUTH_MODE: 'firebase', FIREBASE_API_KEY: API_KEY, FIREBASE_PROJECT_ID: PROJECT },
    { identity: { firebaseJwksUrl: `${googleUrl}/jwks`, firebaseIdentityToolkitUrl: googleUrl } },
  );
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => google.close(resolve));
});

const register = (payload: object) => t.app.inject({ method: 'POST', url: '/jira/register', payload });
const getUser = (email: string, idToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/jira/get-user-by-email',
    payload: { email },
    headers: { authorization: `Bearer ${idToken}` },
  });

describe('AUTH_MODE=firebase', () => {
  it('does not serve the built-in provider, and makes no signing key', async () => {
    for (const url of [
      '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=x',
      '/securetoken.googleapis.com/v1/token?key=x',
    ]) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).statusCode).toBe(404);
    expect(await t.db.selectFrom('signing_keys').select('kid').execute()).toEqual([]);
  });

  it("registers through Google's REST signUp, then signs in with Google's tokens", async () => {
    const email = uniqueEmail('Google.User');
    const res = await register({ email, password: 'good-password', apikey: 'jira-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'You have been registered successfully.' });
    const call = calls.find((c) => c.path === '/v1/accounts:signUp' && c.body.email === email);
    expect(call).toMatchObject({
      key: API_KEY,
      body: { email, password: 'good-password', returnSecureToken: true },
    });

    const { localId } = accounts.get(email.toLowerCase())!;
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('identity_uid', '=', localId)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(email.toLowerCase());

    const idToken = await googleToken({ sub: localId, user_id: localId, email: email.toLowerCase() });
    const me = await getUser(email, idToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      data: { id: user.id, email: email.toLowerCase(), apikey: 'jira-token', name: '' },
    });
  });

  it("passes Google's refusals on: EMAIL_EXISTS with the provider's text, WEAK_PASSWORD", async () => {
    const email = uniqueEmail();
    await register({ email, password: 'good-password', apikey: 'k' });
    const again = await register({ email, password: 'good-password', apikey: 'k' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      status: 400,
      code: 'EMAIL_EXISTS',
      message: EMAIL_ALREADY_IN_USE_MESSAGE,
    });
    const weak = await register({ email: uniqueEmail(), password: '123', apikey: 'k' });
    expect(weak.json()).toMatchObject({ status: 400, code: 'WEAK_PASSWORD' });
  });

  it('deletes the Google account again when the product user cannot be written', async () => {
    const email = uniqueEmail();
    await t.db
      .insertInto('users')
      .values({ identity_uid: 'left-over', email, apikey_encrypted: 'x' })
      .execute();
    const res = await register({ email, password: 'good-password', apikey: 'k' });
    expect(res.statusCode).toBe(400);
    expect(calls.filter((c) => c.path === '/v1/accounts:delete')).toHaveLength(1);
    expect(accounts.has(email)).toBe(false);
  });

  it('answers 502 when Google does not answer sensibly', async () => {
    failNextSignUp = true;
    const res = await register({ email: uniqueEmail(), password: 'good-password', apikey: 'k' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ status: 502, code: 'IDENTITY_UNAVAILABLE' });
  });

  it("refuses tokens that are not Google's for this project", async () => {
    const email = uniqueEmail();
    await register({ email, password: 'good-password', apikey: 'k' });
    const { localId } = accounts.get(email)!;
    const claims = { sub: localId, user_id: localId, email };
    const now = Math.floor(Date.now() / 1000);
    const bad = [
      await googleToken({ ...claims, aud: 'another-project' }),
      await googleToken({ ...claims, iss: 'https://securetoken.google.com/another-project' }),
      await googleToken({ ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }),
      await googleToken({ ...claims, iat: now + 600 }),
      await googleToken({ ...claims, sub: '' }),
      await googleToken({ sub: localId }),
      await googleToken(claims, { key: strangerKey }),
      await googleToken(claims, { kid: 'unknown-kid' }),
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: KID })
        .sign(new TextEncoder().encode('secret')),
    ];
    for (const token of bad) {
      const res = await getUser(email, token);
      expect(res.statusCode, token).toBe(401);
    }
    // A valid token from the same project, for another e-mail, is 403 for this one.
    const other = await googleToken({ sub: 'someone', user_id: 'someone', email: uniqueEmail() });
    expect((await getUser(email, other)).statusCode).toBe(403);
  });

  it("answers 503 when Google's keys cannot be fetched", async () => {
    const verifier = firebaseVerifier({ projectId: PROJECT, jwksUrl: 'http://127.0.0.1:9/jwks' });
    const token = await googleToken({ sub: 'u', email: 'u@example.test' });
    await expect(verifier.verify(token)).rejects.toMatchObject({ statusCode: 503 });
  });
});
