// The project calls of docs/product.md §7 (prefix "jira", platform "Firebase"): getFirebaseProjects, addProject,
// getFirebaseProjectByKey, updateFirebaseProject, deleteFirebaseProject.
import { z } from 'zod';
import { comparableEmail, isValidEmailEntry } from '../email-entry.ts';
import { GROUP_BY } from '../story-groups.ts';
import { texts } from '../texts.ts';

export const MAX_ADDRESSES = 100;
const MAX_SENT_KEYS = 20_000;

const userId = z.string().min(1, 'userId is required.').max(200);
const projectKey = z.string().trim().min(1).max(255);
const projectName = z.string().trim().min(1).max(255);
const issueKey = z.string().trim().min(1).max(255);
/** The project's tracker site: `default` or an added site's id; left out, the key alone names the project. */
const siteId = z.string().trim().min(1).max(64).optional();
const statusName = z.string().trim().min(1).max(255);

/** De-duplication as addresses are compared (comparableEmail) that keeps the first spelling and the order. */
function uniqueAddresses(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((address) => {
    const folded = comparableEmail(address);
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}

/** A list of client or CC addresses; a bad entry is named in the message. */
const addressList = (label: string) =>
  z
    .array(
      z.string().refine(isValidEmailEntry, {
        error: (issue) => `${label} ${JSON.stringify(issue.input)} is not a valid e-mail address.`,
      }),
    )
    .max(MAX_ADDRESSES, `At most ${MAX_ADDRESSES} addresses.`)
    .transform(uniqueAddresses);

/** `Group stories by`: how the draft, the notice, the review page and the status screen group the stories. */
const groupBySchema = z.enum(GROUP_BY, { error: `groupBy must be one of ${GROUP_BY.join(', ')}.` });

/** Days after a notice (or its last reminder) to remind the client; fractions allowed; null: off. */
export const reminderDaysSchema = z.number().positive().max(30).nullable();

/** A project as every project call answers it (docs/product.md §3 "Project"). */
const projectSchema = z.object({
  userId: z.string(),
  projectKey: z.string(),
  projectName: z.string(),
  clientEmails: z.array(z.string()),
  clientCC: z.array(z.string()),
  autosend: z.boolean(),
  sentProjectIssuesList: z.array(z.string()),
  /** The tracker site the project lives on (`default`, or an added site's id) and its name. */
  siteId: z.string(),
  siteName: z.string(),
  /** The statuses the send screen offers, the first fetched by auto-send; null: Done and Testing. */
  statusesOffered: z.array(z.string()).nullable(),
  /** Days after a notice (or its last reminder) to remind the client; null: off. */
  reminderDays: z.number().nullable(),
  /** `Group stories by`: `nothing` (one flat list), `epic` or `type`. */
  groupBy: groupBySchema,
  /** Auto-send bookkeeping: when the next automatic round runs (null while off), the last round and its error. */
  autosendStatus: z.object({
    nextRunAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    lastError: z.string().nullable(),
    /** When auto-send last e-mailed stories of this project. */
    lastSentAt: z.string().nullable(),
    /** The member who switched auto-send on: its rounds use their Jira token (null while off). */
    switchedOnBy: z.string().nullable(),
  }),
});
export type Project = z.infer<typeof projectSchema>;

export const userIdBody = z.object({ userId });
export type UserIdBody = z.input<typeof userIdBody>;
export const projectRefBody = z.object({ userId, projectKey, siteId });
export type ProjectRefBody = z.input<typeof projectRefBody>;

export const addProjectBody = z.object({
  userId,
  projectKey: z.string().trim().min(1, texts.addProject.noTrackerProject).max(255),
  projectName: z.string().trim().min(1, 'projectName is required.').max(255),
  clientEmails: addressList('Client e-mail').refine(
    (list) => list.length > 0,
    texts.addProject.noClientEmails,
  ),
  clientCC: addressList('Cc').default([]),
  siteId,
  /** Left out: 3 days. */
  reminderDays: reminderDaysSchema.optional(),
  /** Left out: `nothing`. */
  groupBy: groupBySchema.optional(),
});
export type AddProjectBody = z.input<typeof addProjectBody>;

/**
 * Both forms the web sends: the edit screen's (clientCC, sentProjectIssuesList) and the list toggle's
 * full project (clinetCC, autosend, and its userId, which is ignored). Every field may be left out to
 * keep its stored value. Any other field is refused (the server's unknown-field check); the fields of a
 * project answer that an update can't change are accepted and ignored (README, "Projects").
 */
export const updateProjectBody = z.object({
  userId,
  projectKey,
  siteId,
  updatedProject: z.object({
    userId: z.string().optional().describe('Ignored: the list toggle sends the whole project.'),
    // The rest of a project answer, which a client sending the whole project back sends too: ignored.
    siteId: z.unknown().optional().describe("Ignored: the site is the call's own siteId."),
    siteName: z.unknown().optional().describe('Ignored: the site’s name is the site’s.'),
    autosendStatus: z.unknown().optional().describe('Ignored: auto-send’s bookkeeping is the server’s.'),
    projectKey: projectKey.optional(),
    projectName: projectName.optional(),
    clientEmails: addressList('Client e-mail')
      .refine((list) => list.length > 0, texts.editProject.noClientEmails)
      .optional(),
    clientCC: addressList('Cc').optional(),
    clinetCC: addressList('Cc').optional(),
    sentProjectIssuesList: z
      .array(issueKey)
      .max(MAX_SENT_KEYS, `At most ${MAX_SENT_KEYS} issue keys in the sent list.`)
      .optional(),
    autosend: z.boolean().optional(),
    statusesOffered: z
      .array(statusName)
      .max(30, 'At most 30 statuses.')
      .nullable()
      .optional()
      .describe(
        "The statuses the send screen offers (the first is auto-send's); null or []: Done and Testing.",
      ),
    reminderDays: reminderDaysSchema.optional().describe('Left out: unchanged.'),
    groupBy: groupBySchema
      .optional()
      .describe('Group stories by: nothing, epic or type; left out: unchanged.'),
  }),
});
export type UpdateProjectBody = z.input<typeof updateProjectBody>;
/** The changes of an update as the server reads them (after defaults). */
export type ProjectChanges = z.output<typeof updateProjectBody>['updatedProject'];

export const projectListAnswer = z.object({ data: z.array(projectSchema) });
export type ProjectListAnswer = z.infer<typeof projectListAnswer>;
export const projectAnswer = z.object({ data: projectSchema });
export type ProjectAnswer = z.infer<typeof projectAnswer>;
export const projectChangeAnswer = z.object({
  status: z.literal(200),
  message: z.string(),
  data: projectSchema,
});
export type ProjectChangeAnswer = z.infer<typeof projectChangeAnswer>;
export const projectDeleteAnswer = z.object({
  status: z.literal(200),
  message: z.string(),
  data: z.object({ projectKey: z.string() }),
});
