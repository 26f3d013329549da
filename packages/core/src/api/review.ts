// The client's review of a notice (Handoff's own calls, not in docs/product.md): the public page at
// {PUBLIC_URL}/review/{token} reads its notice and submits verdicts with nothing but the token; staff read
// the answers (in the send history), revoke a link, see a summary per project, and choose the Jira
// transitions a verdict moves an issue through.
//
// Public calls (no account; the token travels in the body, never in a logged URL):
//   POST /jira/review/getNotice       reviewTokenBody      → reviewNoticeAnswer | 404 link no longer valid
//   POST /jira/review/submitVerdicts  submitVerdictsBody   → submitVerdictsAnswer | 404 | 409 signed off
//   POST /jira/review/signOff         signOffBody          → signOffAnswer | 400 not every story answered | 404 | 409
// Staff calls (signed in, member of the project's workspace):
//   POST /jira/review/revokeLink          revokeReviewLinkBody  → reviewChangeAnswer (owners and members)
//   POST /jira/review/getSummaries        userIdBody            → reviewSummariesAnswer (story counts by state)
//   POST /jira/review/getTransitions      projectRefBody        → reviewTransitionsAnswer (Jira's list)
//   POST /jira/review/setTransitions      setReviewTransitionsBody → reviewChangeAnswer (owners only)
// getProjectSends answers each notice's review in sendRecordSchema.review (see sends.ts).
import { z } from 'zod';
import { CLIENT_LANGUAGES } from '../client-language.ts';
import { unknownPlaceholders, unknownPlaceholdersMessage } from '../notice-template.ts';
import { reminderDaysSchema } from './projects.ts';
import { storyGroupSchema } from './stories.ts';

const REVIEW_VERDICTS = ['passed', 'failed'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];
const MAX_REVIEW_COMMENT = 2000;
/** The page and the 404 answer of every unknown, expired or revoked link. */
export const REVIEW_LINK_INVALID = 'This review link is no longer valid.';
export const REVIEW_THANKS = 'Thank you. Your results were sent to the team.';
export const REVIEW_SIGNED_OFF_THANKS = 'Thank you. Your sign-off was sent to the team.';
/** 409 to a submission or a second sign-off once the notice is signed off: its verdicts are final. */
export const REVIEW_ALREADY_SIGNED_OFF = 'This notice is already signed off.';
export const REVIEW_SIGN_OFF_INCOMPLETE = 'Give every story a verdict before signing off.';
const MAX_REVIEWER_NAME = 200;

/** The name the client gives on the review page ("Your name"). */
const reviewerName = z
  .string()
  .trim()
  .max(MAX_REVIEWER_NAME, `A name has at most ${MAX_REVIEWER_NAME} characters.`);

/** A review token as it appears in the link: 32 bytes, base64url (43 characters). */
const token = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, REVIEW_LINK_INVALID)
  .describe('The token of the review link');

export const reviewTokenBody = z.strictObject({ token });
export type ReviewTokenBody = z.input<typeof reviewTokenBody>;

/** One story of the notice as the client sees it, with the verdict given last (null: none yet). */
const reviewStorySchema = z.object({
  key: z.string(),
  summary: z.string(),
  /** The story's test steps, one entry per step, as the notice listed them. */
  testSteps: z.array(z.string()),
  /** Its epic or type under the project's `Group stories by` (null: none, or grouping is off). */
  group: storyGroupSchema.nullable(),
  verdict: z.enum(REVIEW_VERDICTS).nullable(),
  comment: z.string().nullable(),
});
export type ReviewStory = z.infer<typeof reviewStorySchema>;

/** A notice's sign-off: who, when, and whether some stories had failed (a conditional sign-off). */
const signOffSchema = z.object({ by: z.string(), at: z.string(), conditional: z.boolean() });
export type SignOff = z.infer<typeof signOffSchema>;

