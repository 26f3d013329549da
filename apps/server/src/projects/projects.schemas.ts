// The project calls of SPEC.md §7 (prefix "jira", platform "Firebase"), as zod schemas.
import { isValidEmailEntry, texts } from '@handoff/core';
import { z } from 'zod';

export const MAX_ADDRESSES = 100;
export const MAX_SENT_KEYS = 20_000;

const userId = z.string().min(1, 'userId is required.').max(200);
const projectKey = z.string().trim().min(1).max(255);
const projectName = z.string().trim().min(1).max(255);
const issueKey = z.string().trim().min(1).max(255);

/** Case-insensitive de-duplication that keeps the first spelling and the order. */
function uniqueAddresses(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((address) => {
    const folded = address.toLowerCase();
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

export const projectSchema = z.object({
  userId: z.string(),
  projectKey: z.string(),
  projectName: z.string(),
  clientEmails: z.array(z.string()),
  clientCC: z.array(z.string()),
  autosend: z.boolean(),
  sentProjectIssuesList: z.array(z.string()),
  /** Auto-send bookkeeping: when the next automatic round runs (null while off), the last round and its error. */
  autosendStatus: z.object({
    nextRunAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    lastError: z.string().nullable(),
    /** When auto-send last e-mailed stories of this project. */
    lastSentAt: z.string().nullable(),
  }),
});
export type Project = z.infer<typeof projectSchema>;

export const userIdBody = z.object({ userId });
export const projectRefBody = z.object({ userId, projectKey });

export const addProjectBody = z.object({
  userId,
  projectKey: z.string().trim().min(1, texts.addProject.noTrackerProject).max(255),
  projectName: z.string().trim().min(1, 'projectName is required.').max(255),
  clientEmails: addressList('Client e-mail').refine(
    (list) => list.length > 0,
    texts.addProject.noClientEmails,
  ),
  clientCC: addressList('Cc').default([]),
});

/**
 * Both forms the web sends: the edit screen's (clientCC, sentProjectIssuesList) and the list toggle's
 * full project (clinetCC, autosend). Every field may be left out to keep its stored value.
 */
export const updateProjectBody = z.object({
  userId,
  projectKey,
  updatedProject: z.object({
    projectKey: projectKey.optional(),
    projectName: projectName.optional(),
    clientEmails: addressList('Client e-mail')
      .refine((list) => list.length > 0, texts.editProject.noClientEmails)
      .optional(),
    clientCC: addressList('Cc').optional(),
    clinetCC: addressList('Cc').optional(),
    sentProjectIssuesList: z.array(issueKey).max(MAX_SENT_KEYS).optional(),
    autosend: z.boolean().optional(),
  }),
});
export type ProjectChanges = z.infer<typeof updateProjectBody>['updatedProject'];

export const projectListAnswer = z.object({ data: z.array(projectSchema) });
export type ProjectListAnswer = z.infer<typeof projectListAnswer>;
export const projectAnswer = z.object({ data: projectSchema });
export const projectChangeAnswer = z.object({
  status: z.literal(200),
  message: z.string(),
  data: projectSchema,
});
export const projectDeleteAnswer = z.object({
  status: z.literal(200),
  message: z.string(),
  data: z.object({ projectKey: z.string() }),
});
