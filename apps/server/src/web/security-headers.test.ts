import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn } from '../testing/sign-in.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from '../testing/test-app.ts';

describe('security headers', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'handoff-web-'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Handoff</title>');
    await writeFile(path.join(webRoot, 'app.js'), 'console.log(1)');
    t = await createTestApp({}, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('gives the app a strict CSP, no framing, nosniff and no referrer, and no HSTS over plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/reset-password?oobCode=abc' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'script-src': "'self'",
      'style-src': "'self'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'none'",
    });
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers every API and identity call with Cache-Control: no-store, errors included', async () => {
    const me = await registerAndSignIn(t.app);
    const answers = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/jira/getFirebaseProjects',
        headers: { authorization: me.authorization },
        payload: { userId: 'x' },
      }),
      t.app.inject({ method: 'POST', url: '/jira/getFirebaseProjects', payload: {} }),
      t.app.inject({
        method: 'POST',
        url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${TEST_IDENTITY_API_KEY}`,
        payload: { email: me.email, password: me.password, returnSecureToken: true },
      }),
      t.app.inject({
        method: 'POST',
        url: `/securetoken.googleapis.com/v1/token?key=${TEST_IDENTITY_API_KEY}`,
        payload: { grantType: 'refresh_token', refreshToken: me.refreshToken },
      }),
      t.app.inject({ method: 'GET', url: '/jira/nothing-here' }),
      t.app.inject({ method: 'GET', url: '/rest/api/3/myself' }),
    ]);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(answers[2]!.statusCode).toBe(200);
  });

  it('lets the public signing keys be cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('security headers with an https PUBLIC_URL', () => {
  it('adds HSTS', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://handoff.example.test' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(res.headers['content-security-policy']).toContain(
        "connect-src 'self' https://handoff.example.test",
      );
    } finally {
      await t.close();
    }
  });
});
