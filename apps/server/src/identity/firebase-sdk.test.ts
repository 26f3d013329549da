import type { AddressInfo } from 'node:net';
import { deleteApp, type FirebaseApp, initializeApp } from '@firebase/app';
import {
  type Auth,
  applyActionCode,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAdditionalUserInfo,
  getAuth,
  getIdToken,
  getIdTokenResult,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  validatePassword,
  verifyPasswordResetCode,
} from '@firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '../testing/mailbox.ts';
import { uniqueEmail, waitForResetCode, waitForVerificationCode } from '../testing/sign-in.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from '../testing/test-app.ts';

// The official Firebase JS SDK, pointed at our server with connectAuthEmulator, must behave as it does
// against Google's service: same results, same error codes.

let clockOffset = 0;
let t: TestApp;
let origin: string;
const firebaseApps: FirebaseApp[] = [];

function sdk(apiKey = TEST_IDENTITY_API_KEY): Auth {
  const firebaseApp = initializeApp(
    { apiKey, authDomain: 'localhost', projectId: 'handoff-local', appId: '1:100000000001:web:handoff' },
    `handoff-test-${firebaseApps.length}`,
  );
  firebaseApps.push(firebaseApp);
  const auth = getAuth(firebaseApp);
  connectAuthEmulator(auth, origin, { disableWarnings: true });
  return auth;
}

async function errorCodeOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('expected the call to fail');
}

const mailbox = new Mailbox();

