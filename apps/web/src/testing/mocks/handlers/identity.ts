// Identity Toolkit and Secure Token endpoints, answering in Google's envelope
// ({"error":{"code":400,"message":"EMAIL_NOT_FOUND"}}).
import { HttpResponse, http } from 'msw';
import { db, issueTokens } from '../db';
import { testConfig } from '../test-config';

export const identityError = (message: string, code = 400) =>
  HttpResponse.json(
    { error: { code, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } },
    { status: code },
  );

function hasKey(request: Request): boolean {
  return new URL(request.url).searchParams.get('key') === testConfig.identityApiKey;
}

export const identityHandlers = [
  http.post(`${testConfig.identityToolkitUrl}/v1/:operation`, async ({ request, params }) => {
    db.requests.push(`POST /v1/${String(params.operation)}`);
    if (!hasKey(request)) return identityError('API key not valid. Please pass a valid API key.');
    const body = (await request.json()) as Record<string, unknown>;
    switch (params.operation) {
      case 'accounts:signInWithPassword': {
        const account = db.accounts.get(String(body.email));
        if (!account || account.password !== body.password || body.returnSecureToken !== true) {
          return identityError('INVALID_LOGIN_CREDENTIALS');
        }
        const tokens = issueTokens(account.email);
        return HttpResponse.json({
          kind: 'identitytoolkit#VerifyPasswordResponse',
          localId: account.id,
          email: account.email,
          displayName: '',
          idToken: tokens.idToken,
          registered: true,
          refreshToken: tokens.refreshToken,
          expiresIn: '3600',
        });
      }
      case 'accounts:sendOobCode': {
        if (body.requestType !== 'PASSWORD_RESET') return identityError('MISSING_REQ_TYPE');
        if (!db.accounts.has(String(body.email))) return identityError('EMAIL_NOT_FOUND');
        return HttpResponse.json({
          kind: 'identitytoolkit#GetOobConfirmationCodeResponse',
          email: body.email,
        });
      }
      case 'accounts:resetPassword': {
        const code = String(body.oobCode ?? '');
        if (!code) return identityError('MISSING_OOB_CODE');
        if (!db.oobCodes.has(code)) return identityError('INVALID_OOB_CODE');
        if (typeof body.newPassword === 'string' && body.newPassword.length < 6) {
          return identityError('WEAK_PASSWORD : Password should be at least 6 characters');
        }
        // The code alone only checks it; with a new password it is used up.
        if (body.newPassword !== undefined) db.oobCodes.delete(code);
        return HttpResponse.json({
          kind: 'identitytoolkit#ResetPasswordResponse',
          requestType: 'PASSWORD_RESET',
        });
      }
      default:
        return identityError('NOT_FOUND', 404);
    }
  }),

  http.get(`${testConfig.identityToolkitUrl}/v2/passwordPolicy`, ({ request }) => {
    db.requests.push('GET /v2/passwordPolicy');
    if (!hasKey(request)) return identityError('API key not valid. Please pass a valid API key.');
    return HttpResponse.json({
      customStrengthOptions: { minPasswordLength: 6 },
      enforcementState: 'OFF',
      forceUpgradeOnSignin: false,
      schemaVersion: 1,
    });
  }),

  http.post(`${testConfig.secureTokenUrl}/v1/token`, async ({ request }) => {
    db.requests.push('POST /v1/token');
    if (!hasKey(request)) return identityError('API key not valid. Please pass a valid API key.');
    if (!request.headers.get('content-type')?.includes('application/x-www-form-urlencoded')) {
      return identityError('INVALID_GRANT_TYPE');
    }
    const form = new URLSearchParams(await request.text());
    if (form.get('grant_type') !== 'refresh_token') return identityError('INVALID_GRANT_TYPE');
    const current = db.refreshTokens.get(form.get('refresh_token') ?? '');
    if (!current?.valid) return identityError('INVALID_REFRESH_TOKEN');
    const tokens = issueTokens(current.email);
    return HttpResponse.json({
      access_token: tokens.idToken,
      expires_in: '3600',
      token_type: 'Bearer',
      refresh_token: tokens.refreshToken,
      id_token: tokens.idToken,
      user_id: db.accounts.get(current.email)?.id ?? '',
      project_id: '12345',
    });
  }),
];
