// Every GraphQL document the Linear adapter sends (https://linear.app/developers/graphql). Filters are written
// into the documents with variables only at their leaves, so `validate` checks every filter field against
// Linear's schema (linear-documents.test.ts, and the double on every request); a connection is read with
// `first`/`after` and its `pageInfo`.

const page = 'pageInfo { hasNextPage endCursor }';
const storyFields = 'identifier number title description url state { name } project { id name sortOrder }';

/** The site check: whose API key this is. */
export const viewerQuery = /* GraphQL */ `
  query HandoffViewer {
    viewer { id name email }
  }
`;

/** A page of the teams the key can read (Handoff's projects). */
export const teamsQuery = /* GraphQL */ `
  query HandoffTeams($first: Int!, $after: String) {
    teams(first: $first, after: $after) {
      nodes { id key name }
      ${page}
    }
  }
`;

/** A page of a team's own workflow states (the `Statuses offered`, and where Failed may move an issue). */
export const teamStatesQuery = /* GraphQL */ `
  query HandoffTeamStates($team: String!, $first: Int!, $after: String) {
    workflowStates(first: $first, after: $after, filter: { team: { key: { eq: $team } } }) {
      nodes { id name type position }
      ${page}
    }
  }
`;

/**
 * A page of a team's cycles: Handoff's releases on Linear (a cycle is the team's unit of delivery; project
 * milestones span teams and have no release state). Completed ones are released.
 */
export const teamCyclesQuery = /* GraphQL */ `
  query HandoffTeamCycles($team: String!, $first: Int!, $after: String) {
    cycles(first: $first, after: $after, filter: { team: { key: { eq: $team } } }) {
      nodes { id number name startsAt endsAt completedAt isActive }
      ${page}
    }
  }
`;

/** Which filters a stories document holds besides the team's. */
export interface StoriesShape {
  /** `number in $numbers`: the keys a notice names (`ENG-12` is team ENG, number 12). */
  keys: boolean;
  /** State type `completed`, or one of `$states` (the states the project offers). */
  states: boolean;
  /** Only issues of the team's active cycle (Linear's sprint). */
  currentCycle: boolean;
  /** Only issues of the cycle `$cycle` (a release). */
  cycle?: boolean;
}

/** A page of a team's issues, filtered as the shape says. */
export function storiesDocument(shape: StoriesShape): string {
  const variables = ['$team: String!', '$first: Int!', '$after: String'];
  const filters = ['team: { key: { eq: $team } }'];
  if (shape.keys) {
    variables.push('$numbers: [Float!]!');
    filters.push('number: { in: $numbers }');
  }
  if (shape.states) {
    variables.push('$states: [String!]!');
    filters.push('state: { or: [{ type: { eq: "completed" } }, { name: { in: $states } }] }');
  }
  if (shape.currentCycle) filters.push('cycle: { isActive: { eq: true } }');
  if (shape.cycle) {
    variables.push('$cycle: ID!');
    filters.push('cycle: { id: { eq: $cycle } }');
  }
  return /* GraphQL */ `
    query HandoffStories(${variables.join(', ')}) {
      issues(first: $first, after: $after, filter: { ${filters.join(', ')} }) {
        nodes { ${storyFields} }
        ${page}
      }
    }
  `;
}

/** Every document the adapter may send, by name (each shape of the stories document included). */
export function allDocuments(): Record<string, string> {
  const all: Record<string, string> = {
    viewerQuery,
    teamsQuery,
    teamStatesQuery,
    teamCyclesQuery,
    issueHistoryQuery,
    markedCommentsQuery,
    commentCreateMutation,
    issueUpdateStateMutation,
  };
  all['storiesDocument({"keys":false,"states":false,"currentCycle":false,"cycle":true})'] = storiesDocument({
    keys: false,
    states: false,
    currentCycle: false,
    cycle: true,
  });
  for (const keys of [false, true]) {
    for (const states of [false, true]) {
      for (const currentCycle of [false, true]) {
        all[`storiesDocument(${JSON.stringify({ keys, states, currentCycle })})`] = storiesDocument({
          keys,
          states,
          currentCycle,
        });
      }
    }
  }
  return all;
}

/** A page of an issue's history: its state changes are the re-test signal. */
export const issueHistoryQuery = /* GraphQL */ `
  query HandoffIssueHistory($issue: String!, $first: Int!, $after: String) {
    issue(id: $issue) {
      identifier
      history(first: $first, after: $after) {
        nodes { id createdAt actor { name } fromState { name } toState { name } }
        ${page}
      }
    }
  }
`;

/** The comments of an issue holding a verdict's marker (a retry finds what an earlier attempt wrote). */
export const markedCommentsQuery = /* GraphQL */ `
  query HandoffMarkedComments($issue: String!, $marker: String!) {
    issue(id: $issue) {
      comments(first: 1, filter: { body: { contains: $marker } }) {
        nodes { id }
      }
    }
  }
`;

/** A verdict as a comment; `issueId` takes the identifier (`ENG-123`). */
export const commentCreateMutation = /* GraphQL */ `
  mutation HandoffCommentCreate($issue: String!, $body: String!) {
    commentCreate(input: { issueId: $issue, body: $body }) {
      success
      comment { id }
    }
  }
`;

/** Failed moves the issue to the workflow state the project chose. */
export const issueUpdateStateMutation = /* GraphQL */ `
  mutation HandoffMoveIssue($issue: String!, $state: String!) {
    issueUpdate(id: $issue, input: { stateId: $state }) {
      success
      issue { identifier state { name } }
    }
  }
`;
