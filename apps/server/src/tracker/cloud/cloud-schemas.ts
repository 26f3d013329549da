// The Jira Cloud answers only the tracker seam reads (https://developer.atlassian.com/cloud/jira/platform/rest/v3/):
// a project's statuses and an issue's changelog. Loose objects: Jira adds fields over time.
import { z } from 'zod';

/** `GET /rest/api/3/project/{key}/statuses` (and v2 on Data Center) → IssueTypeWithStatus[]. */
export const projectStatusesSchema = z.array(
  z.looseObject({
    name: z.string().optional(),
    statuses: z.array(z.looseObject({ id: z.string().optional(), name: z.string() })).default([]),
  }),
);

const changeItemSchema = z.looseObject({
  field: z.string(),
  fromString: z.string().nullish(),
  toString: z.string().nullish(),
});

/** A history of Cloud's PageBeanChangelog or of Data Center's `expand=changelog`. */
export const historySchema = z.looseObject({
  id: z.string(),
  created: z.string(),
  author: z.looseObject({ displayName: z.string().optional(), name: z.string().optional() }).nullish(),
  items: z.array(changeItemSchema).default([]),
});

/** `GET /rest/api/3/issue/{key}/changelog` → PageBeanChangelog. */
export const changelogPageSchema = z.looseObject({
  values: z.array(historySchema).default([]),
  startAt: z.number().optional(),
  total: z.number().optional(),
  isLast: z.boolean().optional(),
});

/** The statuses of every issue type of a project, each name once, in Jira's order. */
export function statusNames(answer: z.infer<typeof projectStatusesSchema>): string[] {
  const names = new Set<string>();
  for (const type of answer) for (const status of type.statuses) names.add(status.name);
  return [...names];
}

/** A history as the tracker seam's ChangelogEntry. */
export function changelogEntry(history: z.infer<typeof historySchema>) {
  return {
    id: history.id,
    created: history.created,
    author: history.author?.displayName ?? history.author?.name ?? null,
    items: history.items.map((item) => ({
      field: item.field,
      from: item.fromString ?? null,
      to: item.toString ?? null,
    })),
  };
}
