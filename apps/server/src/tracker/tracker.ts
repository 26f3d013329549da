// The one seam between Handoff and an issue tracker (docs/architecture.md, "The tracker seam"). Jira Cloud
// (cloud/), Jira Data Center (datacenter/), the built-in demo tracker (demo/), GitHub (github/) and Linear
// (linear/) implement it; the rest of the server speaks only this interface: it asks for stories with a
// typed query, gets them in one neutral form, writes a verdict back with one call, and reads failures as
// one neutral error (tracker-errors.ts). Query languages (JQL, search qualifiers, GraphQL filters) and
// document formats (ADF, wiki markup, Markdown) live only inside the adapters.
import { dateOf } from '@handoff/core/dates';
import type { StoryGroup } from '@handoff/core/story-groups';
import type { TrackerKindId } from '@handoff/core/tracker-kinds';
import { TrackerError } from './tracker-errors.ts';

/** The kinds of site a workspace has (packages/core/src/tracker-kinds.ts). */
export type SiteKind = TrackerKindId;

/**
 * A member's credential for one site, decrypted (sites/ opens it, in one place). Jira Cloud: the account's
 * e-mail and API token (Basic). Other kinds: the token in `apiToken`; the e-mail only names the member in
 * messages.
 */
export interface TrackerCredentials {
  email: string;
  apiToken: string;
}

export interface TrackerProject {
  name: string;
  /** The project as the tracker names it: a Jira project key, a GitHub `owner/repo`, a Linear team key. */
  key: string;
}

/**
 * Which stories a caller wants. Each adapter turns it into its own query language; a field it cannot honour
 * (a release on a tracker without releases) is refused with a TrackerError (`unsupportedQuery`), never
 * ignored.
 */
export interface StoryQuery {
  /** The tracker project (TrackerProject.key). */
  project: string;
  /** Stories in any of these states (names as `listStates` gives them); empty: in any state. */
  states: readonly string[];
  /** Only these stories (keys in the ledger's form); absent: every story of the query. */
  keys?: readonly string[];
  /** Only stories of this release (Jira: fix version; ids and names as the adapter lists them). */
  release?: { id: string; name: string };
  /** Only stories of the project's current sprint (or cycle). */
  sprint?: 'current';
}

/**
 * A story in Handoff's one neutral form: no tracker format reaches the rest of the server. The description
 * is already split at its first `#test#` piece (case-insensitive) into the text before it and the test
 * steps after it, each converted to plain text by the adapter (links as their text and address, list items
 * one per line, markup dropped).
 */
export interface Story {
  /** The key in the ledger's form (the kind's key pattern, packages/core/src/tracker-kinds.ts). */
  key: string;
  title: string;
  /** The story's state as the tracker names it (a Jira status, Closed or a label, a Linear state). */
  state: string;
  /** Where a person opens the story in the tracker; null when the tracker gives none (the demo). */
  url: string | null;
  /** The description before `#test#`, one line per block; '' when it has none. */
  text: string;
  /** The test steps: each line after the first `#test#`, further markers left out. */
  testSteps: string[];
  /**
   * The story's epic for `Group stories by` (Jira: its parent epic; Linear: its project; GitHub: its
   * milestone); null: none. `order` is the tracker's order of the groups (README, "Grouped stories").
   */
  epic: StoryGroup | null;
  /** The story's type (Jira: its issue type; GitHub: its issue type; Linear: none, see the README); null: none. */
  type: StoryGroup | null;
}

/**
 * A release a notice may be of: a Jira fix version, a GitHub milestone, a Linear cycle. `id` is what a
 * StoryQuery's `release.id` takes back.
 */
export interface TrackerRelease {
  id: string;
  name: string;
  released: boolean;
  /** The day it was or is to be released (yyyy-mm-dd); null when the tracker has none. */
  releaseDate: string | null;
}

/** Released versions the send screen still offers, newest first (older ones are rarely sent again). */
const RECENT_RELEASED = 5;

