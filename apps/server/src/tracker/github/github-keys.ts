// GitHub keys: a project is a repository `owner/repo`; a story is `owner/repo#number` in the ledger (the
// key pattern of packages/core's registry) and `repo#number` where its project is known.
import { isStoryKeyOf } from '@handoff/core/tracker-kinds';
import { TrackerError } from '../tracker-errors.ts';

export interface GitHubIssueRef {
  /** owner/repo */
  repo: string;
  number: number;
}

/** The repository of a story key, or undefined when the key is no GitHub key. */
export function repoOfKey(key: string): string | undefined {
  return isStoryKeyOf('github', key) ? key.slice(0, key.lastIndexOf('#')) : undefined;
}

/** `owner/repo` checked (as the registry's key pattern reads it), or a TrackerError a user can act on. */
export function repoOf(project: string): string {
  if (repoOfKey(`${project}#1`) !== project) {
    throw new TrackerError('not-found', `${project} is no GitHub repository (owner/repo).`);
  }
  return project;
}

/** The repository and number of `owner/repo#number`, or a TrackerError a user can act on. */
export function issueRefOf(key: string): GitHubIssueRef {
  const repo = repoOfKey(key);
  if (repo === undefined) {
    throw new TrackerError('not-found', `${key} is no GitHub issue (owner/repo#number).`, {
      code: 'TRACKER_ISSUE_NOT_FOUND',
    });
  }
  return { repo, number: Number(key.slice(repo.length + 1)) };
}

export const issueKeyOf = (repo: string, number: number) => `${repo}#${number}`;

const repoPrefix = (repo: string) => repo.split('/').map(encodeURIComponent).join('/');

/** The REST path of something of a repository (issues, labels). */
export const repoPath = (repo: string, what: string) => `/repos/${repoPrefix(repo)}/${what}`;

/** The REST path of an issue, or of something under it (comments, labels, timeline). */
export const issuePath = ({ repo, number }: GitHubIssueRef, what = '') =>
  repoPath(repo, `issues/${number}${what ? `/${what}` : ''}`);
