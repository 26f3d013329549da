import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from '../testing/test-app.ts';

// Behind one reverse proxy, the client address is the X-Forwarded-For entry the proxy wrote (the
// right-most); entries a client writes itself, to the left of it, change nothing.
describe.each([
  ['a hop count', '1'],
  ['the proxy address', '127.0.0.1'],
  ['a CIDR range', '127.0.0.0/8'],
])('TRUST_PROXY as %s', (_what, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { TRUST_PROXY: trustProxy },
      { identity: { rateLimits: { signInPerIp: { max: 3, windowMs: 15 * 60_000 } } } },
    );
  });
  afterAll(() => t.close());

  const signIn = (forwardedFor: string, n: number) =>
    t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${TEST_IDENTITY_API_KEY}`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `guess-${n}@example.test`, password: 'wrong-password', returnSecureToken: true },
    });

  it('keeps limiting a client that writes a new X-Forwarded-For each time', async () => {
    const messages: string[] = [];
    for (let n = 0; n < 5; n++) {
      const res = await signIn(`10.0.${n}.1, 198.51.100.${n}, 203.0.113.7`, n);
      expect(res.statusCode).toBe(400);
      messages.push(res.json().error.message);
    }
    expect(messages.slice(0, 3)).toEqual(Array(3).fill('INVALID_LOGIN_CREDENTIALS'));
    expect(messages.slice(3)).toEqual(Array(2).fill('TOO_MANY_ATTEMPTS_TRY_LATER'));
    // Another client behind the same proxy is not affected.
    expect((await signIn('1.2.3.4, 203.0.113.8', 9)).json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
  });
});