/**
 * The releases the send screen offers: every unreleased one in the tracker's order, then the
 * RECENT_RELEASED released ones with the latest release dates (undated ones last, in the tracker's order).
 */
export function offeredReleases(all: readonly TrackerRelease[]): TrackerRelease[] {
  const released = all
    .map((release, index) => ({ release, index }))
    .filter(({ release }) => release.released)
    .sort(
      (a, b) => (b.release.releaseDate ?? '').localeCompare(a.release.releaseDate ?? '') || a.index - b.index,
    )
    .slice(0, RECENT_RELEASED)
    .map(({ release }) => release);
  return [...all.filter((release) => !release.released), ...released];
}

/** Where a verdict may move a story (a Jira transition, GitHub's reopen or a label, a Linear state). */
export interface StoryMove {
  id: string;
  name: string;
}

/** What a client's verdict says, for the tracker to write as a comment in its own format. */
export interface VerdictComment {
  id: string;
  verdict: 'passed' | 'failed';
  /** The client's own words: written so that nothing in them becomes markup. */
  comment: string | null;
  sentAt: Date;
  subject: string | null;
  /** The name the client gave on the review page: written so that nothing in it becomes markup. */
  reviewer?: string | null;
}

/** One verdict to write back: its comment, and the move the project chose for it, if any. */
export interface VerdictWriteBack {
  verdict: VerdictComment;
  /** The comment an earlier attempt wrote and recorded: it is not written again. */
  writtenCommentId: string | null;
  /** An earlier attempt may have written the comment without recording it: look for it before writing. */
  mayHaveWritten: boolean;
  /** Where to move the story once the comment is there (one of `listMoves`); null: nowhere. */
  move: StoryMove | null;
  /** Called once the comment is there (written now or found), before the move: the caller records it. */
  commented(commentId: string): Promise<void>;
}