beforeAll(async () => {
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}` },
    {
      identity: {
        now: () => Date.now() + clockOffset,
        rateLimits: { signInPerAccountAndIp: { max: 4, windowMs: 15 * 60_000 } },
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const firebaseApp of firebaseApps) await deleteApp(firebaseApp);
  await t.close();
  await mailbox.close();
});

describe('the Firebase JS SDK against the built-in provider', () => {
  it('creates an account, signs in, refreshes the token and reloads the user', async () => {
    const auth = sdk();
    const email = uniqueEmail('Sdk');
    const created = await createUserWithEmailAndPassword(auth, email, 'first-password');
    expect(created.user.uid).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(created.user.email).toBe(email.toLowerCase());
    expect(created.user.isAnonymous).toBe(false);
    expect(created.user.providerData.map((p) => p.providerId)).toEqual(['password']);
    expect(getAdditionalUserInfo(created)?.isNewUser).toBe(true);

    const claims = await getIdTokenResult(created.user);
    expect(claims.signInProvider).toBe('password');
    expect(claims.claims.iss).toBe('https://securetoken.google.com/handoff-local');
    expect(claims.claims.aud).toBe('handoff-local');
    expect(claims.claims.sub).toBe(created.user.uid);
    expect(new Date(claims.expirationTime).getTime() - new Date(claims.issuedAtTime).getTime()).toBe(
      3600_000,
    );

    await signOut(auth);
    const signedIn = await signInWithEmailAndPassword(auth, email, 'first-password');
    expect(signedIn.user.uid).toBe(created.user.uid);
    expect(getAdditionalUserInfo(signedIn)?.isNewUser).toBe(false);
    const first = await getIdToken(signedIn.user);

    // A forced refresh goes to /v1/token (form body); one second later the new token differs.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await getIdToken(signedIn.user, true);
    expect(refreshed).not.toBe(first);
    expect((await t.app.identity.verifier.verify(refreshed)).uid).toBe(created.user.uid);
    // auth_time stays the time of the sign-in.
    expect((await getIdTokenResult(signedIn.user)).authTime).toBe(
      (await getIdTokenResult(signedIn.user)).authTime,
    );

    await reload(signedIn.user);
    expect(signedIn.user.email).toBe(email.toLowerCase());
    expect(signedIn.user.emailVerified).toBe(false);
    expect(signedIn.user.metadata.creationTime).toBeTruthy();
    expect(signedIn.user.metadata.lastSignInTime).toBeTruthy();
  });

  it('answers with the SDK error codes Google produces', async () => {
    const auth = sdk();
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(auth, email, 'good-password');
    await signOut(auth);

    expect(await errorCodeOf(createUserWithEmailAndPassword(auth, email, 'other-password'))).toEqual({
      code: 'auth/email-already-in-use',
      message: 'Firebase: Error (auth/email-already-in-use).',
    });
    expect(await errorCodeOf(createUserWithEmailAndPassword(auth, uniqueEmail(), '12345'))).toEqual({
      code: 'auth/weak-password',
      message: 'Firebase: Password should be at least 6 characters (auth/weak-password).',
    });
    expect(
      (await errorCodeOf(createUserWithEmailAndPassword(auth, 'not-an-email', 'good-password'))).code,
    ).toBe('auth/invalid-email');
    expect((await errorCodeOf(signInWithEmailAndPassword(auth, email, 'wrong-password'))).code).toBe(
      'auth/invalid-credential',
    );
    expect((await errorCodeOf(signInWithEmailAndPassword(auth, uniqueEmail(), 'any-password'))).code).toBe(
      'auth/invalid-credential',
    );
    expect((await errorCodeOf(signInWithEmailAndPassword(auth, email, ''))).code).toBe(
      'auth/missing-password',
    );
  });

  it('locks an account after repeated wrong passwords: auth/too-many-requests', async () => {
    const auth = sdk();
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(auth, email, 'good-password');
    await signOut(auth);
    for (let i = 0; i < 4; i++) {
      expect((await errorCodeOf(signInWithEmailAndPassword(auth, email, `wrong-${i}`))).code).toBe(
        'auth/invalid-credential',
      );
    }
    // Even the right password is refused while the account is locked.
    expect(await errorCodeOf(signInWithEmailAndPassword(auth, email, 'good-password'))).toEqual({
      code: 'auth/too-many-requests',
      message:
        'Firebase: Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later. (auth/too-many-requests).',
    });
    // A password reset lifts the lock.
    await sendPasswordResetEmail(auth, email);
    await confirmPasswordReset(auth, await waitForResetCode(mailbox, email), 'brand-new-password');
    expect((await signInWithEmailAndPassword(auth, email, 'brand-new-password')).user.email).toBe(email);
  });

  it('resets a password by e-mail: verify, confirm, single use, sessions revoked', async () => {
    const auth = sdk();
    const email = uniqueEmail();
    const { user } = await createUserWithEmailAndPassword(auth, email, 'old-password');

    await sendPasswordResetEmail(auth, email);
    const code = await waitForResetCode(mailbox, email);
    expect(await verifyPasswordResetCode(auth, code)).toBe(email);
    // Verifying does not use the code up.
    expect(await verifyPasswordResetCode(auth, code)).toBe(email);
    expect((await errorCodeOf(confirmPasswordReset(auth, code, 'short'))).code).toBe('auth/weak-password');

    // A sign-in from before the reset, in an earlier second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await confirmPasswordReset(auth, code, 'new-password');

    expect((await errorCodeOf(confirmPasswordReset(auth, code, 'another-password'))).code).toBe(
      'auth/invalid-action-code',
    );
    expect((await errorCodeOf(verifyPasswordResetCode(auth, code))).code).toBe('auth/invalid-action-code');
    expect((await errorCodeOf(verifyPasswordResetCode(auth, 'made-up-code'))).code).toBe(
      'auth/invalid-action-code',
    );

    // The old session ends: its refresh token is revoked, and the SDK signs the user out.
    expect((await errorCodeOf(getIdToken(user, true))).code).toBe('auth/user-token-expired');
    expect(auth.currentUser).toBeNull();

    expect((await errorCodeOf(signInWithEmailAndPassword(auth, email, 'old-password'))).code).toBe(
      'auth/invalid-credential',
    );
    expect((await signInWithEmailAndPassword(auth, email, 'new-password')).user.email).toBe(email);
  });

  it('sendPasswordResetEmail to an unknown address succeeds and sends nothing', async () => {
    const auth = sdk();
    const email = uniqueEmail('nobody');
    await sendPasswordResetEmail(auth, email);
    await t.app.identity.provider?.drain();
    const mails = await t.db
      .selectFrom('mail_messages')
      .select('id')
      .where((eb) => eb(eb.val(email), '=', eb.fn.any('to_addresses')))
      .execute();
    expect(mails).toEqual([]);
  });

  it('an expired reset code: auth/expired-action-code', async () => {
    const auth = sdk();
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(auth, email, 'old-password');
    await signOut(auth);
    await sendPasswordResetEmail(auth, email);
    const code = await waitForResetCode(mailbox, email);
    clockOffset = 60 * 60_000 + 1000;
    try {
      expect((await errorCodeOf(verifyPasswordResetCode(auth, code))).code).toBe('auth/expired-action-code');
      expect((await errorCodeOf(confirmPasswordReset(auth, code, 'new-password'))).code).toBe(
        'auth/expired-action-code',
      );
    } finally {
      clockOffset = 0;
    }
  });

  it('verifies an address: sendEmailVerification, the code from the e-mail, applyActionCode, reload()', async () => {
    const auth = sdk();
    const email = uniqueEmail('verify');
    const { user } = await createUserWithEmailAndPassword(auth, email, 'good-password');
    expect(user.emailVerified).toBe(false);
    expect((await getIdTokenResult(user)).claims.email_verified).toBe(false);

    await sendEmailVerification(user);
    const code = await waitForVerificationCode(mailbox, email);
    const mail = mailbox.messages.find((m) => m.text?.includes(code));
    expect(mail?.subject).toBe('Verify your email for Handoff');
    expect(mail?.text).toContain(`${t.app.config.publicUrl}/auth/action?mode=verifyEmail&oobCode=${code}`);

    await applyActionCode(auth, code);
    await reload(user);
    expect(user.emailVerified).toBe(true);
    expect((await getIdTokenResult(user, true)).claims.email_verified).toBe(true);
    // Single use.
    expect((await errorCodeOf(applyActionCode(auth, code))).code).toBe('auth/invalid-action-code');
    expect((await errorCodeOf(applyActionCode(auth, 'made-up-code'))).code).toBe('auth/invalid-action-code');
  });

  it('a verification code works for 24 hours: auth/expired-action-code after', async () => {
    const auth = sdk();
    const email = uniqueEmail('late');
    const { user } = await createUserWithEmailAndPassword(auth, email, 'good-password');
    await sendEmailVerification(user);
    const code = await waitForVerificationCode(mailbox, email);
    clockOffset = 24 * 60 * 60_000 + 1000;
    try {
      expect((await errorCodeOf(applyActionCode(auth, code))).code).toBe('auth/expired-action-code');
    } finally {
      clockOffset = 0;
    }
  });

  it('validatePassword reads the password policy (minimum 6)', async () => {
    const auth = sdk();
    const weak = await validatePassword(auth, '12345');
    expect(weak.isValid).toBe(false);
    expect(weak.meetsMinPasswordLength).toBe(false);
    expect(weak.passwordPolicy.customStrengthOptions.minPasswordLength).toBe(6);
    expect((await validatePassword(auth, '123456')).isValid).toBe(true);
  });

  it('a wrong API key is refused as Google refuses it', async () => {
    const auth = sdk('not-the-right-key');
    expect(
      (await errorCodeOf(createUserWithEmailAndPassword(auth, uniqueEmail(), 'good-password'))).code,
    ).toBe('auth/api-key-not-valid.-please-pass-a-valid-api-key.');
  });
});
