import type { FastifyInstance } from 'fastify';
import { registerAndSignIn } from './sign-in.ts';

/** Registers and signs in through the real API, and looks up the product user's id (for project calls). */
export async function signUpAndSignIn(
  app: FastifyInstance,
  account: { email: string; password: string; apikey: string },
): Promise<{ idToken: string; userId: string }> {
  const { idToken, authorization } = await registerAndSignIn(app, account);
  const user = await app.inject({
    method: 'POST',
    url: '/jira/get-user-by-email',
    headers: { authorization },
    payload: { email: account.email },
  });
  if (user.statusCode !== 200) throw new Error(`get-user-by-email failed: ${user.body}`);
  return { idToken, userId: (user.json() as { data: { id: string } }).data.id };
}
