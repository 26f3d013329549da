import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/config/storage-keys';
import { expireIdToken, requestsTo } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { testConfig } from '@/testing/mocks/test-config';
import { signIn } from '@/testing/test-utils';
import { ApiError, SessionExpiredError } from './api-client';
import { createServices } from './services';

describe('api client', () => {
  it('sends JSON with the bearer ID token to the configured apiBaseUrl', async () => {
    const { idToken } = signIn('ada@example.com');
    const { api } = createServices({ ...testConfig, apiBaseUrl: 'https://api.test' });
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post('https://api.test/jira/echo', async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        };
        return HttpResponse.json({ data: 'ok' });
      }),
    );
    await expect(api.post('/jira/echo', { a: 1 })).resolves.toEqual({ data: 'ok' });
    expect(seen).toEqual({ auth: `Bearer ${idToken}`, type: 'application/json', body: { a: 1 } });
  });

  it('sends no Authorization header when asked not to, or when signed out', async () => {
    const { api } = createServices(testConfig);
    const headers: (string | null)[] = [];
    server.use(
      http.get('/jira/open', ({ request }) => {
        headers.push(request.headers.get('authorization'));
        return HttpResponse.json({});
      }),
    );
    await api.get('/jira/open');
    signIn();
    await api.get('/jira/open', { auth: false });
    expect(headers).toEqual([null, null]);
  });

  it('passes FormData through as multipart and extra headers as given', async () => {
    signIn();
    const { api } = createServices(testConfig);
    let seen: { type: string | null; email: string | null; subject: unknown } | undefined;
    server.use(
      http.post('/jira/upload', async ({ request }) => {
        const form = await request.formData();
        seen = {
          type: request.headers.get('content-type'),
          email: request.headers.get('email'),
          subject: form.get('subject'),
        };
        return HttpResponse.json({});
      }),
    );
    const form = new FormData();
    form.append('subject', 'Hello');
    await api.post('/jira/upload', form, { headers: { email: 'ada@example.com' } });
    expect(seen?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.email).toBe('ada@example.com');
    expect(seen?.subject).toBe('Hello');
  });

  it.each([
    [{ status: 400, message: 'Bad things.' }, 'Bad things.'],
    [{ error: 'Project not found.', message: 'ignored' }, 'Project not found.'],
    [{ error: { code: 'X', message: 'Nested text.' } }, 'Nested text.'],
    [{}, 'Request failed with status 422'],
  ])('throws an ApiError with the status and the message of %j', async (body, message) => {
    signIn();
    const { api } = createServices(testConfig);
    server.use(http.post('/jira/fail', () => HttpResponse.json(body, { status: 422 })));
    const error = await api.post('/jira/fail', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message });
  });

  it('refreshes and retries once on 401, then uses the new token', async () => {
    const { idToken } = signIn('ada@example.com');
    expireIdToken(idToken);
    const { api } = createServices(testConfig);
    await expect(api.post('/jira/get-user-by-email', { email: 'ada@example.com' })).resolves.toMatchObject({
      data: { email: 'ada@example.com' },
    });
    const renewed = window.localStorage.getItem(storageKeys.authToken);
    await api.post('/jira/get-user-by-email', { email: 'ada@example.com' });
    expect(requestsTo('get-user-by-email')).toEqual([
      `POST /jira/get-user-by-email Bearer ${idToken}`,
      `POST /jira/get-user-by-email Bearer ${renewed}`,
      `POST /jira/get-user-by-email Bearer ${renewed}`,
    ]);
    expect(requestsTo('/v1/token')).toHaveLength(1);
  });

  it('shares one refresh between concurrent calls', async () => {
    const { idToken } = signIn('ada@example.com');
    expireIdToken(idToken);
    const { api } = createServices(testConfig);
    await Promise.all([
      api.post('/jira/get-user-by-email', { email: 'ada@example.com' }),
      api.post('/jira/get-user-by-email', { email: 'ada@example.com' }),
    ]);
    expect(requestsTo('/v1/token')).toHaveLength(1);
  });

  it('ends the session when there is no refresh token to renew with', async () => {
    const { idToken } = signIn('ada@example.com');
    window.localStorage.removeItem(storageKeys.refreshToken);
    expireIdToken(idToken);
    const services = createServices(testConfig);
    const expired = vi.fn();
    services.session.onExpired(expired);
    const error = await services.api
      .post('/jira/get-user-by-email', { email: 'ada@example.com' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(expired).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem(storageKeys.authToken)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.userEmail)).toBeNull();
  });

  it('does not try to refresh a 401 on a call made without a token', async () => {
    const { api, session } = createServices(testConfig);
    const expired = vi.fn();
    session.onExpired(expired);
    server.use(http.post('/jira/x', () => HttpResponse.json({ message: 'No.' }, { status: 401 })));
    const error = await api.post('/jira/x', {}, { auth: false }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(SessionExpiredError);
    expect(expired).not.toHaveBeenCalled();
    expect(requestsTo('/v1/token')).toHaveLength(0);
  });
});
