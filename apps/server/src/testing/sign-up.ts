import type { FastifyInstance } from 'fastify';
import { TEST_IDENTITY_API_KEY } from './test-app.ts';

/** Registers a user through the product API, signs in, and returns a real ID token and the user id. */
export async function signUpAndSignIn(
  app: FastifyInstance,
  account: { email: string; password: string; apikey: string },
): Promise<{ idToken: string; userId: string }> {
  const registered = await app.inject({ method: 'POST', url: '/jira/register', payload: account });
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  const signedIn = await app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${TEST_IDENTITY_API_KEY}`,
    payload: { email: account.email, password: account.password, returnSecureToken: true },
  });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
  const { idToken } = signedIn.json() as { idToken: string };
  const user = await app.inject({
    method: 'POST',
    url: '/jira/get-user-by-email',
    headers: { authorization: `Bearer ${idToken}` },
    payload: { email: account.email },
  });
  if (user.statusCode !== 200) throw new Error(`get-user-by-email failed: ${user.body}`);
  return { idToken, userId: (user.json() as { data: { id: string } }).data.id };
}
