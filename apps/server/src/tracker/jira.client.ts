// A small Jira Cloud REST v3 client over fetch (https://developer.atlassian.com/cloud/jira/platform/rest/v3/):
// project search and the enhanced JQL search, every page followed (jira-search.ts); `myself` to check a
// token; an issue's comments and transitions (jira-issues.ts). Each call goes through jira-http.ts (the
// retry policy, schema checks) and fails with a TrackerError (jira-errors.ts).
import type { JiraUser, SearchIssue } from './jira.schemas.ts';
import { myselfSchema } from './jira.schemas.ts';
import { type JiraClientOptions, type JiraCredentials, JiraHttp, withDefaults } from './jira-http.ts';
import { addComment, listComments, listTransitions, transitionIssue } from './jira-issues.ts';
import { listProjects, type SearchOptions, searchIssues, type TrackerProject } from './jira-search.ts';

export class JiraClient {
  private readonly http: JiraHttp;

  constructor(options: JiraClientOptions) {
    this.http = new JiraHttp(withDefaults(options));
  }

  /** Every project the account can browse, following pages until Jira says it was the last. */
  listProjects(credentials: JiraCredentials): Promise<TrackerProject[]> {
    return listProjects(this.http, credentials);
  }

  /** Every issue matching the JQL, over every page, with only the fields asked for. */
  searchIssues(credentials: JiraCredentials, options: SearchOptions): Promise<SearchIssue[]> {
    return searchIssues(this.http, credentials, options);
  }

  /** The account behind the credentials; a refused token becomes a TrackerError. */
  async myself(credentials: JiraCredentials): Promise<JiraUser> {
    const { json } = await this.http.request({ path: '/rest/api/3/myself', method: 'GET', credentials });
    return this.http.parse(myselfSchema, json, 'account check');
  }

  /** The same client with some options changed (e.g. one attempt per call, for callers that retry durably). */
  withOptions(overrides: Partial<Omit<JiraClientOptions, 'endpoint'>>): JiraClient {
    return new JiraClient({ ...this.http.options, ...overrides });
  }

  /** Adds a comment (an ADF document) to an issue; returns the comment's id. */
  addComment(credentials: JiraCredentials, issueKey: string, body: object): Promise<{ id: string }> {
    return addComment(this.http, credentials, issueKey, body);
  }

  /** Every comment of an issue (id and ADF body), oldest first, over every page. */
  listComments(
    credentials: JiraCredentials,
    issueKey: string,
  ): Promise<Array<{ id: string; body?: unknown }>> {
    return listComments(this.http, credentials, issueKey);
  }

  /** The transitions Jira offers for an issue now. */
  listTransitions(
    credentials: JiraCredentials,
    issueKey: string,
  ): Promise<Array<{ id: string; name: string }>> {
    return listTransitions(this.http, credentials, issueKey);
  }

  /** Moves an issue through a transition (Jira answers 204). */
  transitionIssue(credentials: JiraCredentials, issueKey: string, transitionId: string): Promise<void> {
    return transitionIssue(this.http, credentials, issueKey, transitionId);
  }
}
