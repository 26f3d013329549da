// Public API of @handoff/core: pure, dependency-free logic shared by the web app and the server.

export {
  type AdfDoc,
  type AdfMark,
  type AdfNode,
  adfTextPieces,
  formatAdfDate,
  MAX_ADF_NODES,
} from './adf.ts';
export { draftEmail, type EmailDraft, type Issue, testStepsOf } from './draft.ts';
export {
  ISSUE_STATUSES,
  type IssueStatus,
  isIssueStatus,
  isValidEmailEntry,
  MAX_EMAIL_LENGTH,
} from './email-entry.ts';
export {
  EMAIL_ALREADY_IN_USE_MESSAGE,
  registerErrorText,
  type Texts,
  TRACKER_NAME,
  texts,
} from './texts.ts';
export { wikiToAdf } from './wiki.ts';
