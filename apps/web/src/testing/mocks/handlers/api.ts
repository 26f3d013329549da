// The product API calls used so far (docs/product.md §7), with the server's error body {status, code, message}.
import { EMAIL_ALREADY_IN_USE_MESSAGE } from '@handoff/core';
import { HttpResponse, http } from 'msw';
import { createAccount, db, emailOfBearer } from '../db';
import { testConfig } from '../test-config';

const apiError = (status: number, message: string, code = 'ERROR') =>
  HttpResponse.json({ status, code, message }, { status });

export const apiHandlers = [
  http.get('/config.json', () => {
    db.requests.push('GET /config.json');
    // The tests' own config, as a server with the demo tracker would serve it.
    return HttpResponse.json({ ...testConfig, demoTracker: true });
  }),

  http.post('/jira/register', async ({ request }) => {
    db.requests.push('POST /jira/register');
    const body = (await request.json()) as Record<string, unknown>;
    const keys = Object.keys(body).sort().join(',');
    if (keys !== 'apikey,email,password' && keys !== 'apikey,email,name,password')
      return apiError(400, `Unexpected fields: ${keys}`, 'BAD_REQUEST');
    const { email, password, apikey, name } = body as {
      email: string;
      password: string;
      apikey: string;
      name?: string;
    };
    if (password.length < 6)
      return apiError(400, 'Password should be at least 6 characters', 'WEAK_PASSWORD');
    if (db.accounts.has(email)) {
      return HttpResponse.json({ status: 409, message: EMAIL_ALREADY_IN_USE_MESSAGE }, { status: 409 });
    }
    createAccount(email, password, apikey, name ?? '');
    return HttpResponse.json({ status: 200, message: 'You have been registered successfully.' });
  }),

  http.post('/jira/logout', async ({ request }) => {
    const body = (await request.json()) as { refreshToken?: string };
    db.requests.push(`POST /jira/logout ${body.refreshToken ?? ''}`);
    return HttpResponse.json({ status: 200, message: 'Signed out.' });
  }),
  http.post('/jira/get-user-by-email', async ({ request }) => {
    db.requests.push(`POST /jira/get-user-by-email ${request.headers.get('authorization') ?? 'no-auth'}`);
    const caller = emailOfBearer(request.headers.get('authorization'));
    if (!caller)
      return apiError(401, 'Sign in again: your session is missing or has expired.', 'UNAUTHORIZED');
    const { email } = (await request.json()) as { email: string };
    if (email !== caller) return apiError(403, 'You may not access this resource.', 'FORBIDDEN');
    const account = db.accounts.get(email);
    if (!account) return apiError(404, 'No user is registered with this e-mail.', 'NOT_FOUND');
    const { id, apikey, name } = account;
    return HttpResponse.json({ data: { id, email, apikey, name } });
  }),
  http.post('/jira/updateName', async ({ request }) => {
    const caller = emailOfBearer(request.headers.get('authorization'));
    const account = caller ? db.accounts.get(caller) : undefined;
    if (!account)
      return apiError(401, 'Sign in again: your session is missing or has expired.', 'UNAUTHORIZED');
    const body = (await request.json()) as { name?: unknown };
    const name = String(body.name ?? '').trim();
    db.calls.push({ path: '/jira/updateName', body: { name } });
    account.name = name;
    return HttpResponse.json({
      status: 200,
      message: name ? 'Your name has been saved.' : 'Your name has been removed.',
      data: { name },
    });
  }),
];
