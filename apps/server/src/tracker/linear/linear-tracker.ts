// Linear behind the tracker seam (tracker.ts), over its GraphQL API (https://linear.app/developers/graphql):
// projects are teams (key `ENG`), stories are issues (key: their identifier `ENG-123`) whose workflow state
// is of type `completed` or one the project offers, descriptions are Markdown, a verdict is a comment
// (`commentCreate`, tracker/markdown-comment.ts) and Failed may move the issue to a workflow state
// (`issueUpdate` with `stateId`); re-tests are read from each issue's `history` (fromState/toState). A
// release is a cycle of the team (completed: released), and the current sprint its active cycle.
// Every document is in linear-documents.ts; every call goes through linear-graphql.ts.
import { splitAtTestMarker } from '@handoff/core';
import { isStoryKeyOf, TRACKER_KINDS } from '@handoff/core/tracker-kinds';
import { verdictMarkdown } from '../markdown-comment.ts';
import { markdownTextPieces } from '../markdown-description.ts';
import { OutboundError } from '../outbound.ts';
import {
  offeredReleases,
  type SiteProbe,
  type Story,
  type StoryMove,
  type StoryQuery,
  type Tracker,
  type TrackerCredentials,
  type TrackerOptions,
  type TrackerProject,
  type TrackerRelease,
  type TrackerSettings,
  type VerdictWriteBack,
  type VerdictWritten,
  writeVerdictWith,
} from '../tracker.ts';
import { TrackerError } from '../tracker-errors.ts';
import {
  commentCreateMutation,
  issueHistoryQuery,
  issueUpdateStateMutation,
  markedCommentsQuery,
  storiesDocument,
  teamCyclesQuery,
  teamStatesQuery,
  teamsQuery,
  viewerQuery,
} from './linear-documents.ts';
import { LinearGraphql } from './linear-graphql.ts';
import {
  commentCreateSchema,
  issueHistorySchema,
  issueUpdateSchema,
  type LinearStory,
  markedCommentsSchema,
  storiesSchema,
  teamCyclesSchema,
  teamStatesSchema,
  teamsSchema,
  viewerSchema,
} from './linear-schemas.ts';

/** A Linear identifier: the team's key, then the issue's number in the team. */
const IDENTIFIER_RE = /^([A-Z][A-Z0-9]*)-([1-9][0-9]*)$/;
/** Issues whose history is read at once (re-test detection). */
const HISTORY_READERS = 4;

export class LinearTracker implements Tracker {
  readonly kind = 'linear' as const;
  readonly hasSprints = true;
  private readonly graphql: LinearGraphql;

  constructor(private readonly settings: TrackerSettings) {
    this.graphql = new LinearGraphql(settings);
  }

  async checkSite(probe: SiteProbe = {}): Promise<void> {
    const { endpoint } = this.settings;
    const { baseUrl, fetch } = typeof endpoint === 'function' ? endpoint() : endpoint;
    const once = new LinearGraphql({
      ...this.settings,
      endpoint: { baseUrl, ...((probe.fetch ?? fetch) ? { fetch: probe.fetch ?? fetch } : {}) },
      maxAttempts: 1,
      timeoutMs: probe.timeoutMs ?? 10_000,
    });
    // Linear answers a query without a key with its own authentication error: that answer is the proof.
    try {
      await once.run({ email: '', apiToken: '' }, viewerQuery, {}, viewerSchema, 'site check');
    } catch (error) {
      if (error instanceof TrackerError && error.failure === 'credential-refused') return;
      // The guard's refusal says what to change; anything else (a closed port, a time-out, another
      // service) is one answer, so that the check can't be used to map a network.
      if (error instanceof OutboundError) throw error;
      throw new TrackerError(
        'unexpected',
        `${baseUrl} is not Linear's GraphQL API: it doesn't answer a query as Linear does. Use ${TRACKER_KINDS.linear.baseUrlDefault}.`,
        { code: 'SITE_NOT_LINEAR', statusCode: 400 },
      );
    }
  }

  async checkCredential(credentials: TrackerCredentials): Promise<void> {
    await this.graphql.run(credentials, viewerQuery, {}, viewerSchema, 'account check');
  }

  async listProjects(credentials: TrackerCredentials): Promise<TrackerProject[]> {
    const teams = await this.graphql.all(
      credentials,
      { document: teamsQuery, variables: {}, what: 'teams' },
      teamsSchema,
    );
    return teams.map(({ key, name }) => ({ key, name }));
  }

  async listStates(credentials: TrackerCredentials, project: string): Promise<string[]> {
    return (await this.teamStates(credentials, project)).map((state) => state.name);
  }

  /** The team's cycles, by number, named as Linear shows them (`Cycle 5` when unnamed). */
  async listReleases(credentials: TrackerCredentials, project: string): Promise<TrackerRelease[]> {
    const cycles = await this.graphql.all(
      credentials,
      { document: teamCyclesQuery, variables: { team: project }, what: 'cycles' },
      teamCyclesSchema,
    );
    return offeredReleases(
      cycles
        .sort((a, b) => a.number - b.number)
        .map((cycle) => ({
          id: cycle.id,
          name: cycle.name || `Cycle ${cycle.number}`,
          released: cycle.completedAt !== null,
          releaseDate: (cycle.completedAt ?? cycle.endsAt).slice(0, 10),
        })),
    );
  }

