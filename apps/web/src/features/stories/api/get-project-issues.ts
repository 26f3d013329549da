// GET /jira/getProjectIssues?projectKey={projectKey}&status={status} (or &release={id}, or &sprint=current)
// with the headers "email" and "api" (the user's e-mail and tracker API key) → {data: Issue[], release?}
// (docs/product.md §7); GET /jira/getProjectReleases → the releases `Stories of: Release` offers.
import type { Issue } from '@handoff/core';
import type { GetProjectIssuesAnswer, GetProjectReleasesAnswer, User } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

/** What the send screen's first step asks for: the stories of a status, of a release, or of the running sprint. */
export type StoriesOf =
  | { kind: 'status'; status: string }
  | { kind: 'release'; releaseId: string }
  | { kind: 'sprint' };

export interface FetchedIssues {
  issues: Issue[];
  /** The release's name as the tracker gives it; null for stories of a status or of the sprint. */
  release: string | null;
}

/** The project's site, for a key two sites have (the server finds a unique key's site itself). */
function withSite(query: URLSearchParams, siteId?: string): URLSearchParams {
  if (siteId && siteId !== 'default') query.set('siteId', siteId);
  return query;
}

export async function getProjectIssues(
  api: ApiClient,
  user: User,
  projectKey: string,
  of: StoriesOf,
  siteId?: string,
): Promise<FetchedIssues> {
  const query = new URLSearchParams({ projectKey });
  if (of.kind === 'status') query.set('status', of.status);
  else if (of.kind === 'release') query.set('release', of.releaseId);
  else query.set('sprint', 'current');
  const answer = await api.get<GetProjectIssuesAnswer>(`/jira/getProjectIssues?${withSite(query, siteId)}`, {
    headers: { email: user.email, api: user.apikey },
  });
  return { issues: answer.data, release: answer.release?.name ?? null };
}

export async function getProjectReleases(
  api: ApiClient,
  user: User,
  projectKey: string,
  siteId?: string,
): Promise<GetProjectReleasesAnswer['data']> {
  const query = withSite(new URLSearchParams({ projectKey }), siteId);
  const answer = await api.get<GetProjectReleasesAnswer>(`/jira/getProjectReleases?${query}`, {
    headers: { email: user.email, api: user.apikey },
  });
  return answer.data;
}
