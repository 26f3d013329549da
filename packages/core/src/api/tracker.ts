// POST /jira/getAllProjects (docs/product.md §7): the Jira projects the user can browse.
import { z } from 'zod';

export const getAllProjectsBody = z.object({
  email: z.string().min(1, 'email is required.'),
  api: z.string().optional(),
  siteId: z.string().trim().min(1).max(64).optional(),
});
export type GetAllProjectsBody = z.input<typeof getAllProjectsBody>;

/** A project of the issue tracker (docs/product.md §3 "Issue-tracker project"). */
const trackerProjectSchema = z.object({ name: z.string(), key: z.string() });
export type TrackerProject = z.infer<typeof trackerProjectSchema>;

export const getAllProjectsAnswer = z.object({ data: z.array(trackerProjectSchema) });
export type GetAllProjectsAnswer = z.infer<typeof getAllProjectsAnswer>;
