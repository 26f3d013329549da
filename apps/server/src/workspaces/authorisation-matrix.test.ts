// Every product route × {owner, member, removed member, stranger, stranger naming the team's workspace}:
// the answer each must get. The routes come from /openapi.json, so a new route without a row fails here.
// No answer to a stranger or a removed member mentions the team's projects or people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../testing/multipart.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { type Caller, callAs, invitationToken, inviteAndJoin } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

type Role = 'owner' | 'member' | 'removed' | 'stranger' | 'intruder';
/** Stranger and removed member run first, the owner last: an owner's delete or removal ends the row. */
const ROLES: Role[] = ['intruder', 'stranger', 'removed', 'member', 'owner'];
type Account = Caller & { email: string; apikey: string };

interface Cell {
  /** The project this row acts on (created fresh for the row in the team's workspace). */
  projectKey: string;
  /** A member of the team created for the row (for the member management routes). */
  target: Account;
  caller: Account;
}
interface Row {
  expect: Record<Role, number>;
  /** Builds the request; JSON by default. */
  request: (cell: Cell) => Promise<{
    method?: 'GET' | 'POST';
    url?: string;
    body?: object;
    headers?: Record<string, string>;
    payload?: Buffer;
  }>;
  /** The row needs a fresh team member as target. */
  needsTarget?: boolean;
}

/** A PNG's signature and a few bytes: a logo the server takes. */
const PNG_LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]).toString('base64');
/** In the name of every team project: no outsider's answer may contain it. */
const TEAM_SECRET = 'Confidential team project';
let t: TestApp;
let owner: Account;
let member: Account;
let removed: Account;
let stranger: Account;
let teamWorkspace: string;
let counter = 0;

async function account(prefix: string): Promise<Account> {
  counter += 1;
  const email = `${prefix}-${counter}@matrix.example`;
  const apikey = `${prefix}-${counter}-jira`;
  return {
    ...(await signUpAndSignIn(t.app, { email, password: `${prefix}-password`, apikey })),
    email,
    apikey,
  };
}

const all = (status: number): Record<Role, number> => ({
  owner: status,
  member: status,
  removed: status,
  stranger: status,
  intruder: status,
});
/** A call on the team's project that members may make; the stranger has no such project (404). */
const teamProjectCall = { owner: 200, member: 200, removed: 403, stranger: 404, intruder: 403 };
/** A change to the team's project that only owners may make. */
const ownersProjectChange = { owner: 200, member: 403, removed: 403, stranger: 404, intruder: 403 };
/** A call about the caller's current workspace: the stranger's own one answers too. */
const currentWorkspaceCall = { owner: 200, member: 200, removed: 403, stranger: 200, intruder: 403 };
const userIdBody = async ({ caller }: Cell) => ({ body: { userId: caller.userId } });
/** Gives the team's workspace and the stranger's own a logo before the call. */
const withLogos = async ({ caller }: Cell) => {
  for (const account of [owner, stranger]) {
    await callAs(t.app, account, '/jira/setWorkspaceLogo', { userId: account.userId, image: PNG_LOGO });
  }
  return { body: { userId: caller.userId } };
};
const projectBody = async ({ caller, projectKey }: Cell) => ({ body: { userId: caller.userId, projectKey } });

