// The `data` of each Linear document (linear-documents.ts), as far as the adapter reads it.
import { z } from 'zod';
import { connectionSchema } from './linear-graphql.ts';

const nameOnly = z.object({ name: z.string() });

export const viewerSchema = z.object({ viewer: z.object({ id: z.string(), name: z.string() }) });

export const teamsSchema = z
  .object({ teams: connectionSchema(z.object({ id: z.string(), key: z.string(), name: z.string() })) })
  .transform((data) => ({ connection: data.teams }));

const stateSchema = z.object({ id: z.string(), name: z.string(), type: z.string(), position: z.number() });
export const teamStatesSchema = z
  .object({ workflowStates: connectionSchema(stateSchema) })
  .transform((data) => ({ connection: data.workflowStates }));

const storySchema = z.object({
  identifier: z.string(),
  number: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  url: z.string(),
  state: nameOnly,
  /** The issue's project (a story's epic for `Group stories by`); null: none. */
  project: z.object({ id: z.string(), name: z.string(), sortOrder: z.number() }).nullish(),
});
export type LinearStory = z.infer<typeof storySchema>;

export const storiesSchema = z
  .object({ issues: connectionSchema(storySchema) })
  .transform((data) => ({ connection: data.issues }));

const historySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actor: nameOnly.nullable(),
  fromState: nameOnly.nullable(),
  toState: nameOnly.nullable(),
});

export const issueHistorySchema = z
  .object({ issue: z.object({ identifier: z.string(), history: connectionSchema(historySchema) }) })
  .transform((data) => ({ connection: data.issue.history }));

export const markedCommentsSchema = z.object({
  issue: z.object({ comments: z.object({ nodes: z.array(z.object({ id: z.string() })) }) }),
});

export const commentCreateSchema = z.object({
  commentCreate: z.object({ success: z.boolean(), comment: z.object({ id: z.string() }) }),
});

export const issueUpdateSchema = z.object({
  issueUpdate: z.object({ success: z.boolean(), issue: z.object({ identifier: z.string() }) }),
});

const cycleSchema = z.object({
  id: z.string(),
  number: z.number(),
  name: z.string().nullable(),
  endsAt: z.string(),
  completedAt: z.string().nullable(),
});
export const teamCyclesSchema = z
  .object({ cycles: connectionSchema(cycleSchema) })
  .transform((data) => ({ connection: data.cycles }));
