// The one catalogue of user-facing texts (docs/product.md §5 and §8, plus the e-mail draft of §4).
// Every string here is verbatim from the spec; do not reword them, and do not write these texts anywhere else.

/** The issue-tracker service's name; it stands for {tracker} in the product's texts (docs/product.md §5). */
export const TRACKER_NAME = 'Jira';

/**
 * The identity provider's text for a duplicate sign-up (the Firebase SDK's message for
 * auth/email-already-in-use). The server returns it as the register message when the account exists;
 * the web shows `texts.registration.alreadyRegistered` instead (see `registerErrorText`).
 */
export const EMAIL_ALREADY_IN_USE_MESSAGE = 'The email address is already in use by another account.';

type DeepReadonly<T> = { readonly [K in keyof T]: T[K] extends object ? DeepReadonly<T[K]> : T[K] };

function deepFreeze<T extends object>(value: T): DeepReadonly<T> {
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null) deepFreeze(child);
  }
  return Object.freeze(value) as DeepReadonly<T>;
}

export const texts = deepFreeze({
  registration: {
    /** §5 / §8: Password and Confirm password differ; nothing is sent. */
    passwordMismatch: 'Password and confirm password does not match.',
    /** §8: the server's success message (status 200); Okay goes to /auth/login. */
    success: 'You have been registered successfully.',
    /** §8: shown when the server's message is EMAIL_ALREADY_IN_USE_MESSAGE. */
    alreadyRegistered: 'You are already registered in our system.',
  },
  login: {
    /** §8: any sign-in failure. */
    failed: 'Please check your login credentials',
  },
  forgotPassword: {
    /** §5 / §8: the e-mail is empty. */
    emptyEmail: 'Please enter a valid email.',
    /** §8: the reset e-mail was requested. */
    success: 'An email has been sent successfully to reset password.',
  },
  resetPassword: {
    /** §5 / §8: Password and Confirm Password differ. */
    passwordMismatch: 'Password and confirm password are not equal.',
    /** §8: the password was reset. */
    success: 'Password has been updated successfully',
  },
  addProject: {
    /** §5 / §8: "Please select a {tracker} project." with {tracker} = Jira. */
    noTrackerProject: `Please select a ${TRACKER_NAME} project.`,
    /** §5 / §8: no client e-mails on the add screen. */
    noClientEmails: 'Please add client email to save.',
    /** §8: Okay goes to /admin/index. */
    success: 'Project has been added successfully.',
  },
  editProject: {
    /** §5 / §8: no client e-mails on the edit screen (worded differently from the add screen). */
    noClientEmails: 'Please add a client email to save.',
    /** §8: update success; then /admin/index. */
    success: 'Project has been successfully updated.',
  },
  deleteProject: {
    /** §2: the confirm dialog's text. */
    confirm: 'Are you sure you want to delete this project?',
    /** §2: the confirm dialog's buttons. */
    confirmButton: 'Confirm',
    cancelButton: 'Cancel',
  },
  sendStories: {
    /** §5 / §8: browser alert when no status is chosen. */
    noStatus: 'Please select a status to get issues.',
    /** §5 / §8: the subject or the message is empty. */
    emptySubjectOrMessage: 'Subject and message may not be empty.',
    /** §8: success dialog after sending. */
    sent: 'Email sent to the client.',
  },
  dialog: {
    /** §2: the result dialog's button. */
    okay: 'Okay',
  },
  draft: {
    /** §4 / §9: the draft subject. */
    subject: 'Request for Testing: User Stories for Review',
    /** §4: body part 1 is the greeting, a blank line, then the intro and a line break. */
    greeting: 'Dear customer,',
    intro: 'The following features are finished:',
    /** §4: body part 3, between blank lines. */
    testStepsIntro: 'Please test the following:',
    /** §4: body part 5, after a blank line. */
    closing: 'Regards,',
    /** §3 / §9: an issue description with no content. */
    notAvailable: 'N/A',
    /** §9: the test-steps marker (matched case-insensitively). */
    testMarker: '#test#',
    /** After the title of a story offered again for re-test, in the list of finished features. */
    retest: '(re-test)',
  },
});

/**
 * The text the register screen shows for a non-200 register result (docs/product.md §8): the provider's
 * "email already in use" text becomes "You are already registered in our system."; any other
 * server message is shown as-is.
 */
export function registerErrorText(serverMessage: string): string {
  return serverMessage === EMAIL_ALREADY_IN_USE_MESSAGE
    ? texts.registration.alreadyRegistered
    : serverMessage;
}
