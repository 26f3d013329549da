// A Linear double on a real local HTTP port, for tests, benchmarks and the e2e run: one GraphQL endpoint
// (POST /graphql), personal API keys sent bare in `Authorization` (a `Bearer` prefix is refused, as Linear
// does for personal keys). Every document is validated against Linear's schema (tracker/testdata/
// linear-schema.ts) and answered by executing it against that schema over the double's data, so every
// answer has exactly the shape the query asks for; a document Linear would refuse, or any error that is not
// one of the double's deliberate user errors, is collected in `problems` (a test expects none).
import { randomUUID } from 'node:crypto';
import { execute, GraphQLError } from 'graphql';
import { checkLinearDocument, linearSchema } from '../tracker/testdata/linear-schema.ts';
import { type FakeRequest, sendJson, startFakeJira } from './fake-jira.ts';

export interface LinearUser {
  id: string;
  name: string;
  email: string;
  /** The personal API key that signs this user in. */
  apiKey: string;
}

interface LinearState {
  id: string;
  name: string;
  type: string;
  position: number;
}

interface LinearTeam {
  id: string;
  key: string;
  name: string;
  states: LinearState[];
}

interface LinearIssue {
  id: string;
  identifier: string;
  number: number;
  title: string;
  /** Markdown, or null. */
  description: string | null;
  teamKey: string;
  stateName: string;
  /** Whether the issue is in its team's active cycle. */
  inActiveCycle: boolean;
  /** The issue's project; null: none. */
  project: { id: string; name: string; sortOrder: number } | null;
  /** The cycle it is in (FakeLinear.cycles), if any. */
  cycleId: string | null;
}

interface LinearCycle {
  id: string;
  teamKey: string;
  number: number;
  name: string | null;
  startsAt: string;
  endsAt: string;
  completedAt: string | null;
  isActive: boolean;
}

interface LinearComment {
  id: string;
  issueId: string;
  body: string;
  /** The name of the user whose key wrote it. */
  author: string;
}

interface LinearChange {
  id: string;
  issueId: string;
  createdAt: string;
  actor: string;
  from: string;
  to: string;
}

interface Forced {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeLinear {
  /** The GraphQL endpoint: http://127.0.0.1:<port>/graphql */
  url: string;
  requests: FakeRequest[];
  /** Documents Linear would refuse and errors the double did not mean; a test expects none. */
  problems: string[];
  teams: LinearTeam[];
  cycles: LinearCycle[];
  issues: LinearIssue[];
  comments: LinearComment[];
  history: LinearChange[];
  /** The most nodes a connection answers with, whatever `first` asks (Linear's own maximum is 250). */
  maxPageSize: number;
  /** Milliseconds each answer waits (a tracker's own time, for the benchmark). */
  answerDelayMs: number;
  addTeam(key: string, name: string): LinearTeam;
  /** A new issue of the team (its identifier numbered on), in the named state. */
  addIssue(
    teamKey: string,
    fields: {
      title: string;
      description?: string | null;
      state: string;
      inActiveCycle?: boolean;
      project?: LinearIssue['project'];
      cycleId?: string;
    },
  ): LinearIssue;
  /** A cycle of the team, numbered on (completed when `completedAt` is given). */
  addCycle(
    teamKey: string,
    fields: {
      name?: string | null;
      startsAt: string;
      endsAt: string;
      completedAt?: string;
      isActive?: boolean;
    },
  ): LinearCycle;
  /** Someone moving the issue in Linear's own app: the state changes and the history says so. */
  moveIssue(identifier: string, stateName: string, actor?: string): void;
  /** The next requests get these answers instead, one each. */
  failNext(...answers: Forced[]): void;
  close(): Promise<void>;
}

/** A new team's workflow states, as Linear creates them. */
const LINEAR_STATES: ReadonlyArray<Omit<LinearState, 'id'>> = [
  { name: 'Backlog', type: 'backlog', position: 0 },
  { name: 'Todo', type: 'unstarted', position: 1 },
  { name: 'In Progress', type: 'started', position: 2 },
  { name: 'In Review', type: 'started', position: 3 },
  { name: 'Done', type: 'completed', position: 4 },
  { name: 'Canceled', type: 'canceled', position: 5 },
];

/** Linear's answer when it is rate-limiting (https://linear.app/developers/rate-limiting). */
export function linearRateLimited(resetInMs: number, status = 400): Forced {
  return {
    status,
    headers: { 'x-ratelimit-requests-reset': String(Date.now() + resetInMs) },
    body: {
      errors: [
        {
          message: 'Rate limit exceeded',
          extensions: { code: 'RATELIMITED', type: 'ratelimited', userError: true },
        },
      ],
    },
  };
}

/** An error Linear gives users (a missing entity, a refused key): deliberate, so not a problem. */
function userError(message: string, code: string, type: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, type, userError: true } });
}

