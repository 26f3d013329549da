/** The address-verification e-mail, after the wording of Firebase's default template. */
export function verifyEmailMessage(email: string, link: string): { subject: string; text: string } {
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
