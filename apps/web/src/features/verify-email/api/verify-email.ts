// Proving one's address with the identity provider's calls (the Firebase Auth wire protocol): whether the
// account's address is verified (accounts:lookup), a new link (accounts:sendOobCode VERIFY_EMAIL), and the
// link's code applied (accounts:update).
import { identityCall } from '@/lib/identity-call';
import type { RuntimeConfig } from '@/lib/runtime-config';

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
