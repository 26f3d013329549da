// The GitHub double's answers (fake-github.ts), in the shapes of GitHub's REST description
// (tracker/testdata/github-openapi-subset.json): every field its schemas require, with the values GitHub
// gives (URLs under the API's base, ids, node ids).

export interface GitHubUserRecord {
  login: string;
  id: number;
}

export interface GitHubIssueRecord {
  /** owner/repo */
  repo: string;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  state_reason: 'completed' | 'not_planned' | 'reopened' | null;
  labels: string[];
  /** A pull request: listed among the issues, as GitHub does. */
  pullRequest?: boolean;
  /** The title of its milestone (FakeGitHub.milestones). */
  milestone?: string;
  /** The milestone's number (1 when left out). */
  milestoneNumber?: number;
  /** The issue's type (GitHub's organisation issue types); left out: none. */
  type?: { id: number; name: string };
}

export interface GitHubMilestoneRecord {
  /** owner/repo */
  repo: string;
  number: number;
  title: string;
  state: 'open' | 'closed';
  dueOn?: string;
  closedAt?: string;
}

const AT = '2026-11-26T09:00:00Z';

function userJson(user: GitHubUserRecord, api: string, web: string) {
  const url = `${api}/users/${user.login}`;
  return {
    login: user.login,
    id: user.id,
    node_id: `U_${user.id}`,
    avatar_url: `${web}/avatars/${user.id}`,
    gravatar_id: '',
    url,
    html_url: `${web}/${user.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: 'User',
    site_admin: false,
  };
}

/** GET /user's answer for the token's owner (a private user: its own view). */
export function privateUserJson(user: GitHubUserRecord, api: string, web: string) {
  return {
    ...userJson(user, api, web),
    user_view_type: 'private',
    name: user.login,
    company: null,
    blog: '',
    location: null,
    email: null,
    hireable: null,
    bio: null,
    public_repos: 1,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: AT,
    updated_at: AT,
    private_gists: 0,
    total_private_repos: 1,
    owned_private_repos: 1,
    disk_usage: 10,
    collaborators: 0,
    two_factor_authentication: true,
  };
}

export function repoJson(fullName: string, id: number, owner: GitHubUserRecord, api: string, web: string) {
  const [, name] = fullName.split('/');
  const url = `${api}/repos/${fullName}`;
  const templated = (what: string, variable: string) => `${url}/${what}{/${variable}}`;
  return {
    id,
    node_id: `R_${id}`,
    name,
    full_name: fullName,
    owner: userJson(owner, api, web),
    private: true,
    html_url: `${web}/${fullName}`,
    description: null,
    fork: false,
    url,
    archive_url: `${url}/{archive_format}{/ref}`,
    assignees_url: templated('assignees', 'user'),
    blobs_url: templated('git/blobs', 'sha'),
    branches_url: templated('branches', 'branch'),
    collaborators_url: templated('collaborators', 'collaborator'),
    comments_url: templated('comments', 'number'),
    commits_url: templated('commits', 'sha'),
    compare_url: `${url}/compare/{base}...{head}`,
    contents_url: `${url}/contents/{+path}`,
    contributors_url: `${url}/contributors`,
    deployments_url: `${url}/deployments`,
    downloads_url: `${url}/downloads`,
    events_url: `${url}/events`,
    forks_url: `${url}/forks`,
    git_commits_url: templated('git/commits', 'sha'),
    git_refs_url: templated('git/refs', 'sha'),
    git_tags_url: templated('git/tags', 'sha'),
    git_url: `git://example.invalid/${fullName}.git`,
    issue_comment_url: templated('issues/comments', 'number'),
    issue_events_url: templated('issues/events', 'number'),
    issues_url: templated('issues', 'number'),
    keys_url: templated('keys', 'key_id'),
    labels_url: templated('labels', 'name'),
    languages_url: `${url}/languages`,
    merges_url: `${url}/merges`,
    milestones_url: templated('milestones', 'number'),
    notifications_url: `${url}/notifications{?since,all,participating}`,
    pulls_url: templated('pulls', 'number'),
    releases_url: templated('releases', 'id'),
    ssh_url: `git@example.invalid:${fullName}.git`,
    stargazers_url: `${url}/stargazers`,
    statuses_url: `${url}/statuses/{sha}`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    tags_url: `${url}/tags`,
    teams_url: `${url}/teams`,
    trees_url: templated('git/trees', 'sha'),
    clone_url: `${web}/${fullName}.git`,
    mirror_url: null,
    hooks_url: `${url}/hooks`,
    svn_url: `${web}/${fullName}`,
    homepage: null,
    language: null,
    forks_count: 0,
    forks: 0,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    size: 10,
    default_branch: 'main',
    open_issues_count: 0,
    open_issues: 0,
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: AT,
    created_at: AT,
    updated_at: AT,
    permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
  };
}

