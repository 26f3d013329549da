// Proving one's address with the identity provider's calls (the Firebase Auth wire protocol): whether the
// account's address is verified (accounts:lookup), a new link (accounts:sendOobCode VERIFY_EMAIL), and the
// link's code applied (accounts:update).
import type { RuntimeConfig } from '@/lib/runtime-config';
import { absoluteUrl } from '@/lib/runtime-config';

async function identityCall(config: RuntimeConfig, operation: string, body: object): Promise<unknown> {
  const key = encodeURIComponent(config.identityApiKey);
  const response = await fetch(
    absoluteUrl(`${config.identityToolkitUrl}/v1/accounts:${operation}?key=${key}`),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (data as { error?: { message?: unknown } } | undefined)?.error?.message;
    throw new Error(typeof message === 'string' ? message : `HTTP_${response.status}`);
  }
  return data;
}

/** Whether the signed-in account's address still needs verifying (only the built-in provider asks). */
export async function needsVerification(config: RuntimeConfig, idToken: string): Promise<boolean> {
  if (config.authMode !== 'builtin') return false;
  const data = (await identityCall(config, 'lookup', { idToken })) as {
    users?: Array<{ emailVerified?: boolean }>;
  };
  return data.users?.[0]?.emailVerified === false;
}

export async function sendVerificationLink(config: RuntimeConfig, idToken: string): Promise<void> {
  await identityCall(config, 'sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
}

export async function applyVerificationCode(config: RuntimeConfig, oobCode: string): Promise<void> {
  await identityCall(config, 'update', { oobCode });
}
