// The demo tracker's answers in the shapes of Atlassian's OpenAPI document (the tests check them against
// it): projects, issues with the fields asked for, statuses, users and comments.
import {
  DEMO_ISSUE_TYPES,
  DEMO_ISSUES,
  DEMO_PROJECTS,
  DEMO_STATUSES,
  DEMO_VERSIONS,
  type DemoEpic,
  type DemoIssue,
  type DemoProject,
  type DemoStatus,
  type DemoVersion,
} from './demo-data.ts';

const ISSUE_EXPAND = 'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations';
const PROJECT_EXPAND = 'description,lead,issueTypes,url,projectKeys,permissions,insight';

function avatarUrls(url: string) {
  const sep = url.includes('?') ? '&' : '?';
  return {
    '48x48': `${url}${sep}size=large`,
    '24x24': `${url}${sep}size=small`,
    '16x16': `${url}${sep}size=xsmall`,
    '32x32': `${url}${sep}size=medium`,
  };
}

export function projectJson(project: DemoProject, base: string) {
  return {
    expand: PROJECT_EXPAND,
    self: `${base}/rest/api/3/project/${project.id}`,
    id: project.id,
    key: project.key,
    name: project.name,
    avatarUrls: avatarUrls(`${base}/rest/api/3/universal_avatar/view/type/project/avatar/10400`),
    projectTypeKey: 'software' as const,
    simplified: false,
    style: 'classic' as const,
    isPrivate: false,
    properties: {},
  };
}

export function statusJson(status: DemoStatus, base: string) {
  return {
    self: `${base}/rest/api/3/status/${status.id}`,
    description: '',
    iconUrl: `${base}/images/icons/statuses/generic.png`,
    name: status.name,
    id: status.id,
    statusCategory: {
      self: `${base}/rest/api/3/statuscategory/${status.category.id}`,
      ...status.category,
    },
  };
}

/** A version as Jira Cloud's Version (GET /rest/api/3/project/{key}/versions, an issue's `fixVersions`). */
export function versionJson(version: DemoVersion, base: string) {
  const project = DEMO_PROJECTS.find((p) => p.key === version.projectKey) as DemoProject;
  return {
    self: `${base}/rest/api/3/version/${version.id}`,
    id: version.id,
    name: version.name,
    archived: false,
    released: version.released,
    releaseDate: version.releaseDate,
    projectId: Number(project.id),
  };
}

/** `*all` / `*navigable` fields, the ones an issue has. */
export const ALL_FIELDS = [
  'summary',
  'description',
  'status',
  'issuetype',
  'parent',
  'project',
  'fixVersions',
  'created',
  'updated',
];

/** An issue with the fields `wanted` (resolved names); no `fields` at all when none are. */
export function issueJson(issue: DemoIssue, base: string, wanted: Set<string>) {
  const project = DEMO_PROJECTS.find((p) => p.key === issue.projectKey) as DemoProject;
  const all: Record<string, unknown> = {
    summary: issue.summary,
    description: issue.description,
    status: statusJson(issue.status, base),
    issuetype: {
      self: `${base}/rest/api/3/issuetype/${issue.issueType.id}`,
      id: issue.issueType.id,
      description: issue.issueType.description,
      iconUrl: `${base}/images/icons/issuetypes/${issue.issueType.name.toLowerCase()}.svg`,
      name: issue.issueType.name,
      subtask: false,
      hierarchyLevel: issue.issueType.hierarchyLevel,
    },
    // Jira's `parent` of a story: its epic, with the epic's summary and issue type.
    parent: issue.epic ? parentJson(issue.epic, base) : undefined,
    project: { ...projectJson(project, base), expand: undefined },
    fixVersions: DEMO_VERSIONS.filter((v) => issue.fixVersions.includes(v.id)).map((v) =>
      versionJson(v, base),
    ),
    created: issue.created,
    updated: issue.created,
  };
  const fields: Record<string, unknown> = {};
  for (const name of wanted) if (name in all) fields[name] = all[name];
  return {
    expand: ISSUE_EXPAND,
    id: issue.id,
    self: `${base}/rest/api/3/issue/${issue.id}`,
    key: issue.key,
    ...(wanted.size > 0 ? { fields: JSON.parse(JSON.stringify(fields)) } : {}),
  };
}

/** A story's epic as Jira's `parent` field gives it. */
function parentJson(epic: DemoEpic, base: string) {
  const epicType = DEMO_ISSUE_TYPES.find((issueType) => issueType.name === 'Epic');
  return {
    id: epic.id,
    key: epic.key,
    self: `${base}/rest/api/3/issue/${epic.id}`,
    fields: {
      summary: epic.summary,
      status: statusJson(DEMO_STATUSES.find((status) => status.name === 'In Progress')!, base),
      issuetype: epicType
        ? {
            self: `${base}/rest/api/3/issuetype/${epicType.id}`,
            id: epicType.id,
            description: epicType.description,
            iconUrl: `${base}/images/icons/issuetypes/epic.svg`,
            name: epicType.name,
            subtask: false,
            hierarchyLevel: epicType.hierarchyLevel,
          }
        : undefined,
    },
  };
}

/** The account id the demo tracker gives a Handoff user. */
const accountIdOf = (userId: string) => `712020:${userId}`;

/** `GET /myself`: the signed-in account. */
export function myselfJson(caller: { userId: string; email: string }, base: string) {
  const accountId = accountIdOf(caller.userId);
  return {
    self: `${base}/rest/api/3/user?accountId=${encodeURIComponent(accountId)}`,
    accountId,
    accountType: 'atlassian',
    emailAddress: caller.email,
    avatarUrls: avatarUrls(`${base}/secure/useravatar?ownerId=${encodeURIComponent(accountId)}`),
    displayName: caller.email.split('@')[0] ?? caller.email,
    active: true,
    timeZone: 'Etc/UTC',
    locale: 'en_US',
  };
}

/** A stored comment with its author (whose account may be gone). */
export function commentJson(
  row: { id: string; issue_key: string; body: unknown; created_at: Date },
  author: { userId: string | null; email: string | null },
  base: string,
) {
  const issue = DEMO_ISSUES.find((candidate) => candidate.key === row.issue_key) as DemoIssue;
  const accountId = accountIdOf(author.userId ?? 'unknown');
  const user = {
    self: `${base}/rest/api/3/user?accountId=${encodeURIComponent(accountId)}`,
    accountId,
    ...(author.email ? { emailAddress: author.email } : {}),
    avatarUrls: avatarUrls(`${base}/secure/useravatar?ownerId=${encodeURIComponent(accountId)}`),
    displayName: author.email?.split('@')[0] ?? 'Former user',
    active: author.userId !== null,
    timeZone: 'Etc/UTC',
    accountType: 'atlassian',
  };
  const at = row.created_at.toISOString().replace('Z', '+0000');
  return {
    self: `${base}/rest/api/3/issue/${issue.id}/comment/${row.id}`,
    id: row.id,
    author: user,
    body: row.body,
    updateAuthor: user,
    created: at,
    updated: at,
    jsdPublic: true,
  };
}