export const reviewNoticeAnswer = z.object({
  data: z.object({
    projectName: z.string(),
    /**
     * The company that sent the notice (at the top of the page): the workspace's name once an owner named
     * it, until then the sender's e-mail domain.
     */
    workspaceName: z.string(),
    /** Who sent the notice (the project's owner for an automatic one): "Sent by", and whom to write to. */
    senderEmail: z.string().nullable(),
    /** The sender's display name ("Dana Reyes"); null: none given (show the address). */
    senderName: z.string().nullable(),
    /** Where the page loads the workspace's logo (same origin, by the link's token); null: it has none. */
    logoUrl: z.string().nullable(),
    sentAt: z.string(),
    expiresAt: z.string(),
    stories: z.array(reviewStorySchema),
    /** Null until the client signs the notice off; then its verdicts are final. */
    signedOff: signOffSchema.nullable(),
    /**
     * The name given with the latest answers ("Answering as {name}" on any device); null: none sent yet.
     * Optional: an older server leaves it out.
     */
    reviewer: z.string().nullable().optional(),
    /** Where to test, as the notice named it (the project's `Test environment` then); null: not set. */
    testEnvironment: z.string().nullable(),
    /** The date the notice asked for an answer by, `YYYY-MM-DD`; null: none. */
    answerBy: z.string().nullable(),
    /** The release the notice is of (the heading names it); null: none. */
    release: z.string().nullable(),
    /** The language the notice was sent in: the page speaks it. */
    language: z.enum(CLIENT_LANGUAGES),
    /** The page's texts in that language (ICU messages by key), so the page carries no catalogue of its own. */
    messages: z.record(z.string(), z.string()),
  }),
});
export type ReviewNoticeAnswer = z.infer<typeof reviewNoticeAnswer>;

/** Why a review link no longer opens its notice: past its expiry, revoked by the team, or no such link. */
const CLOSED_LINK_STATES = ['expired', 'revoked', 'unknown'] as const;
export const reviewLinkStateAnswer = z.object({
  data: z.object({
    /** 'open': the link works (getNotice shows its notice). */
    state: z.enum(['open', ...CLOSED_LINK_STATES]),
    /** As getNotice has them, for a link that exists; null for an unknown one. */
    workspaceName: z.string().nullable(),
    logoUrl: z.string().nullable(),
    senderEmail: z.string().nullable(),
    senderName: z.string().nullable(),
    /** For an expired or revoked link: its notice's project and when the link stopped working (ISO). */
    projectName: z.string().nullable().optional(),
    endedAt: z.string().nullable().optional(),
    /** The language the page speaks (the notice's; an unknown link's: the browser's) and its messages. */
    language: z.enum(CLIENT_LANGUAGES),
    messages: z.record(z.string(), z.string()),
  }),
});
export type ReviewLinkStateAnswer = z.infer<typeof reviewLinkStateAnswer>;

export const submitVerdictsBody = z.strictObject({
  token,
  verdicts: z
    .array(
      z.strictObject({
        key: z.string().trim().min(1).max(255),
        verdict: z.enum(REVIEW_VERDICTS, { error: 'verdict must be "passed" or "failed".' }),
        comment: z
          .string()
          .trim()
          .max(MAX_REVIEW_COMMENT, `A comment has at most ${MAX_REVIEW_COMMENT} characters.`)
          .optional(),
      }),
    )
    .min(1, 'Give a verdict for at least one story.')
    .max(500),
  /** Who gives them ("Your name" on the page; required there, optional here). */
  reviewer: reviewerName.optional(),
});
export type SubmitVerdictsBody = z.input<typeof submitVerdictsBody>;

export const submitVerdictsAnswer = z.object({ status: z.literal(200), message: z.literal(REVIEW_THANKS) });
export type SubmitVerdictsAnswer = z.infer<typeof submitVerdictsAnswer>;

export const signOffBody = z.strictObject({
  token,
  reviewer: reviewerName.pipe(z.string().min(1, 'Give your name to sign off.')),
});
export type SignOffBody = z.input<typeof signOffBody>;
export const signOffAnswer = z.object({
  status: z.literal(200),
  message: z.literal(REVIEW_SIGNED_OFF_THANKS),
});
export type SignOffAnswer = z.infer<typeof signOffAnswer>;

const REVIEW_LINK_STATES = ['active', 'expired', 'revoked'] as const;
/** Where a verdict's Jira comment stands: queued or retrying, written, or refused by Jira for good. */
const WRITE_BACK_STATES = ['pending', 'written', 'refused'] as const;

