/** The password-reset e-mail, after the wording of Firebase's default template. */
export function passwordResetEmail(email: string, link: string): { subject: string; text: string } {
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