export async function startFakeLinear(options: { users?: LinearUser[] } = {}): Promise<FakeLinear> {
  const users = options.users ?? [];
  const queue: Forced[] = [];
  const fake = await startFakeJira();
  const linear: FakeLinear = {
    url: `${fake.url}/graphql`,
    requests: fake.requests,
    problems: [],
    teams: [],
    cycles: [],
    issues: [],
    comments: [],
    history: [],
    maxPageSize: 250,
    answerDelayMs: 0,
    addTeam(key, name) {
      const states = LINEAR_STATES.map((state) => ({ ...state, id: randomUUID() }));
      const team = { id: randomUUID(), key, name, states };
      linear.teams.push(team);
      return team;
    },
    addCycle(teamKey, fields) {
      const cycle = {
        id: randomUUID(),
        teamKey,
        number: linear.cycles.filter((c) => c.teamKey === teamKey).length + 1,
        name: fields.name ?? null,
        startsAt: fields.startsAt,
        endsAt: fields.endsAt,
        completedAt: fields.completedAt ?? null,
        isActive: fields.isActive ?? false,
      };
      linear.cycles.push(cycle);
      return cycle;
    },
    addIssue(teamKey, fields) {
      const number = linear.issues.filter((i) => i.teamKey === teamKey).length + 1;
      const issue = {
        id: randomUUID(),
        identifier: `${teamKey}-${number}`,
        number,
        title: fields.title,
        description: fields.description ?? null,
        teamKey,
        stateName: fields.state,
        inActiveCycle: fields.inActiveCycle ?? false,
        project: fields.project ?? null,
        cycleId: fields.cycleId ?? null,
      };
      linear.issues.push(issue);
      return issue;
    },
    moveIssue(identifier, stateName, actor = 'Linear user') {
      const issue = linear.issues.find((i) => i.identifier === identifier);
      if (!issue) throw new Error(`no issue ${identifier}`);
      linear.history.push({
        id: randomUUID(),
        issueId: issue.id,
        createdAt: new Date().toISOString(),
        actor,
        from: issue.stateName,
        to: stateName,
      });
      issue.stateName = stateName;
    },
    failNext: (...answers) => queue.push(...answers),
    close: () => fake.close(),
  };

  fake.handle(async (request, response) => {
    if (linear.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, linear.answerDelayMs));
    const forced = queue.shift();
    if (forced) return sendJson(response, forced.status, forced.body ?? {}, forced.headers);
    if (request.path !== '/graphql' || request.method !== 'POST') {
      return sendJson(response, 404, { errors: [{ message: 'Not found' }] });
    }
    const authorization = String(request.headers.authorization ?? '');
    const user = users.find((u) => authorization === u.apiKey);
    if (!user) {
      const refused = userError(
        'Authentication required, not authenticated',
        'AUTHENTICATION_ERROR',
        'authentication error',
      );
      return sendJson(response, 400, { errors: [refused.toJSON()] });
    }
    const body = request.json as { query?: unknown; variables?: unknown } | undefined;
    const checked = checkLinearDocument(typeof body?.query === 'string' ? body.query : '');
    if ('problems' in checked) {
      linear.problems.push(...checked.problems);
      const errors = checked.problems.map((message) => ({
        message,
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', type: 'graphql error', userError: true },
      }));
      return sendJson(response, 400, { errors });
    }
    const result = await execute({
      schema: linearSchema(),
      document: checked.document,
      rootValue: root(linear, user),
      variableValues: (body?.variables ?? {}) as Record<string, unknown>,
    });
    const errors = result.errors ?? [];
    for (const error of errors) {
      if (error.extensions.userError !== true) linear.problems.push(error.message);
    }
    sendJson(response, errors.length > 0 && !result.data ? 400 : 200, result);
  });
  return linear;
}

type Args = Record<string, unknown>;

