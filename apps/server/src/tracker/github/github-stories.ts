// A repository's stories, read from `GET /repos/{owner}/{repo}/issues`
// (https://docs.github.com/en/rest/issues/issues#list-repository-issues): the state `Closed` is the issues
// closed as completed (an issue closed before GitHub recorded reasons, in 2022, has none and counts as
// completed); any other state is a label, on open and closed issues alike; a release is a milestone
// (https://docs.github.com/en/rest/issues/milestones#list-milestones: open ones are unreleased, closed ones
// released on the day they were closed), its id the milestone's number.
// Pull requests, which GitHub lists among the issues, are left out.

import { splitAtTestMarker } from '@handoff/core';
import { markdownTextPieces } from '../markdown-description.ts';
import {
  offeredReleases,
  type Story,
  type StoryQuery,
  type TrackerCredentials,
  type TrackerRelease,
} from '../tracker.ts';
import { TrackerError, unsupportedQuery } from '../tracker-errors.ts';
import type { GitHubHttp } from './github-http.ts';
import { issueKeyOf, issuePath, issueRefOf, repoOf, repoPath } from './github-keys.ts';
import { type GitHubIssue, issueSchema, milestoneSchema } from './github-schemas.ts';

/** The state a story is in when GitHub closed it as completed; every other state offered is a label. */
export const CLOSED_STATE = 'Closed';
const OPEN_STATE = 'Open';

const labelNames = (issue: GitHubIssue) =>
  issue.labels.map((label) => (typeof label === 'string' ? label : (label.name ?? '')));

const closedAsCompleted = (issue: GitHubIssue) =>
  issue.state === 'closed' && (issue.state_reason ?? 'completed') === 'completed';

/** The first of the states asked for that the issue is in (any state: Closed or Open); undefined: none. */
function stateOf(issue: GitHubIssue, states: readonly string[]): string | undefined {
  if (states.length === 0) return closedAsCompleted(issue) ? CLOSED_STATE : OPEN_STATE;
  return states.find((state) =>
    state === CLOSED_STATE ? closedAsCompleted(issue) : labelNames(issue).includes(state),
  );
}

/** The filters of one list call per state (GitHub's `labels` is comma-separated: such a label is filtered here). */
function listFilters(states: readonly string[], milestone?: string): Array<Record<string, string>> {
  const ofMilestone: Record<string, string> = milestone ? { milestone } : {};
  if (states.length === 0) return [{ state: 'all', ...ofMilestone }];
  return states.map((state) =>
    state === CLOSED_STATE
      ? { state: 'closed', ...ofMilestone }
      : { state: 'all', ...ofMilestone, ...(state.includes(',') ? {} : { labels: state }) },
  );
}

/** The repository's milestones as releases (open: unreleased; closed: released when it was closed). */
export async function gitHubReleases(
  http: GitHubHttp,
  credentials: TrackerCredentials,
  project: string,
): Promise<TrackerRelease[]> {
  const releases: TrackerRelease[] = [];
  const request = { path: repoPath(repoOf(project), 'milestones'), query: { state: 'all' } };
  for await (const page of http.pages(credentials, request, milestoneSchema, 'milestones')) {
    for (const milestone of page) {
      const released = milestone.state === 'closed';
      releases.push({
        id: String(milestone.number),
        name: milestone.title,
        released,
        releaseDate: ((released ? milestone.closed_at : milestone.due_on) ?? '').slice(0, 10) || null,
      });
    }
  }
  return offeredReleases(releases);
}

function storyOf(repo: string, issue: GitHubIssue, state: string): Story {
  return {
    key: issueKeyOf(repo, issue.number),
    title: issue.title,
    state,
    url: issue.html_url,
    ...splitAtTestMarker(markdownTextPieces(issue.body)),
    // The milestone is the epic (ordered by its number); the issue type, where the organisation has them, the type.
    epic: issue.milestone
      ? { id: String(issue.milestone.number), name: issue.milestone.title, order: issue.milestone.number }
      : null,
    type: issue.type ? { id: String(issue.type.id), name: issue.type.name, order: issue.type.id } : null,
  };
}

/** The stories the query names, by number. */
export async function gitHubStories(
  http: GitHubHttp,
  credentials: TrackerCredentials,
  query: StoryQuery,
): Promise<Story[]> {
  if (query.sprint) throw unsupportedQuery('GitHub', 'sprints');
  const repo = repoOf(query.project);
  const found = new Map<number, Story>();
  const keep = (issue: GitHubIssue) => {
    if (issue.pull_request !== undefined || found.has(issue.number)) return;
    if (query.release && issue.milestone?.title !== query.release.name) return;
    const state = stateOf(issue, query.states);
    if (state !== undefined) found.set(issue.number, storyOf(repo, issue, state));
  };
  if (query.keys) {
    const queue = [
      ...new Set(
        query.keys
          .map(issueRefOf)
          .filter((ref) => ref.repo === repo)
          .map((r) => r.number),
      ),
    ];
    const worker = async () => {
      for (let number = queue.shift(); number !== undefined; number = queue.shift()) {
        // An issue deleted or moved since is absent, as a search would leave it out.
        const issue = await http
          .call(credentials, { path: issuePath({ repo, number }) }, issueSchema, 'issue')
          .catch((error: unknown) => {
            if (error instanceof TrackerError && error.failure === 'not-found') return undefined;
            throw error;
          });
        if (issue) keep(issue);
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  } else {
    for (const filter of listFilters(query.states, query.release?.id)) {
      const pages = http.pages(
        credentials,
        { path: repoPath(repo, 'issues'), query: filter },
        issueSchema,
        'issues',
      );
      for await (const page of pages) page.forEach(keep);
    }
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, story]) => story);
}
