// The e-mails of accounts and workspaces: password reset, address verification (after the wording of
// Firebase's default templates), and the invitation to a workspace. Each is sent with its link; the copy
// the outbox keeps has `[sent]` in place of the secret (`storedLink`), so a working link exists only in the
// e-mail a mail server delivered.
import type { Mailer } from '../mail/mailer.ts';
import { handOver } from './outgoing.ts';

/** The password-reset e-mail. */
function passwordResetEmail(email: string, link: string): { subject: string; text: string } {
  return {
    subject: 'Reset your password for Handoff',
    text: [
      'Hello,',
      '',
      `Follow this link to reset your Handoff password for your ${email} account.`,
      '',
      link,
      '',
      'The link works once, within one hour.',
      "If you didn't ask to reset your password, you can ignore this email.",
      '',
      'Thanks,',
      '',
      'Your Handoff team',
      '',
    ].join('\n'),
  };
}

/** The address-verification e-mail. */
function verifyEmailMessage(email: string, link: string): { subject: string; text: string } {
  return {
    subject: 'Verify your email for Handoff',
    text: [
      'Hello,',
      '',
      `Follow this link to verify your email address ${email} for Handoff.`,
      '',
      link,
      '',
      'The link works once, within 24 hours.',
      "If you didn't ask to verify this address, you can ignore this email.",
      '',
      'Thanks,',
      '',
      'Your Handoff team',
      '',
    ].join('\n'),
  };
}

/** The invitation e-mail: who invites, to which workspace, the link, and what to do without an account. */
function invitationEmail(values: { inviter: string; workspace: string; email: string; link: string }) {
  return {
    subject: `You are invited to the Handoff workspace ${values.workspace}`,
    text: [
      `${values.inviter} invites you to join the workspace "${values.workspace}" on Handoff.`,
      '',
      `Open this link to join (it works once, for ${values.email}, within 7 days):`,
      values.link,
      '',
      `No Handoff account yet? The link lets you register with ${values.email} first.`,
    ].join('\n'),
  };
}

/** A link and the same link with its secret replaced, for the outbox copy. */
interface SecretLink {
  link: string;
  storedLink: string;
}

/** An e-mail carrying a secret link to its one address: the outbox copy is composed with `storedLink`. */
function sendSecretLink(
  purpose: 'password-reset' | 'verify-email',
  compose: (email: string, link: string) => { subject: string; text: string },
) {
  return async (mailer: Mailer, email: string, { link, storedLink }: SecretLink) => {
    const message = compose(email, link);
    await handOver(mailer, {
      purpose,
      to: [email],
      subject: message.subject,
      text: message.text,
      storedText: compose(email, storedLink).text,
    });
  };
}

export const sendPasswordReset = sendSecretLink('password-reset', passwordResetEmail);
export const sendAddressVerification = sendSecretLink('verify-email', verifyEmailMessage);

/** With SMTP the stored copy keeps no usable link; without it the outbox is how the link is handed on. */
export async function sendInvitationEmail(
  mailer: Mailer,
  invitation: { inviter: string; workspace: string; email: string } & SecretLink,
) {
  const { link, storedLink, ...values } = invitation;
  const message = invitationEmail({ ...values, link });
  await handOver(mailer, {
    purpose: 'workspace-invite',
    to: [values.email],
    subject: message.subject,
    text: message.text,
    ...(mailer.smtpConfigured ? { storedText: invitationEmail({ ...values, link: storedLink }).text } : {}),
  });
}