export function labelJson(repo: string, name: string, id: number, api: string) {
  return {
    id,
    node_id: `LA_${id}`,
    url: `${api}/repos/${repo}/labels/${encodeURIComponent(name)}`,
    name,
    description: null,
    color: 'ededed',
    default: false,
  };
}

export function issueJson(issue: GitHubIssueRecord, author: GitHubUserRecord, api: string, web: string) {
  const repoUrl = `${api}/repos/${issue.repo}`;
  const url = `${repoUrl}/issues/${issue.number}`;
  const kind = issue.pullRequest ? 'pull' : 'issues';
  return {
    id: 900_000 + issue.number,
    node_id: `I_${issue.number}`,
    url,
    repository_url: repoUrl,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${web}/${issue.repo}/${kind}/${issue.number}`,
    number: issue.number,
    state: issue.state,
    state_reason: issue.state_reason,
    title: issue.title,
    body: issue.body,
    user: userJson(author, api, web),
    labels: issue.labels.map((name, i) => labelJson(issue.repo, name, 700_000 + i, api)),
    assignee: null,
    assignees: [],
    milestone:
      issue.milestone === undefined
        ? null
        : milestoneJson(
            { repo: issue.repo, number: issue.milestoneNumber ?? 1, title: issue.milestone, state: 'open' },
            author,
            api,
            web,
          ),
    type: issue.type
      ? {
          ...issue.type,
          node_id: `IT_${issue.type.id}`,
          description: null,
          color: 'blue',
          created_at: AT,
          updated_at: AT,
          is_enabled: true,
        }
      : null,
    locked: false,
    comments: 0,
    closed_at: issue.state === 'closed' ? AT : null,
    created_at: AT,
    updated_at: AT,
    author_association: 'OWNER',
    ...(issue.pullRequest
      ? {
          pull_request: {
            url: `${repoUrl}/pulls/${issue.number}`,
            html_url: `${web}/${issue.repo}/pull/${issue.number}`,
            diff_url: `${web}/${issue.repo}/pull/${issue.number}.diff`,
            patch_url: `${web}/${issue.repo}/pull/${issue.number}.patch`,
            merged_at: null,
          },
        }
      : {}),
  };
}

export function milestoneJson(
  milestone: GitHubMilestoneRecord,
  author: GitHubUserRecord,
  api: string,
  web: string,
) {
  const url = `${api}/repos/${milestone.repo}/milestones/${milestone.number}`;
  return {
    url,
    html_url: `${web}/${milestone.repo}/milestone/${milestone.number}`,
    labels_url: `${url}/labels`,
    id: 900_000 + milestone.number,
    node_id: `MI_${milestone.number}`,
    number: milestone.number,
    state: milestone.state,
    title: milestone.title,
    description: null,
    creator: userJson(author, api, web),
    open_issues: 1,
    closed_issues: 0,
    created_at: AT,
    updated_at: AT,
    closed_at: milestone.closedAt ?? null,
    due_on: milestone.dueOn ?? null,
  };
}

export function commentJson(
  comment: { id: number; repo: string; number: number; body: string },
  author: GitHubUserRecord,
  api: string,
  web: string,
) {
  return {
    id: comment.id,
    node_id: `IC_${comment.id}`,
    url: `${api}/repos/${comment.repo}/issues/comments/${comment.id}`,
    html_url: `${web}/${comment.repo}/issues/${comment.number}#issuecomment-${comment.id}`,
    body: comment.body,
    user: userJson(author, api, web),
    created_at: AT,
    updated_at: AT,
    issue_url: `${api}/repos/${comment.repo}/issues/${comment.number}`,
    author_association: 'OWNER',
  };
}

/** A timeline event (closed, reopened, labeled), as GitHub's timeline lists it. */
export function eventJson(
  event: { id: number; repo: string; event: string; at: string; label?: string; stateReason?: string | null },
  actor: GitHubUserRecord,
  api: string,
  web: string,
) {
  return {
    id: event.id,
    node_id: `E_${event.id}`,
    url: `${api}/repos/${event.repo}/issues/events/${event.id}`,
    actor: userJson(actor, api, web),
    event: event.event,
    commit_id: null,
    commit_url: null,
    created_at: event.at,
    performed_via_github_app: null,
    ...(event.label !== undefined ? { label: { name: event.label, color: 'ededed' } } : {}),
    ...(event.stateReason !== undefined ? { state_reason: event.stateReason } : {}),
  };
}
