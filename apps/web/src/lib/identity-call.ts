// One call of the identity provider's Firebase Auth wire protocol, outside the identity client that the
// sign-in pages load (verifying an address, checking a reset code): a failure throws the provider's error
// code ("INVALID_OOB_CODE") as its message.
import type { RuntimeConfig } from '@/lib/runtime-config';
import { absoluteUrl } from '@/lib/runtime-config';

export async function identityCall(config: RuntimeConfig, operation: string, body: object): Promise<unknown> {
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