// Expected answers. Account-level routes (own profile, own Jira, own workspace list) work for everyone
// and ignore X-Workspace-Id; workspace routes refuse the removed member (403) and the intruder (403), and
// a stranger acting in their own workspace finds no such project (404) or gets their own data (200).
const rows: Record<string, Row> = {
  'POST /jira/get-user-by-email': {
    expect: all(200),
    request: async ({ caller }) => ({ body: { email: caller.email } }),
  },
  'POST /jira/logout': {
    // Public: the refresh token is the credential. An unknown one ends nothing (the callers' sessions go on).
    expect: all(200),
    request: async () => ({ body: { refreshToken: 'no-such-refresh-token' } }),
  },
  'POST /jira/getAllProjects': {
    expect: all(200),
    request: async ({ caller }) => ({ body: { email: caller.email } }),
  },
  'POST /jira/updateApiKey': {
    expect: all(200),
    request: async ({ caller }) => ({ body: { apikey: caller.apikey } }),
  },
  'POST /jira/updateName': {
    // One's own name, in no workspace: every signed-in caller may set it.
    expect: all(200),
    request: async () => ({ body: { name: 'A. Caller' } }),
  },
  'POST /jira/getProjectStatuses': {
    expect: teamProjectCall,
    request: projectBody,
  },
  'POST /jira/sites/list': {
    expect: currentWorkspaceCall,
    request: userIdBody,
  },
  'POST /jira/sites/add': {
    // Admitted callers reach the site check, which finds nothing at this address (400).
    expect: { owner: 400, member: 403, removed: 403, stranger: 400, intruder: 403 },
    request: async ({ caller }) => ({
      body: {
        userId: caller.userId,
        name: 'Nowhere',
        kind: 'jira-datacenter',
        baseUrl: 'http://127.0.0.1:9/jira',
      },
    }),
  },
  'POST /jira/sites/remove': {
    expect: { owner: 404, member: 403, removed: 403, stranger: 404, intruder: 403 },
    request: async ({ caller }) => ({
      body: { userId: caller.userId, siteId: '00000000-0000-4000-8000-000000000000' },
    }),
  },
  'POST /jira/sites/setCredential': {
    expect: currentWorkspaceCall,
    request: async ({ caller }) => ({
      body: { userId: caller.userId, siteId: 'default', token: caller.apikey },
    }),
  },
  'POST /jira/getWorkspaces': {
    expect: all(200),
    request: userIdBody,
  },
  'POST /jira/switchWorkspace': {
    expect: { owner: 200, member: 200, removed: 404, stranger: 404, intruder: 404 },
    request: async ({ caller }) => ({ body: { userId: caller.userId, workspaceId: teamWorkspace } }),
  },
  // The invitation page: public, by the link's token alone (a made-up one is "unknown" to everyone).
  'POST /jira/getInvitation': {
    expect: all(200),
    request: async () => ({ body: { token: 'C'.repeat(43) } }),
  },
  'POST /jira/joinWorkspace': {
    // An invitation for another address: refused for everyone, and it stays valid.
    expect: all(403),
    request: async ({ caller }) => {
      const email = `invitee-${++counter}@matrix.example`;
      await callAs(t.app, owner, '/jira/inviteMember', { userId: owner.userId, email });
      return { body: { userId: caller.userId, token: await invitationToken(t.db, email) } };
    },
  },
  'POST /jira/getFirebaseProjects': {
    expect: currentWorkspaceCall,
    request: userIdBody,
  },
  'POST /jira/getFirebaseProjectByKey': {
    expect: teamProjectCall,
    request: projectBody,
  },
  'POST /jira/addProject': {
    // The stranger adds the same key to their own workspace: keys are unique per workspace.
    expect: { owner: 409, member: 403, removed: 403, stranger: 200, intruder: 403 },
    request: async ({ caller, projectKey }) => ({
      body: {
        userId: caller.userId,
        projectKey,
        projectName: 'Anything',
        clientEmails: ['client@matrix.example'],
      },
    }),
  },
  'POST /jira/updateFirebaseProject': {
    expect: ownersProjectChange,
    request: async ({ caller, projectKey }) => ({
      body: {
        userId: caller.userId,
        projectKey,
        updatedProject: { clientEmails: [`changed-${++counter}@matrix.example`] },
      },
    }),
  },
  'POST /jira/deleteFirebaseProject': {
    expect: ownersProjectChange,
    request: projectBody,
  },
  'POST /jira/getProjectSends': {
    expect: teamProjectCall,
    request: projectBody,
  },
  'POST /jira/sendDownloadedIssues': {
    expect: teamProjectCall,
    request: async ({ projectKey }) => {
      const form = await multipartBody([
        ['subject', 'Request for Testing'],
        ['text', 'Dear customer'],
        ['to', 'client@matrix.example'],
        ['projectKey', projectKey],
        ['issueKeys', ''],
      ]);
      return { headers: form.headers, payload: form.payload };
    },
  },
  'GET /jira/getProjectIssues': {
    // A tracker call with the caller's own Jira token (their Jira permissions apply), in a workspace they
    // belong to: the stranger reads their own Jira, nothing of the team's.
    expect: currentWorkspaceCall,
    request: async ({ caller }) => ({
      method: 'GET',
      url: '/jira/getProjectIssues?projectKey=DEMO&status=Done',
      headers: { email: caller.email },
    }),
  },
  'GET /jira/getProjectReleases': {
    // As getProjectIssues: the caller's own tracker credential, in a workspace they belong to.
    expect: currentWorkspaceCall,
    request: async ({ caller }) => ({
      method: 'GET',
      url: '/jira/getProjectReleases?projectKey=DEMO',
      headers: { email: caller.email },
    }),
  },
  // The client's review: the public calls answer the token alone, so a made-up token gets everyone the
  // same 404 (an account or a workspace opens nothing).
  'POST /jira/review/getNotice': {
    expect: all(404),
    request: async () => ({ body: { token: 'B'.repeat(43) } }),
  },
  // Why a link is closed: a made-up token is "unknown" to everyone, with no workspace.
  'POST /jira/review/getLinkState': {
    expect: all(200),
    request: async () => ({ body: { token: 'B'.repeat(43) } }),
  },
  'POST /jira/review/submitVerdicts': {
    expect: all(404),
    request: async () => ({
      body: { token: 'B'.repeat(43), verdicts: [{ key: 'DEMO-1', verdict: 'failed' }] },
    }),
  },
  'POST /jira/review/signOff': {
    expect: all(404),
    request: async () => ({ body: { token: 'B'.repeat(43), reviewer: 'Ann Client' } }),
  },
  'POST /jira/review/revokeLink': {
    expect: teamProjectCall,
    request: async ({ caller, projectKey }) => ({
      body: { userId: caller.userId, projectKey, sendId: await sendNotice(projectKey) },
    }),
  },
  'POST /jira/review/getSummaries': {
    expect: currentWorkspaceCall,
    request: userIdBody,
  },
  'POST /jira/offerAgain': {
    expect: teamProjectCall,
    request: async ({ caller, projectKey }) => {
      // A send's keys carry the project's key as their prefix.
      await sendNotice(projectKey, `${projectKey}-1`, true);
      return { body: { userId: caller.userId, projectKey, issueKey: `${projectKey}-1` } };
    },
  },
  'POST /jira/review/getSettings': {
    expect: teamProjectCall,
    request: projectBody,
  },
  'POST /jira/review/setSettings': {
    expect: ownersProjectChange,
    request: async ({ caller, projectKey }) => ({
      body: { userId: caller.userId, projectKey, reminderDays: 2, testEnvironment: 'staging' },
    }),
  },
  'POST /jira/review/getStatus': {
    expect: teamProjectCall,
    request: projectBody,
  },
  'POST /jira/review/getTransitions': {
    expect: teamProjectCall,
    request: projectBody,
  },
  'POST /jira/review/setTransitions': {
    expect: ownersProjectChange,
    request: async ({ caller, projectKey }) => ({
      body: {
        userId: caller.userId,
        projectKey,
        onFailed: { id: '21', name: 'In Progress' },
        onPassed: null,
      },
    }),
  },
  'POST /jira/getTeam': {
    expect: currentWorkspaceCall,
    request: userIdBody,
  },
  'POST /jira/inviteMember': {
    expect: { owner: 200, member: 403, removed: 403, stranger: 200, intruder: 403 },
    request: async ({ caller }) => ({
      body: { userId: caller.userId, email: `new-${++counter}@matrix.example` },
    }),
  },
  'POST /jira/revokeInvitation': {
    // A fresh invitation of the team's for each caller; the stranger's own workspace has no such one (404).
    expect: { owner: 200, member: 403, removed: 403, stranger: 404, intruder: 403 },
    request: async ({ caller }) => {
      const email = `revoked-${++counter}@matrix.example`;
      await callAs(t.app, owner, '/jira/inviteMember', { userId: owner.userId, email });
      const team = (await callAs(t.app, owner, '/jira/getTeam', { userId: owner.userId })).json();
      const invite = team.data.invites.find((row: { email: string }) => row.email === email);
      return { body: { userId: caller.userId, inviteId: invite.id } };
    },
  },
  'POST /jira/removeMember': {
    needsTarget: true,
    expect: ownersProjectChange,
    request: async ({ caller, target }) => ({ body: { userId: caller.userId, memberId: target.userId } }),
  },
  'POST /jira/setMemberRole': {
    needsTarget: true,
    expect: ownersProjectChange,
    request: async ({ caller, target }) => ({
      body: { userId: caller.userId, memberId: target.userId, role: 'owner' },
    }),
  },
  'POST /jira/renameWorkspace': {
    expect: { owner: 200, member: 403, removed: 403, stranger: 200, intruder: 403 },
    request: async ({ caller }) => ({ body: { userId: caller.userId, name: `Team ${++counter}` } }),
  },
  'POST /jira/setWorkspaceLogo': {
    expect: { owner: 200, member: 403, removed: 403, stranger: 200, intruder: 403 },
    request: async ({ caller }) => ({ body: { userId: caller.userId, image: PNG_LOGO } }),
  },
  'POST /jira/removeWorkspaceLogo': {
    // The team's workspace (and the stranger's own) has a logo for each caller.
    expect: { owner: 200, member: 403, removed: 403, stranger: 200, intruder: 403 },
    request: withLogos,
  },
  'POST /jira/getWorkspaceLogo': {
    expect: { owner: 200, member: 200, removed: 403, stranger: 200, intruder: 403 },
    request: withLogos,
  },
  'POST /jira/getNotifications': {
    expect: currentWorkspaceCall,
    request: userIdBody,
  },
  'POST /jira/markNotificationsSeen': {
    expect: currentWorkspaceCall,
    request: async ({ caller }) => ({ body: { userId: caller.userId, asOf: new Date().toISOString() } }),
  },
};

