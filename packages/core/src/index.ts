// Public API of @handoff/core: pure, dependency-free logic shared by the web app and the server.

export type { AdfNode } from './adf.ts';
export {
  descriptionDocument,
  draftEmail,
  type Issue,
  splitAtTestMarker,
  testStepsOf,
} from './draft.ts';
export {
  comparableEmail,
  ISSUE_STATUSES,
  isValidEmailEntry,
  sameEmail,
} from './email-entry.ts';
export { EMAIL_ALREADY_IN_USE_MESSAGE, registerErrorText, texts } from './texts.ts';
export { wikiToAdf } from './wiki.ts';
