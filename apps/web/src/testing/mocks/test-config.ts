import type { RuntimeConfig } from '@/lib/runtime-config';

// The identity provider sits on another origin here, to prove the client uses the configured URLs.
export const testConfig: RuntimeConfig = Object.freeze({
  apiBaseUrl: '',
  identityToolkitUrl: 'https://identity.test/identitytoolkit.googleapis.com',
  secureTokenUrl: 'https://identity.test/securetoken.googleapis.com',
  identityApiKey: 'test-api-key',
  authMode: 'builtin',
  demoTracker: false,
  maxAttachmentBytes: 10 * 1024 * 1024,
  inviteOnly: false,
});
