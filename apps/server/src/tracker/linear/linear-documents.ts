// Every GraphQL document the Linear adapter sends (https://linear.app/developers/graphql). Filters are written
// into the documents with variables only at their leaves, so `validate` checks every filter field against
// Linear's schema (linear-documents.test.ts, and the double on every request); a connection is read with
// `first`/`after` and its `pageInfo`.

const page = 'pageInfo { hasNextPage endCursor }';
const storyFields = 'identifier title description url state { name }';

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

/** A team's own workflow states (the `Statuses offered`, and the states Failed may move an issue to). */
export const teamStatesQuery = /* GraphQL */ `
  query HandoffTeamStates($team: String!) {
    teams(first: 1, filter: { key: { eq: $team } }) {
      nodes { key states(first: 250) { nodes { id name type position } } }
    }
  }
`;

/** A page of a team's finished issues: state type `completed`, or one of the states the project offers. */
export const finishedIssuesQuery = /* GraphQL */ `
  query HandoffFinishedIssues($team: String!, $states: [String!]!, $first: Int!, $after: String) {
    issues(
      first: $first
      after: $after
      filter: {
        team: { key: { eq: $team } }
        state: { or: [{ type: { eq: "completed" } }, { name: { in: $states } }] }
      }
    ) {
      nodes { ${storyFields} }
      ${page}
    }
  }
`;

/** A page of a team's issues by number (the keys a notice names, `ENG-12` being team ENG, number 12). */
export const issuesByNumberQuery = /* GraphQL */ `
  query HandoffIssuesByNumber($team: String!, $numbers: [Float!]!, $first: Int!, $after: String) {
    issues(first: $first, after: $after, filter: { team: { key: { eq: $team } }, number: { in: $numbers } }) {
      nodes { ${storyFields} }
      ${page}
    }
  }
`;

/** One issue of a team (to list the states Failed may move to on the project's edit screen). */
export const anyIssueQuery = /* GraphQL */ `
  query HandoffAnyIssue($team: String!) {
    issues(first: 1, filter: { team: { key: { eq: $team } } }) {
      nodes { identifier }
    }
  }
`;

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

/** The workflow states of an issue's team, for moving the issue. */
export const issueStatesQuery = /* GraphQL */ `
  query HandoffIssueStates($issue: String!) {
    issue(id: $issue) {
      identifier
      team { states(first: 250) { nodes { id name type position } } }
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
