// A repository's stories in a state, read from `GET /repos/{owner}/{repo}/issues`
// (https://docs.github.com/en/rest/issues/issues#list-repository-issues): the state `Closed` is the issues
// closed as completed (an issue closed before GitHub recorded reasons, in 2022, has none and counts as
// completed); any other state is a label, on open and closed issues alike. Pull requests, which GitHub
// lists among the issues, are left out.
import { type Issue, markdownToAdf } from '@handoff/core';
import type { TrackerCredentials } from '../tracker.ts';
import type { GitHubHttp } from './github-http.ts';
import { issueKeyOf, issuePath, issueRefOf, repoOf, repoPath } from './github-keys.ts';
import { type GitHubIssue, issueSchema } from './github-schemas.ts';

/** The state a story is in when GitHub closed it as completed; every other state offered is a label. */
export const CLOSED_STATE = 'Closed';

export interface GitHubStoryQuery {
  /** owner/repo */
  projectKey: string;
  /** `Closed` or the name of one of the repository's labels. */
  state: string;
  /** Only these stories (owner/repo#number). */
  keys?: readonly string[];
  /** Only stories of this milestone. */
  release?: string;
}

const labelNames = (issue: GitHubIssue) =>
  issue.labels.map((label) => (typeof label === 'string' ? label : (label.name ?? '')));

/** Whether an issue is a story in the state (a pull request never is). */
export function inState(issue: GitHubIssue, state: string): boolean {
  if (issue.pull_request !== undefined) return false;
  if (state === CLOSED_STATE) {
    return issue.state === 'closed' && (issue.state_reason ?? 'completed') === 'completed';
  }
  return labelNames(issue).includes(state);
}

function story(repo: string, issue: GitHubIssue): Issue {
  return {
    key: issueKeyOf(repo, issue.number),
    issueHeader: issue.title,
    description: markdownToAdf(issue.body),
  };
}

/** The stories of a repository in a state, by number. */
export async function gitHubStories(
  http: GitHubHttp,
  credentials: TrackerCredentials,
  query: GitHubStoryQuery,
): Promise<Issue[]> {
  const repo = repoOf(query.projectKey);
  const found: GitHubIssue[] = [];
  const keep = (issue: GitHubIssue) =>
    inState(issue, query.state) && (query.release === undefined || issue.milestone?.title === query.release);
  if (query.keys) {
    const numbers = [
      ...new Set(
        query.keys
          .map(issueRefOf)
          .filter((ref) => ref.repo === repo)
          .map((r) => r.number),
      ),
    ];
    const queue = [...numbers];
    const worker = async () => {
      for (let number = queue.shift(); number !== undefined; number = queue.shift()) {
        const issue = await http.call(
          credentials,
          { path: issuePath({ repo, number }) },
          issueSchema,
          'issue',
        );
        if (keep(issue)) found.push(issue);
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  } else {
    // GitHub's `labels` is a comma-separated list: a label with a comma in its name is filtered here alone.
    const filter =
      query.state === CLOSED_STATE
        ? { state: 'closed' }
        : { state: 'all', ...(query.state.includes(',') ? {} : { labels: query.state }) };
    const pages = http.pages(
      credentials,
      { path: repoPath(repo, 'issues'), query: filter },
      issueSchema,
      'issues',
    );
    for await (const page of pages) found.push(...page.filter(keep));
  }
  return found.sort((a, b) => a.number - b.number).map((issue) => story(repo, issue));
}
