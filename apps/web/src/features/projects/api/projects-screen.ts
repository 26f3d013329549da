// What the projects list shows: the projects and their client-review summaries, asked for in parallel
// (and, on the first screen, as soon as the user is loaded: see prefetch.ts).
import type { Project } from '@handoff/core/api';
import { prefetch, prefetched } from '@/api/prefetch';
import { getProjects } from '@/api/projects';
import { getReviewSummaries, type ReviewSummaries } from '@/api/review';
import type { ApiClient } from '@/lib/api-client';

const projectsKey = (userId: string) => `getFirebaseProjects:${userId}`;
const summariesKey = (userId: string) => `getSummaries:${userId}`;

/** Asks for the list's data now, before the projects screen has rendered. */
export function prefetchProjectsScreen(api: ApiClient, userId: string): void {
  prefetch(api, projectsKey(userId), () => getProjects(api, userId));
  prefetch(api, summariesKey(userId), () => getReviewSummaries(api, userId));
}

/**
 * The projects and their review summaries, together, so that the list is rendered once. The summaries
 * are secondary: when they fail, the list shows without them.
 */
export async function loadProjectsScreen(
  api: ApiClient,
  userId: string,
): Promise<{ projects: Project[]; reviews: ReviewSummaries }> {
  const reviews = prefetched(api, summariesKey(userId), () => getReviewSummaries(api, userId)).catch(
    (): ReviewSummaries => ({}),
  );
  const projects = await prefetched(api, projectsKey(userId), () => getProjects(api, userId));
  return { projects, reviews: await reviews };
}
