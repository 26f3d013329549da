// Every text the client reads on the review page, in one place, keyed by id: `{name}` marks a value put in
// by `say()`. The page's other modules take their words from here only (a translation replaces this object).

export const messages = {
  pageTitle: 'Review: {project} · {company}',
  loading: 'Loading the stories to review...',
  // The heading; `WithRelease` where the notice names the release under test.
  headingOne: 'Please test 1 story of {project}',
  headingMany: 'Please test {count} stories of {project}',
  headingOneWithRelease: 'Please test 1 story of {project} {release}',
  headingManyWithRelease: 'Please test {count} stories of {project} {release}',
  sentBy: 'Sent by {sender}',
  intro: 'Try each story, then tell the team whether it works. You can change your answers until {date}.',
  // Where to test and by when, as the e-mail words them (@handoff/core/notice-mail).
  testEnvironment: 'Test environment: {environment}',
  answerBy: 'Please answer by {date}.',
  yourName: 'Your name',
  stories: 'Stories',
  testSteps: 'Test steps',
  noTestSteps: 'No test steps were given for this story.',
  resultFor: 'Result for {key}',
  passed: 'Passed',
  failed: 'Failed',
  addComment: 'Add a comment',
  comment: 'Comment',
  answered: '{answered} of {total} answered',
  submit: 'Submit results',
  signOff: 'Sign off',
  sending: 'Sending your results...',
  sendingSignOff: 'Sending your sign-off...',
  thanks: 'Thank you. Your results were sent to the team.',
  signedOffThanks: 'Thank you. Your sign-off was sent to the team.',
  signedOffBy: 'Signed off by {name} on {date}.',
  answersFinal: 'These answers are final. Thank you for testing.',
  noVerdict: 'Choose Passed or Failed for at least one story, then submit.',
  noName: 'Give your name, then submit.',
  notSent: 'Your results were not sent: {reason}',
  signOffNotSent: 'Your sign-off was not sent: {reason}',
  loadFailed: 'The stories could not be loaded',
  tryAgain: 'Try again',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  tooManyRequests: 'Too many requests from here just now. Wait a few minutes, then try again.',
  serverStatus: 'The server answered with status {status}.',
  // The invalid-link page: its heading, then why.
  linkInvalid: 'This review link is no longer valid.',
  linkInvalidTitle: 'Review link no longer valid',
  linkExpired: 'The time to answer this review has passed.',
  linkRevoked: 'The team has withdrawn this review link.',
  linkUnknown: 'There is no review at this address. Check that the whole link was copied.',
  askSender: 'If you still want to test these stories, ask {sender} for a new link.',
  writeToSender: 'Ask for a new link',
  newLinkSubject: 'A new review link, please',
  askTeam: 'If you still want to test these stories, ask the team that sent you the link for a new one.',
} as const;

export type MessageId = keyof typeof messages;

/** The message `id` with each `{name}` replaced by `values[name]`. */
export function say(id: MessageId, values: Record<string, string | number> = {}): string {
  return messages[id].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
