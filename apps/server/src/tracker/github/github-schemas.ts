// What we read from GitHub's answers, checked at the boundary (https://docs.github.com/en/rest/issues).
// Objects are loose: GitHub adds fields over time, and only the ones read here must have the right shape.
import { z } from 'zod';

/** `GET /user` → private-user / public-user. */
export const userSchema = z.looseObject({ login: z.string() });

/** `GET /meta` → api-overview (GitHub Enterprise Server adds installed_version). */
export const metaSchema = z.looseObject({
  verifiable_password_authentication: z.boolean(),
  installed_version: z.string().optional(),
});

/** One item of `GET /user/repos` → repository. */
export const repositorySchema = z.looseObject({
  full_name: z.string(),
  has_issues: z.boolean().optional(),
  archived: z.boolean().optional(),
});

/** One item of `GET /repos/{owner}/{repo}/labels` → label. */
export const labelSchema = z.looseObject({ name: z.string() });

/** An issue (`GET /repos/{owner}/{repo}/issues[/{number}]`); pull requests carry `pull_request`. */
export const issueSchema = z.looseObject({
  number: z.number().int(),
  title: z.string(),
  body: z.string().nullish(),
  state: z.string(),
  state_reason: z.string().nullish(),
  html_url: z.string(),
  labels: z.array(z.union([z.string(), z.looseObject({ name: z.string().nullish() })])).default([]),
  milestone: z.looseObject({ number: z.number().int(), title: z.string() }).nullish(),
  /** GitHub's issue type (organisation issue types); null: none. */
  type: z.looseObject({ id: z.number(), name: z.string() }).nullish(),
  pull_request: z.unknown().optional(),
});
export type GitHubIssue = z.infer<typeof issueSchema>;

/** `POST …/comments` and each item of `GET …/comments` → issue-comment. */
export const commentSchema = z.looseObject({ id: z.number().int(), body: z.string().optional() });

/** One item of `GET …/timeline` → timeline-issue-events (only `event`, `created_at` and the actor are read). */
export const timelineEventSchema = z.looseObject({
  id: z.number().int().optional(),
  event: z.string().optional(),
  created_at: z.string().optional(),
  actor: z.looseObject({ login: z.string() }).nullish(),
  label: z.looseObject({ name: z.string() }).optional(),
});
export type GitHubTimelineEvent = z.infer<typeof timelineEventSchema>;

/** `POST …/labels` → an array of labels. */
export const labelsSchema = z.array(labelSchema);

/** A milestone (GET /repos/{owner}/{repo}/milestones): Handoff's release on GitHub. */
export const milestoneSchema = z.looseObject({
  number: z.number().int(),
  title: z.string(),
  state: z.enum(['open', 'closed']),
  due_on: z.string().nullish(),
  closed_at: z.string().nullish(),
});
