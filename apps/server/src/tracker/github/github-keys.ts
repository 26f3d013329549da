// GitHub keys: a project is a repository `owner/repo`; a story is `owner/repo#number` in the ledger and
// `repo#number` where its project is known (https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/autolinked-references-and-urls).
import { TrackerError } from '../jira-errors.ts';

/** An owner (user or organisation: letters, digits, single hyphens) and a repository name. */
const REPO = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/;
const ISSUE = /^([^#\s]+)#([1-9][0-9]{0,9})$/;

export interface GitHubIssueRef {
  /** owner/repo */
  repo: string;
  number: number;
}

/** `owner/repo` checked, or a TrackerError a user can act on. */
export function repoOf(projectKey: string): string {
  if (!REPO.test(projectKey)) {
    throw new TrackerError(400, 'TRACKER_REJECTED', `${projectKey} is no GitHub repository (owner/repo).`);
  }
  return projectKey;
}

/** The repository and number of `owner/repo#number`, or a TrackerError a user can act on. */
export function issueRefOf(issueKey: string): GitHubIssueRef {
  const match = ISSUE.exec(issueKey);
  if (!match || !REPO.test(match[1]!)) {
    throw new TrackerError(400, 'TRACKER_REJECTED', `${issueKey} is no GitHub issue (owner/repo#number).`);
  }
  return { repo: match[1]!, number: Number(match[2]) };
}

export const issueKeyOf = (repo: string, number: number) => `${repo}#${number}`;

/** The REST path of an issue, or of something under it (comments, labels, timeline). */
export function issuePath({ repo, number }: GitHubIssueRef, what = ''): string {
  const [owner, name] = repo.split('/') as [string, string];
  return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/issues/${number}${what ? `/${what}` : ''}`;
}

export function repoPath(repo: string, what: string): string {
  const [owner, name] = repo.split('/') as [string, string];
  return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/${what}`;
}