/** A notice's review as staff see it in the send history; null for notices sent before reviews existed. */
export const noticeReviewSchema = z.object({
  linkState: z.enum(REVIEW_LINK_STATES),
  /** The link itself while it is active, for staff to pass on; null otherwise, or for links made before it was kept. */
  url: z.string().nullable(),
  expiresAt: z.string(),
  stories: z.array(
    z.object({
      key: z.string(),
      summary: z.string(),
      /** "waiting" until the client gives a verdict. */
      verdict: z.enum(['waiting', ...REVIEW_VERDICTS]),
      comment: z.string().nullable(),
      answeredAt: z.string().nullable(),
      writeBack: z.enum(WRITE_BACK_STATES).nullable(),
      /** Jira's refusal: of the comment when writeBack is "refused", of the chosen transition when "written". */
      writeBackError: z.string().nullable(),
      /** The name the client gave with the verdict. */
      reviewer: z.string().nullable(),
      /** Whose Jira token wrote it back: the notice's sender's, or which owner's and why. */
      writtenAs: z.string().nullable(),
    }),
  ),
  signedOff: signOffSchema.nullable(),
  /** Every reminder e-mailed, oldest first; `error` when the mail server refused it (tried again). */
  reminders: z.array(z.object({ at: z.string(), sent: z.boolean(), error: z.string().nullable() })),
});
export type NoticeReview = z.infer<typeof noticeReviewSchema>;

const userId = z.string().min(1, 'userId is required.').max(200);
const projectKey = z.string().trim().min(1).max(255);

export const revokeReviewLinkBody = z.object({
  userId,
  projectKey,
  siteId: z.string().trim().min(1).max(64).optional(),
  sendId: z.string().min(1).max(100),
});
export type RevokeReviewLinkBody = z.input<typeof revokeReviewLinkBody>;

export const reviewChangeAnswer = z.object({ status: z.literal(200), message: z.string() });
export type ReviewChangeAnswer = z.infer<typeof reviewChangeAnswer>;

/**
 * Per project key of the current workspace: how many of its sent stories show each state, counted as the
 * review status screen counts them (packages/core/src/review-states.ts): one state per story ever sent,
 * so they add up to that screen's "All".
 */
export const reviewSummariesAnswer = z.object({
  data: z.record(
    z.string(),
    z.object({
      passed: z.number().int(),
      failed: z.number().int(),
      waiting: z.number().int(),
      retest: z.number().int(),
      overdue: z.number().int(),
    }),
  ),
});
export type ReviewSummariesAnswer = z.infer<typeof reviewSummariesAnswer>;

const jiraTransitionSchema = z.object({ id: z.string(), name: z.string() });
export type JiraTransition = z.infer<typeof jiraTransitionSchema>;

export const reviewTransitionsAnswer = z.object({
  data: z.object({
    /** The transitions Jira lists for the project's issues. */
    available: z.array(jiraTransitionSchema),
    /** The chosen ones; null: off (the default). */
    onFailed: jiraTransitionSchema.nullable(),
    onPassed: jiraTransitionSchema.nullable(),
  }),
});
export type ReviewTransitionsAnswer = z.infer<typeof reviewTransitionsAnswer>;

export const setReviewTransitionsBody = z.object({
  userId,
  projectKey,
  onFailed: jiraTransitionSchema.nullable(),
  onPassed: jiraTransitionSchema.nullable(),
});
export type SetReviewTransitionsBody = z.input<typeof setReviewTransitionsBody>;

/** Where a story stands: no verdict yet, the latest notice's verdict, or offered / sent again and not yet answered. */
const STORY_STATES = ['waiting', 'passed', 'failed', 'retest'] as const;
export type StoryState = (typeof STORY_STATES)[number];

