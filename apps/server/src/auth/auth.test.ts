import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../testing/sign-in.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface OpenApiOperation {
  security?: unknown[];
}

/** Every product route as /openapi.json lists it: [method, path, operation]. */
async function productRoutes(): Promise<[string, string, OpenApiOperation][]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/jira/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]): [string, string, OpenApiOperation] => [
        method.toUpperCase(),
        path,
        operation,
      ]),
    );
}

/** The product routes anyone may call: registering, and the client's review page (its link is its key). */
const PUBLIC_ROUTES = [
  '/jira/register',
  '/jira/logout',
  // Named by an invitation's or a review link's token, which is the credential.
  '/jira/getInvitation',
  '/jira/review/getLinkState',
  '/jira/review/getNotice',
  '/jira/review/submitVerdicts',
  '/jira/review/signOff',
];

describe('the caller check of every product route', () => {
  it('declares the bearer token on every product route but the public ones', async () => {
    const routes = await productRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const [method, path, operation] of routes) {
      const expected = PUBLIC_ROUTES.includes(path) ? undefined : [{ bearer: [] }];
      expect(operation.security, `${method} ${path}`).toEqual(expected);
    }
  });

  it('answers 401 on every product route but the public ones without a bearer token', async () => {
    for (const [method, path] of await productRoutes()) {
      if (PUBLIC_ROUTES.includes(path)) continue;
      const response = await t.app.inject({ method: method as 'GET' | 'POST', url: path, payload: {} });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json().message).toBe('Sign in first: this call needs an Authorization: Bearer token.');
    }
  });

  it('answers 403 to a signed-in account that has no Handoff profile', async () => {
    const email = uniqueEmail('no-profile');
    const signUp = await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${TEST_IDENTITY_API_KEY}`,
      payload: { email, password: 'correct-horse-battery', returnSecureToken: true },
    });
    expect(signUp.statusCode).toBe(200);
    const authorization = `Bearer ${signUp.json().idToken}`;
    const calls = [
      { method: 'POST', url: '/jira/get-user-by-email', headers: { authorization }, payload: { email } },
      {
        method: 'POST',
        url: '/jira/getFirebaseProjects',
        headers: { authorization },
        payload: { userId: 'x' },
      },
      {
        method: 'GET',
        url: '/jira/getProjectIssues?projectKey=DEMO&status=Done',
        headers: { authorization, email },
      },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject(call);
      expect(response.statusCode, call.url).toBe(403);
      expect(response.json().message).toBe('This account has no Handoff profile. Register first.');
    }
  });
});