  async searchStories(credentials: TrackerCredentials, query: StoryQuery): Promise<Story[]> {
    const numbers = (query.keys ?? []).flatMap((key) => {
      const match = IDENTIFIER_RE.exec(key);
      return match && match[1] === query.project ? [Number(match[2])] : [];
    });
    if (query.keys && numbers.length === 0) return [];
    const shape = {
      keys: query.keys !== undefined,
      states: query.states.length > 0,
      currentCycle: query.sprint === 'current',
      cycle: query.release !== undefined,
    };
    const issues = await this.graphql.all(
      credentials,
      {
        document: storiesDocument(shape),
        variables: {
          team: query.project,
          ...(shape.keys ? { numbers } : {}),
          ...(shape.states ? { states: query.states } : {}),
          ...(query.release ? { cycle: query.release.id } : {}),
        },
        what: 'issues',
      },
      storiesSchema,
    );
    return issues.sort((a, b) => a.number - b.number).map(storyOf);
  }

  projectOfKey(key: string): string | undefined {
    return isStoryKeyOf('linear', key) ? IDENTIFIER_RE.exec(key)?.[1] : undefined;
  }

  async listMoves(credentials: TrackerCredentials, project: string): Promise<StoryMove[]> {
    return (await this.teamStates(credentials, project)).map(({ id, name }) => ({ id, name }));
  }

  async movedSince(
    credentials: TrackerCredentials,
    stories: ReadonlyArray<{ key: string; since: Date }>,
  ): Promise<Set<string>> {
    const moved = new Set<string>();
    const queue = [...stories];
    const reader = async () => {
      for (let story = queue.shift(); story; story = queue.shift()) {
        if (await this.stateChangedSince(credentials, story.key, story.since)) moved.add(story.key);
      }
    };
    await Promise.all(Array.from({ length: Math.min(HISTORY_READERS, queue.length) }, reader));
    return moved;
  }

  writeVerdict(
    credentials: TrackerCredentials,
    key: string,
    writeBack: VerdictWriteBack,
  ): Promise<VerdictWritten> {
    return this.aboutIssue(key, () =>
      writeVerdictWith(
        {
          findComment: async (marker) => {
            const { issue } = await this.graphql.run(
              credentials,
              markedCommentsQuery,
              { issue: key, marker },
              markedCommentsSchema,
              'comments',
            );
            return issue.comments.nodes[0]?.id;
          },
          addComment: async () => {
            const { commentCreate } = await this.graphql.run(
              credentials,
              commentCreateMutation,
              { issue: key, body: verdictMarkdown(writeBack.verdict) },
              commentCreateSchema,
              'comment',
            );
            return commentCreate.comment.id;
          },
          move: async (move) => {
            const { issueUpdate } = await this.graphql.run(
              credentials,
              issueUpdateStateMutation,
              { issue: key, state: move.id },
              issueUpdateSchema,
              'state change',
            );
            if (!issueUpdate.success) {
              throw new TrackerError('rejected', `Linear refused to move ${key} to ${move.name}.`);
            }
          },
        },
        writeBack,
      ),
    );
  }

  withOptions(overrides: TrackerOptions): Tracker {
    return new LinearTracker({ ...this.settings, ...overrides });
  }

  /** The team's own workflow states, in Linear's order (by position). */
  private async teamStates(credentials: TrackerCredentials, project: string) {
    const states = await this.graphql.all(
      credentials,
      { document: teamStatesQuery, variables: { team: project }, what: 'workflow states' },
      teamStatesSchema,
    );
    // Every team Linear has holds workflow states: none means no such team for this key.
    if (states.length === 0) {
      throw new TrackerError('not-found', `Linear has no team ${project} that this API key can read.`);
    }
    return states.sort((a, b) => a.position - b.position);
  }

  /** Whether the issue's history has a change of state after `since`; false for an issue it cannot see. */
  private async stateChangedSince(credentials: TrackerCredentials, key: string, since: Date) {
    try {
      const history = await this.graphql.all(
        credentials,
        { document: issueHistoryQuery, variables: { issue: key }, what: 'issue history' },
        issueHistorySchema,
      );
      return history.some(
        (entry) =>
          entry.toState !== null &&
          entry.toState.name !== entry.fromState?.name &&
          Date.parse(entry.createdAt) > since.getTime(),
      );
    } catch (error) {
      if (error instanceof TrackerError && error.failure === 'not-found') return false;
      throw error;
    }
  }

  /** Runs calls about one issue; Linear's "not found" then names the issue. */
  private async aboutIssue<T>(key: string, calls: () => Promise<T>): Promise<T> {
    try {
      return await calls();
    } catch (error) {
      if (error instanceof TrackerError && error.failure === 'not-found') {
        throw error.reworded(`Linear has no issue ${key} that this API key can see.`, {
          code: 'TRACKER_ISSUE_NOT_FOUND',
        });
      }
      throw error;
    }
  }
}

/** A Linear issue in Handoff's neutral form: its Markdown description split at `#test#`. */
function storyOf(issue: LinearStory): Story {
  return {
    key: issue.identifier,
    title: issue.title,
    state: issue.state.name,
    url: issue.url,
    ...splitAtTestMarker(markdownTextPieces(issue.description)),
    // Linear's project is the epic; Linear has no issue types (its labels are many per issue): no type.
    epic: issue.project
      ? { id: issue.project.id, name: issue.project.name, order: issue.project.sortOrder }
      : null,
    type: null,
  };
}