/** POST /jira/review/getStatus {userId, projectKey}: one entry per story ever sent. */
const storyStatusSchema = z.object({
  key: z.string(),
  summary: z.string(),
  state: z.enum(STORY_STATES),
  /** How many notices carried it. */
  rounds: z.number().int(),
  lastSentAt: z.string(),
  answeredAt: z.string().nullable(),
  reviewer: z.string().nullable(),
  comment: z.string().nullable(),
  signedOff: z.boolean(),
  /** The answer-by date of its latest notice (`YYYY-MM-DD`; null: none): past it, a story still waiting is overdue. */
  answerBy: z.string().nullable(),
  /** The release its latest notice was of; null: none. */
  release: z.string().nullable(),
  /** Sent and still unanswered after its answer-by date (the server's day, UTC). */
  overdue: z.boolean(),
  /**
   * The client's latest answer to the story in any of its notices: the latest notice's, else the newest of
   * an earlier round (a re-test keeps it until the new answer replaces it); null: never answered. Left out
   * by servers older than it.
   */
  lastVerdict: z.enum(['passed', 'failed']).nullable().optional(),
  /** Its epic and type as its latest notice found them (null: none), for the project's `Group stories by`. */
  epic: storyGroupSchema.nullable().optional(),
  type: storyGroupSchema.nullable().optional(),
});
export type StoryStatus = z.infer<typeof storyStatusSchema>;
export const reviewStatusAnswer = z.object({ data: z.array(storyStatusSchema) });
export type ReviewStatusAnswer = z.infer<typeof reviewStatusAnswer>;

const MAX_TEST_ENVIRONMENT = 500;

const MAIL_PROBLEMS = ['noMailServer', 'builtInSender'] as const;
export type MailProblem = (typeof MAIL_PROBLEMS)[number];

/** The language the client reads: a code of CLIENT_LANGUAGES (`en`, `de`, `fr`, `es`, `nl`, `pt`, `it`). */
const clientLanguageSchema = z.enum(CLIENT_LANGUAGES, {
  error: `clientLanguage must be one of ${CLIENT_LANGUAGES.join(', ')}.`,
});

const MAX_TEMPLATE_TEXT = 2000;
const templateText = z
  .string()
  .max(MAX_TEMPLATE_TEXT, `A template text has at most ${MAX_TEMPLATE_TEXT} characters.`);
/** A project's notice template: the default draft's subject, greeting, intro and closing in the team's words. */
const noticeTemplateShape = {
  subject: z.string().trim().min(1, "The template's subject may not be empty.").max(255),
  greeting: templateText,
  intro: templateText,
  closing: templateText,
};
/** As the server takes it: a placeholder other than {project}, {release}, {count}, {answerBy} is refused, by name. */
const noticeTemplateBody = z.object(noticeTemplateShape).superRefine((template, context) => {
  const unknown = unknownPlaceholders(Object.values(template));
  if (unknown.length > 0) context.addIssue({ code: 'custom', message: unknownPlaceholdersMessage(unknown) });
});

/**
 * A project's review settings: reminders (days, fractions allowed; null: off), the test environment, the
 * client's language (everything the client reads is written in it) and the notice template (null: the
 * language's default words).
 */
const reviewSettingsSchema = z.object({
  reminderDays: reminderDaysSchema,
  testEnvironment: z.string().trim().max(MAX_TEST_ENVIRONMENT).nullable(),
  clientLanguage: clientLanguageSchema,
  noticeTemplate: z.object(noticeTemplateShape).nullable(),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const reviewSettingsAnswer = z.object({
  data: reviewSettingsSchema.extend({
    /** The From of every e-mail the server sends (MAIL_FROM): the send screen's Preview shows it. */
    mailFrom: z.string(),
    /**
     * Why the server's e-mail may not reach the client, for the Preview to say: `noMailServer` (SMTP_URL
     * unset: e-mails are kept in the outbox), `builtInSender` (MAIL_FROM is an address at localhost, the
     * built-in default, which mail servers refuse or file as spam); null: mail is set up.
     */
    mailProblem: z.enum(MAIL_PROBLEMS).nullable(),
    /**
     * Who the caller's notices are signed by (the HTML part's signature): their display name (empty: none
     * given) and the company as clients see it (the workspace's name once named, else the e-mail's domain).
     */
    sender: z.object({ name: z.string(), company: z.string() }).optional(),
  }),
});
export type ReviewSettingsAnswer = z.infer<typeof reviewSettingsAnswer>;

export const setReviewSettingsBody = z
  .object({ userId, projectKey })
  .extend(reviewSettingsSchema.shape)
  .extend({
    clientLanguage: clientLanguageSchema.optional().describe('Left out: kept as it is.'),
    noticeTemplate: noticeTemplateBody
      .nullable()
      .optional()
      .describe("Left out: kept as it is; null: the client language's default words."),
  });
export type SetReviewSettingsBody = z.input<typeof setReviewSettingsBody>;