export interface VerdictWritten {
  commentId: string;
  /** The tracker refused the move for good (the comment stands): its error, for the record. */
  moveRefused: Error | null;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** How an adapter reaches its site: where, and the retry policy every adapter honours. */
interface TrackerEndpoint {
  /** The site's base URL without a trailing slash, e.g. https://team.atlassian.net. */
  baseUrl: string;
  fetch?: FetchLike;
}

/** How the check of a site before it is added reaches it (tests: a fake fetch; a short time-out). */
export interface SiteProbe {
  fetch?: FetchLike;
  timeoutMs?: number;
}

export interface TrackerClientOptions {
  /** Resolved on every call (the demo tracker's port is known late). */
  endpoint: TrackerEndpoint | (() => TrackerEndpoint);
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  /** Attempts per request, the first one included. */
  maxAttempts?: number;
  /** A wait the tracker asks for that is longer than this is not waited for: the call fails at once. */
  maxRetryAfterMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Safety stop for paging. */
  maxPages?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  logger?: { warn: (details: object, message: string) => void };
}

/** What trackers.ts gives an adapter it makes: its connection, and the server's tracker settings. */
export interface TrackerSettings extends TrackerClientOptions {
  /** JIRA_ISSUE_TYPES: the issue types that count as stories (Jira only). */
  issueTypes: readonly string[];
}

export type TrackerOptions = Partial<Omit<TrackerClientOptions, 'endpoint'>>;

export interface Tracker {
  readonly kind: SiteKind;
  /** Resolves when the base URL answers as a site of this kind (no credential); a TrackerError says why not. */
  checkSite(probe?: SiteProbe): Promise<void>;
  /** Resolves when the tracker accepts the credentials; a TrackerError says why it does not. */
  checkCredential(credentials: TrackerCredentials): Promise<void>;
  /** Every project the credentials can read. */
  listProjects(credentials: TrackerCredentials): Promise<TrackerProject[]>;
  /** The states the send screen may offer for the project, each once, in the tracker's order. */
  listStates(credentials: TrackerCredentials, project: string): Promise<string[]>;
  /** Whether the tracker has a running sprint (Jira's open sprints, Linear's active cycle). */
  readonly hasSprints: boolean;
  /** The project's unreleased and recently released releases (offeredReleases). */
  listReleases(credentials: TrackerCredentials, project: string): Promise<TrackerRelease[]>;
  /** Every story the query names, over every page, ordered by key. */
  searchStories(credentials: TrackerCredentials, query: StoryQuery): Promise<Story[]>;
  /**
   * The project a key (in the ledger's form) belongs to, read as this tracker writes keys; undefined when
   * the key is not one of this kind's (packages/core's key pattern).
   */
  projectOfKey(key: string): string | undefined;
  /**
   * The moves a verdict may make on the project's stories. `sample`: a story of it sent lately (Jira
   * reads the workflow's transitions from one story; without one it picks any story of the project).
   */
  listMoves(credentials: TrackerCredentials, project: string, sample?: string): Promise<StoryMove[]>;
  /**
   * Which of these stories moved again after the time given for each (re-test detection: a story failed
   * at `since`, then reopened or moved, and is finished again). Stories it cannot see are left out.
   */
  movedSince(
    credentials: TrackerCredentials,
    stories: ReadonlyArray<{ key: string; since: Date }>,
  ): Promise<Set<string>>;
  /** Writes a verdict back: its comment (once, found again by its marker), then the move, if any. */
  writeVerdict(
    credentials: TrackerCredentials,
    key: string,
    writeBack: VerdictWriteBack,
  ): Promise<VerdictWritten>;
  /** The same tracker with other client options (e.g. one attempt per call, for callers that retry durably). */
  withOptions(overrides: TrackerOptions): Tracker;
}

/** The marker in each verdict comment, so a retry finds a comment an earlier attempt may have posted. */
export function verdictMarker(verdictId: string): string {
  return `Handoff verdict ${verdictId}`;
}

/** The day of a notice, as its comment and e-mails name it. */
export { dateOf };

/** The client's comment as lines of plain text (blank lines dropped). */
export function commentLines(comment: string | null): string[] {
  return (comment ?? '').split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
}

/** The first line of a verdict's comment after its verdict, when the client gave a name. */
export const reviewedBy = (reviewer: string) => `Reviewed by ${reviewer}`;

/** The first line of a verdict's comment. */
export const verdictHeadline = (verdict: VerdictComment['verdict']) =>
  `Client review: ${verdict === 'passed' ? 'Passed' : 'Failed'}`;

/** The line naming the notice a verdict answers. */
export const inAnswerTo = (sentAt: Date, subject: string | null) =>
  `In answer to the notice of ${dateOf(sentAt)}${subject ? `: “${subject}”` : ''}.`;

/** The steps of a write-back every adapter shares; an adapter gives its own comment and move calls. */
export interface VerdictCalls {
  findComment(marker: string): Promise<string | undefined>;
  addComment(): Promise<string>;
  move(move: StoryMove): Promise<void>;
}

/**
 * Writes a verdict back through an adapter's calls: the comment unless one is recorded or found by its
 * marker, recorded at once, then the move; a move the tracker refuses for good is reported, not thrown.
 */
export async function writeVerdictWith(
  calls: VerdictCalls,
  writeBack: VerdictWriteBack,
): Promise<VerdictWritten> {
  let commentId = writeBack.writtenCommentId ?? undefined;
  if (commentId === undefined) {
    if (writeBack.mayHaveWritten) commentId = await calls.findComment(verdictMarker(writeBack.verdict.id));
    commentId ??= await calls.addComment();
    await writeBack.commented(commentId);
  }
  let moveRefused: Error | null = null;
  if (writeBack.move) {
    try {
      await calls.move(writeBack.move);
    } catch (error) {
      if (!(error instanceof TrackerError) || !error.final) throw error;
      moveRefused = error;
    }
  }
  return { commentId, moveRefused };
}
