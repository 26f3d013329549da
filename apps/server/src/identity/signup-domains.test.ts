import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from '../testing/test-app.ts';

describe('SIGNUP_DOMAINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_DOMAINS: 'example.com,team.example.org' });
  });
  afterAll(() => t.close());

  const register = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/jira/register',
      payload: { email, password: 'good-password', apikey: 'jira-token' },
    });

  it('lets addresses at the listed domains register, in any case', async () => {
    expect((await register('ann@example.com')).statusCode).toBe(200);
    expect((await register('Bob@Team.Example.org')).statusCode).toBe(200);
  });

  it('refuses anyone else, through the product and through the provider, and creates no account', async () => {
    const res = await register('mallory@example.net');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Registration is open only to addresses at example.com, team.example.org.',
    );
    // A look-alike domain is not a listed one.
    expect((await register('eve@evilexample.com')).statusCode).toBe(403);

    const signUp = await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${TEST_IDENTITY_API_KEY}`,
      payload: { email: 'mallory@example.net', password: 'good-password', returnSecureToken: true },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().error.message).toMatch(/^ADMIN_ONLY_OPERATION : /);

    const accounts = await t.db.selectFrom('identity_accounts').select('email').execute();
    expect(accounts.map((a) => a.email).sort()).toEqual(['ann@example.com', 'bob@team.example.org']);
  });
});
