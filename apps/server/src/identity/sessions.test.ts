import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../testing/sign-in.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from '../testing/test-app.ts';

// Sessions that end: refresh tokens rotate, lapse when unused, end on logout; and a sign-in clears only
// its own account's failed attempts.

const IT = '/identitytoolkit.googleapis.com/v1/accounts:';
const tokenUrl = `/securetoken.googleapis.com/v1/token?key=${TEST_IDENTITY_API_KEY}`;
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

let clock = Date.now();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      identity: {
        now: () => clock,
        rateLimits: {
          signInPerAccountAndIp: { max: 5, windowMs: 15 * 60_000 },
          signInPerIp: { max: 3, windowMs: 15 * 60_000 },
        },
      },
    },
  );
});
afterAll(() => t.close());

let nextIp = 1;
function client() {
  const remoteAddress = `10.1.0.${nextIp++}`;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });
  return {
    post,
    async signUp(email = uniqueEmail(), password = 'good-password') {
      const res = await post(`${IT}signUp?key=${TEST_IDENTITY_API_KEY}`, { email, password });
      expect(res.statusCode, res.body).toBe(200);
      return { email, password, ...(res.json() as { localId: string; refreshToken: string }) };
    },
    signIn: (email: string, password: string) =>
      post(`${IT}signInWithPassword?key=${TEST_IDENTITY_API_KEY}`, { email, password }),
    refresh: (refreshToken: string) =>
      post(tokenUrl, { grant_type: 'refresh_token', refresh_token: refreshToken }),
  };
}

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { message: string } }).error.message;

describe('refresh tokens', () => {
  it('rotate on use; the used one works 60 s more (tabs refreshing at once), then ends the session', async () => {
    const c = client();
    const first = (await c.signUp()).refreshToken;
    const rotated = await c.refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().refresh_token as string;
    expect(second).not.toBe(first);

    clock += 59 * SECOND;
    const otherTab = await c.refresh(first);
    expect(otherTab.statusCode).toBe(200);
    const third = otherTab.json().refresh_token as string;

    clock += 2 * SECOND;
    expect(errorOf(await c.refresh(first))).toBe('TOKEN_EXPIRED');
    // The late reuse looks like a stolen token: every token of that sign-in ends.
    for (const token of [second, third]) expect(errorOf(await c.refresh(token))).toBe('TOKEN_EXPIRED');
  });

  it('lapse after 30 days unused; each use starts the 30 days again', async () => {
    const c = client();
    const account = await c.signUp();
    clock += 29 * DAY;
    const used = await c.refresh(account.refreshToken);
    expect(used.statusCode).toBe(200);
    clock += 29 * DAY;
    const again = await c.refresh(used.json().refresh_token);
    expect(again.statusCode).toBe(200);
    clock += 30 * DAY + SECOND;
    expect(errorOf(await c.refresh(again.json().refresh_token))).toBe('TOKEN_EXPIRED');
  });
});

describe('logout (POST /jira/logout)', () => {
  it('ends the session of its refresh token, and only that one', async () => {
    const c = client();
    const account = await c.signUp();
    const other = (await c.signIn(account.email, account.password)).json().refreshToken as string;
    const current = (await c.refresh(account.refreshToken)).json().refresh_token as string;

    const res = await c.post('/jira/logout', { refreshToken: current });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'Signed out.' });
    expect(errorOf(await c.refresh(current))).toBe('TOKEN_EXPIRED');
    // The token it replaced a moment ago ends with it.
    expect(errorOf(await c.refresh(account.refreshToken))).toBe('TOKEN_EXPIRED');
    expect((await c.refresh(other)).statusCode).toBe(200);
  });
});

describe('a successful sign-in', () => {
  it("clears its account's failures but not the address's count of attempts", async () => {
    const c = client();
    const mine = await c.signUp();
    const victims = [await c.signUp(), await c.signUp()];
    expect(errorOf(await c.signIn(victims[0]!.email, 'guess-1'))).toBe('INVALID_LOGIN_CREDENTIALS');
    expect(errorOf(await c.signIn(mine.email, 'my-typo'))).toBe('INVALID_LOGIN_CREDENTIALS');
    // The third attempt from this address: the last one it may make.
    expect((await c.signIn(mine.email, mine.password)).statusCode).toBe(200);
    // Signing in to one's own account made no room for another guess.
    expect(errorOf(await c.signIn(victims[1]!.email, 'guess-2'))).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
  });
});
