import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createAccount, db, issueTokens } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { testConfig } from '@/testing/mocks/test-config';
import { createIdentityClient, IdentityError } from './identity-client';

const client = () =>
  createIdentityClient({
    identityToolkitUrl: testConfig.identityToolkitUrl,
    secureTokenUrl: testConfig.secureTokenUrl,
    apiKey: testConfig.identityApiKey,
  });

describe('identity client', () => {
  it('signs in and returns the tokens with a numeric lifetime', async () => {
    createAccount('ada@example.com', 'secret-pass');
    const result = await client().signInWithPassword('ada@example.com', 'secret-pass');
    expect(result).toMatchObject({ email: 'ada@example.com', expiresIn: 3600, localId: 'user-1' });
    expect(db.idTokens.get(result.idToken)?.email).toBe('ada@example.com');
  });

  it('turns the error envelope into an IdentityError with the code', async () => {
    const error = await client()
      .signInWithPassword('nobody@example.com', 'x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityError);
    expect(error).toMatchObject({ code: 'INVALID_LOGIN_CREDENTIALS', status: 400, detail: undefined });
  });

  it('splits "CODE : detail" messages', async () => {
    db.oobCodes.add('c');
    const error = await client()
      .confirmPasswordReset('c', 'abc')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'WEAK_PASSWORD',
      detail: 'Password should be at least 6 characters',
    });
  });

  it('reports network failures and non-JSON errors with their own codes', async () => {
    server.use(http.post(`${testConfig.identityToolkitUrl}/v1/:operation`, () => HttpResponse.error()));
    await expect(client().sendPasswordResetEmail('a@example.com')).rejects.toMatchObject({
      code: 'NETWORK_REQUEST_FAILED',
    });
    server.use(
      http.post(
        `${testConfig.identityToolkitUrl}/v1/:operation`,
        () => new HttpResponse('<html>', { status: 502 }),
      ),
    );
    await expect(client().sendPasswordResetEmail('a@example.com')).rejects.toMatchObject({
      code: 'HTTP_502',
    });
  });

  it('refreshes with a form body and reads the snake_case answer', async () => {
    createAccount('ada@example.com');
    const { refreshToken } = issueTokens('ada@example.com');
    const result = await client().refreshIdToken(refreshToken);
    expect(result.expiresIn).toBe(3600);
    expect(db.idTokens.get(result.idToken)?.valid).toBe(true);
    expect(db.refreshTokens.has(result.refreshToken)).toBe(true);
  });

  it('fetches the password policy', async () => {
    await expect(client().getPasswordPolicy()).resolves.toMatchObject({
      customStrengthOptions: { minPasswordLength: 6 },
      schemaVersion: 1,
    });
  });

  it('sends the API key as ?key=', async () => {
    const wrong = createIdentityClient({
      identityToolkitUrl: testConfig.identityToolkitUrl,
      secureTokenUrl: testConfig.secureTokenUrl,
      apiKey: 'wrong',
    });
    await expect(wrong.getPasswordPolicy()).rejects.toMatchObject({
      code: 'API key not valid. Please pass a valid API key.',
    });
  });
});
