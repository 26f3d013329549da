import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { loadRuntimeConfig, parseRuntimeConfig, RuntimeConfigError } from './runtime-config';

describe('runtime config', () => {
  it('loads GET /config.json', async () => {
    await expect(loadRuntimeConfig()).resolves.toEqual({
      apiBaseUrl: '',
      identityToolkitUrl: 'https://identity.test/identitytoolkit.googleapis.com',
      secureTokenUrl: 'https://identity.test/securetoken.googleapis.com',
      identityApiKey: 'test-api-key',
      authMode: 'builtin',
      demoTracker: true,
      maxAttachmentBytes: 10 * 1024 * 1024,
      inviteOnly: false,
    });
  });

  it('drops trailing slashes from URLs', () => {
    const config = parseRuntimeConfig({
      apiBaseUrl: 'https://api.test/',
      identityToolkitUrl: 'https://identitytoolkit.googleapis.com/',
      secureTokenUrl: 'https://securetoken.googleapis.com',
      identityApiKey: 'k',
      authMode: 'firebase',
      demoTracker: false,
      maxAttachmentBytes: 1024,
      inviteOnly: true,
    });
    expect(config.apiBaseUrl).toBe('https://api.test');
    expect(config.identityToolkitUrl).toBe('https://identitytoolkit.googleapis.com');
  });

  it('names every bad field', () => {
    expect(() => parseRuntimeConfig({ apiBaseUrl: 1, authMode: 'x' })).toThrow(
      /apiBaseUrl.*identityToolkitUrl.*secureTokenUrl.*identityApiKey.*authMode.*demoTracker.*maxAttachmentBytes.*inviteOnly/,
    );
  });

  it('fails clearly when the server does not answer', async () => {
    server.use(http.get('/config.json', () => new HttpResponse(null, { status: 503 })));
    await expect(loadRuntimeConfig()).rejects.toBeInstanceOf(RuntimeConfigError);
  });
});