/** The query and mutation fields, over the double's data. */
function root(linear: FakeLinear, user: LinearUser) {
  const teamOf = (key: string) => linear.teams.find((t) => t.key === key);
  const stateOf = (issue: LinearIssue) =>
    teamOf(issue.teamKey)?.states.find((s) => s.name === issue.stateName) ?? {
      id: 'unknown',
      name: issue.stateName,
      type: 'unstarted',
      position: 99,
    };
  const stateNamed = (issue: LinearIssue, name: string) =>
    teamOf(issue.teamKey)?.states.find((s) => s.name === name) ?? stateOf({ ...issue, stateName: name });
  const page = <T>(all: T[], args: Args) => connection(all, args, linear.maxPageSize);
  const teamJson = (team: LinearTeam) => ({ ...team, states: (args: Args) => page(team.states, args) });
  const issueJson = (issue: LinearIssue) => ({
    id: issue.id,
    identifier: issue.identifier,
    number: issue.number,
    title: issue.title,
    description: issue.description,
    url: `https://linear.app/handoff-test/issue/${issue.identifier.toLowerCase()}`,
    state: stateOf(issue),
    project: issue.project,
    team: teamJson(teamOf(issue.teamKey)!),
    history: (args: Args) =>
      page(
        linear.history
          .filter((change) => change.issueId === issue.id)
          .map((change) => ({
            id: change.id,
            createdAt: change.createdAt,
            actor: { id: change.actor, name: change.actor, email: '' },
            fromState: stateNamed(issue, change.from),
            toState: stateNamed(issue, change.to),
          })),
        args,
      ),
    comments: (args: Args) =>
      page(
        linear.comments.filter(
          (comment) =>
            comment.issueId === issue.id &&
            matches({ body: comment.body }, (args.filter ?? {}) as Args, linear.problems),
        ),
        args,
      ),
  });
  const findIssue = (id: unknown) => {
    const issue = linear.issues.find((i) => i.id === id || i.identifier === id);
    if (!issue) throw userError('Entity not found: Issue', 'INPUT_ERROR', 'invalid input');
    return issue;
  };
  const filterView = (issue: LinearIssue) => ({
    number: issue.number,
    team: { key: issue.teamKey },
    state: stateOf(issue),
    cycle: { isActive: issue.inActiveCycle, id: issue.cycleId },
  });
  return {
    viewer: () => ({ id: user.id, name: user.name, email: user.email }),
    teams: (args: Args) =>
      page(
        linear.teams
          .filter((team) => matches(team, (args.filter ?? {}) as Args, linear.problems))
          .map(teamJson),
        args,
      ),
    issues: (args: Args) =>
      page(
        linear.issues
          .filter((issue) => matches(filterView(issue), (args.filter ?? {}) as Args, linear.problems))
          .map(issueJson),
        args,
      ),
    cycles: (args: Args) =>
      page(
        linear.cycles
          .map((cycle) => ({ ...cycle, team: { key: cycle.teamKey } }))
          .filter((cycle) => matches(cycle, (args.filter ?? {}) as Args, linear.problems))
          .map(({ team: _team, teamKey: _teamKey, ...cycle }) => cycle),
        args,
      ),
    issue: (args: Args) => issueJson(findIssue(args.id)),
    workflowStates: (args: Args) =>
      page(
        linear.teams
          .flatMap((team) => team.states.map((state) => ({ ...state, team: { key: team.key } })))
          .filter((state) => matches(state, (args.filter ?? {}) as Args, linear.problems)),
        args,
      ),
    commentCreate: (args: Args) => {
      const input = args.input as { issueId?: string; body?: string };
      const issue = findIssue(input.issueId);
      const comment = { id: randomUUID(), issueId: issue.id, body: input.body ?? '', author: user.name };
      linear.comments.push(comment);
      return { success: true, comment: { id: comment.id } };
    },
    issueUpdate: (args: Args) => {
      const issue = findIssue(args.id);
      const stateId = (args.input as { stateId?: string }).stateId;
      const state = teamOf(issue.teamKey)?.states.find((s) => s.id === stateId);
      if (!state) throw userError('Entity not found: WorkflowState', 'INPUT_ERROR', 'invalid input');
      linear.moveIssue(issue.identifier, state.name, user.name);
      return { success: true, issue: issueJson(issue) };
    },
  };
}

/** A Relay connection of one page: `first` (Linear's default 50, at most `max`) nodes after the cursor. */
function connection<T>(all: T[], args: Args, max: number) {
  const first = typeof args.first === 'number' ? args.first : 50;
  if (first < 0 || first > 250) throw new GraphQLError('first must be between 0 and 250');
  const start = typeof args.after === 'string' ? Number(Buffer.from(args.after, 'base64url').toString()) : 0;
  const nodes = all.slice(start, start + Math.min(first, max));
  const end = start + nodes.length;
  return {
    nodes,
    pageInfo: { hasNextPage: end < all.length, endCursor: Buffer.from(String(end)).toString('base64url') },
  };
}

/**
 * Whether an entity matches a Linear filter: `and` / `or` lists, a relation's own filter, or a comparator
 * (`eq`, `neq`, `in`, `nin`, `contains`) on a field. A comparator the double does not know is a problem.
 */
function matches(entity: object, filter: Args, problems: string[]): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    if (field === 'and') return (condition as Args[]).every((f) => matches(entity, f, problems));
    if (field === 'or') return (condition as Args[]).some((f) => matches(entity, f, problems));
    const value = (entity as Args)[field];
    if (value !== null && typeof value === 'object') return matches(value, condition as Args, problems);
    return Object.entries(condition as Args).every(([op, operand]) => {
      switch (op) {
        case 'eq':
          return value === operand;
        case 'neq':
          return value !== operand;
        case 'in':
          return (operand as unknown[]).includes(value);
        case 'nin':
          return !(operand as unknown[]).includes(value);
        case 'contains':
          return String(value).includes(String(operand));
        default:
          problems.push(`the double does not know the comparator ${field}.${op}`);
          return false;
      }
    });
  });
}
