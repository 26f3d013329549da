// The runtime configuration served by the server at GET /config.json, so one build runs anywhere. Its shape
// is the server's schema (@handoff/core/api); it is checked here by hand, since zod stays out of the bundle.
import type { AuthMode, RuntimeConfig } from '@handoff/core/api';

export type { RuntimeConfig };

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the shape of /config.json and returns a typed, frozen copy. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new RuntimeConfigError('config.json is not a JSON object');
  const problems: string[] = [];
  const str = (key: string, allowEmpty: boolean): string => {
    const v = value[key];
    if (typeof v !== 'string' || (!allowEmpty && v.trim() === '')) {
      problems.push(`${key} must be a ${allowEmpty ? '' : 'non-empty '}string`);
      return '';
    }
    return v.replace(/\/+$/, '');
  };
  const apiBaseUrl = str('apiBaseUrl', true);
  const identityToolkitUrl = str('identityToolkitUrl', false);
  const secureTokenUrl = str('secureTokenUrl', false);
  const identityApiKey = str('identityApiKey', false);
  const authMode = value.authMode;
  if (authMode !== 'builtin' && authMode !== 'firebase')
    problems.push("authMode must be 'builtin' or 'firebase'");
  const demoTracker = value.demoTracker;
  if (typeof demoTracker !== 'boolean') problems.push('demoTracker must be a boolean');
  const maxAttachmentBytes = value.maxAttachmentBytes;
  if (typeof maxAttachmentBytes !== 'number' || !(maxAttachmentBytes > 0))
    problems.push('maxAttachmentBytes must be a positive number');
  const inviteOnly = value.inviteOnly;
  if (typeof inviteOnly !== 'boolean') problems.push('inviteOnly must be a boolean');
  if (problems.length > 0) throw new RuntimeConfigError(`Invalid config.json: ${problems.join('; ')}`);
  return Object.freeze({
    apiBaseUrl,
    identityToolkitUrl,
    secureTokenUrl,
    identityApiKey,
    authMode: authMode as AuthMode,
    demoTracker: demoTracker as boolean,
    maxAttachmentBytes: maxAttachmentBytes as number,
    inviteOnly: inviteOnly as boolean,
  });
}

/** Fetches and validates GET /config.json from the page's own origin. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(absoluteUrl('/config.json'), { headers: { accept: 'application/json' } });
  if (!response.ok) throw new RuntimeConfigError(`GET /config.json answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

/** Resolves a possibly relative URL against the page's origin (fetch in tests needs absolute URLs). */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).toString();
}
