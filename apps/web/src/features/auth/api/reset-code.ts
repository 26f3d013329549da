// The reset page's check of its link's code before the form shows. Apart from password-reset.ts, which the
// sign-in pages share (their chunk counts against the login budget).
import { identityCall } from '@/lib/identity-call';
import type { RuntimeConfig } from '@/lib/runtime-config';

/**
 * Checks a reset code without using it up (accounts:resetPassword with the code alone); resolves to the
 * account's e-mail ('' when the answer names none), rejects with the provider's code as the message.
 */
export async function verifyPasswordResetCode(config: RuntimeConfig, oobCode: string): Promise<string> {
  const answer = (await identityCall(config, 'resetPassword', { oobCode })) as { email?: unknown };
  return typeof answer.email === 'string' ? answer.email : '';
}