/** The owner sends a notice (no stories) of the project; returns its send id (it has a review link). */
async function sendNotice(projectKey: string, issueKeys = '', sentBefore = false): Promise<string> {
  const form = await multipartBody([
    ['subject', 'Request for Testing'],
    ['text', 'Dear customer'],
    ['to', 'client@matrix.example'],
    ['projectKey', projectKey],
    ['issueKeys', issueKeys],
  ]);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { authorization: `Bearer ${owner.idToken}`, ...form.headers },
    payload: form.payload,
  });
  // 409: the story was sent for an earlier caller's cell.
  if (sentBefore && sent.statusCode === 409) return '';
  expect(sent.statusCode).toBe(200);
  return sent.json().data.sendId;
}

async function productRoutes(): Promise<string[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/jira/') && path !== '/jira/register')
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await account('owner');
  member = await account('member');
  removed = await account('removed');
  stranger = await account('stranger');
  teamWorkspace = (await callAs(t.app, owner, '/jira/getWorkspaces', { userId: owner.userId })).json().data
    .current;
  await inviteAndJoin(t.app, owner, member);
  await inviteAndJoin(t.app, owner, removed);
  const gone = await callAs(t.app, owner, '/jira/removeMember', {
    userId: owner.userId,
    memberId: removed.userId,
  });
  expect(gone.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the authorisation matrix', () => {
  it('has a row for every product route in /openapi.json', async () => {
    expect((await productRoutes()).sort()).toEqual(Object.keys(rows).sort());
  });

  it('gives every route × caller the expected answer, and no stranger anything of the team', async () => {
    const unexpected: string[] = [];
    const callers: Record<Role, Account> = { owner, member, removed, stranger, intruder: stranger };
    for (const route of await productRoutes()) {
      const row = rows[route];
      if (!row) continue; // the first test names it
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const projectKey = `TEAM${++counter}`;
      const added = await callAs(t.app, owner, '/jira/addProject', {
        userId: owner.userId,
        projectKey,
        projectName: `${TEAM_SECRET} ${projectKey}`,
        clientEmails: ['client@matrix.example'],
      });
      expect(added.statusCode).toBe(200);
      const target = row.needsTarget ? await account('target') : member;
      if (row.needsTarget) await inviteAndJoin(t.app, owner, target);
      for (const role of ROLES) {
        const caller = callers[role];
        const built = await row.request({ projectKey, target, caller });
        const response = await t.app.inject({
          method: built.method ?? method,
          url: built.url ?? path,
          headers: {
            authorization: `Bearer ${caller.idToken}`,
            ...(role === 'intruder' ? { 'x-workspace-id': teamWorkspace } : {}),
            ...built.headers,
          },
          ...(built.payload ? { payload: built.payload } : { payload: built.body ?? {} }),
        });
        const expected = row.expect[role];
        if (response.statusCode !== expected) {
          unexpected.push(
            `${route} as ${role}: ${response.statusCode} (expected ${expected}) ${response.body}`,
          );
        }
        const outsider = role === 'stranger' || role === 'intruder' || role === 'removed';
        if (
          outsider &&
          (response.body.includes(TEAM_SECRET) ||
            response.body.includes(owner.email) ||
            response.body.includes(member.email))
        ) {
          unexpected.push(`${route} as ${role} tells something of the team: ${response.body}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });
});
