import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../testing/multipart.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { type Caller, callAs, invitationToken, inviteAndJoin } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { admitToWorkspace } from './workspaces.service.ts';

let t: TestApp;
type Account = Caller & { email: string };
let counter = 0;

async function account(prefix: string): Promise<Account> {
  counter += 1;
  const email = `${prefix}-${counter}@example.test`;
  const signedIn = await signUpAndSignIn(t.app, {
    email,
    password: `${prefix}-password`,
    apikey: `${prefix}-jira`,
  });
  return { ...signedIn, email };
}

async function addProject(owner: Account, projectKey: string) {
  const response = await callAs(t.app, owner, '/jira/addProject', {
    userId: owner.userId,
    projectKey,
    projectName: `Project ${projectKey}`,
    clientEmails: ['client@example.test'],
  });
  expect(response.statusCode).toBe(200);
}

/** An owner with one project (SHOP) and a member who joined by invitation. */
async function team() {
  const owner = await account('owner');
  const member = await account('member');
  await addProject(owner, 'SHOP');
  await inviteAndJoin(t.app, owner, member);
  return { owner, member };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('workspaces', () => {
  it('gives every new account a workspace of its own, owned by it and current', async () => {
    const alice = await account('alice');
    const answer = (await callAs(t.app, alice, '/jira/getWorkspaces', { userId: alice.userId })).json();
    expect(answer.data.workspaces).toEqual([
      { id: answer.data.current, name: `${alice.email.split('@')[0]}'s team`, named: false, role: 'owner' },
    ]);
  });

  it('lets a project key exist once per workspace, and in several workspaces', async () => {
    const a = await account('a');
    const b = await account('b');
    await addProject(a, 'SAME');
    await addProject(b, 'SAME');
    const again = await callAs(t.app, a, '/jira/addProject', {
      userId: a.userId,
      projectKey: 'SAME',
      projectName: 'Again',
      clientEmails: ['client@example.test'],
    });
    expect(again.statusCode).toBe(409);
  });

  it('acts in the workspace named by X-Workspace-Id when the caller belongs to it, else refuses alike', async () => {
    const { owner, member } = await team();
    const own = (await callAs(t.app, member, '/jira/getWorkspaces', { userId: member.userId })).json().data;
    const personal = own.workspaces.find((w: { role: string }) => w.role === 'owner').id;
    expect(own.workspaces).toHaveLength(2);
    // Joining made the team's workspace current: its project is listed.
    const shared = await callAs(t.app, member, '/jira/getFirebaseProjects', { userId: member.userId });
    expect(shared.json().data.map((p: { projectKey: string }) => p.projectKey)).toEqual(['SHOP']);
    const inPersonal = await callAs(
      t.app,
      member,
      '/jira/getFirebaseProjects',
      { userId: member.userId },
      personal,
    );
    expect(inPersonal.json().data).toEqual([]);
    // The owner does not belong to the member's personal workspace; a made-up id is refused the same way.
    for (const id of [personal, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const refused = await callAs(t.app, owner, '/jira/getFirebaseProjects', { userId: owner.userId }, id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You are not a member of this workspace.');
    }
  });

  it('switches the current workspace to one the caller belongs to, and only to such', async () => {
    const { owner, member } = await team();
    const before = (await callAs(t.app, member, '/jira/getWorkspaces', { userId: member.userId })).json()
      .data;
    const personal = before.workspaces.find((w: { role: string }) => w.role === 'owner').id;
    const switched = await callAs(t.app, member, '/jira/switchWorkspace', {
      userId: member.userId,
      workspaceId: personal,
    });
    expect(switched.json().data.current).toBe(personal);
    const list = await callAs(t.app, member, '/jira/getFirebaseProjects', { userId: member.userId });
    expect(list.json().data).toEqual([]);
    const ownerPersonal = (await callAs(t.app, owner, '/jira/getWorkspaces', { userId: owner.userId })).json()
      .data.current;
    const refused = await callAs(t.app, owner, '/jira/switchWorkspace', {
      userId: owner.userId,
      workspaceId: personal,
    });
    expect(refused.statusCode).toBe(404);
    const unchanged = (await callAs(t.app, owner, '/jira/getWorkspaces', { userId: owner.userId })).json()
      .data;
    expect(unchanged.current).toBe(ownerPersonal);
  });
});

describe('members and roles', () => {
  it('lets members fetch, send and toggle auto-send, and only owners add, delete or change addresses', async () => {
    const { owner, member } = await team();
    const ref = { userId: member.userId, projectKey: 'SHOP' };
    expect((await callAs(t.app, member, '/jira/getFirebaseProjectByKey', ref)).statusCode).toBe(200);
    const add = await callAs(t.app, member, '/jira/addProject', {
      userId: member.userId,
      projectKey: 'NEW',
      projectName: 'New',
      clientEmails: ['client@example.test'],
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe('Only an owner of this workspace can do this.');
    expect((await callAs(t.app, member, '/jira/deleteFirebaseProject', ref)).statusCode).toBe(403);
    const readdress = await callAs(t.app, member, '/jira/updateFirebaseProject', {
      ...ref,
      updatedProject: { clientEmails: ['someone-else@example.test'] },
    });
    expect(readdress.statusCode).toBe(403);
    // The screens send the unchanged addresses with every update: that is no change.
    const toggle = await callAs(t.app, member, '/jira/updateFirebaseProject', {
      ...ref,
      updatedProject: { clientEmails: ['client@example.test'], clinetCC: [], autosend: true },
    });
    expect(toggle.statusCode).toBe(200);
    expect(toggle.json().data.autosendStatus.switchedOnBy).toBe(member.email);
    const ownerView = await callAs(t.app, owner, '/jira/getFirebaseProjects', { userId: owner.userId });
    expect(ownerView.json().data[0].autosendStatus.switchedOnBy).toBe(member.email);
    const readdressed = await callAs(t.app, owner, '/jira/updateFirebaseProject', {
      userId: owner.userId,
      projectKey: 'SHOP',
      updatedProject: { clientEmails: ['new@example.test'] },
    });
    expect(readdressed.statusCode).toBe(200);
  });

  it('shares one sent list and history: the owner sees who sent', async () => {
    const { owner, member } = await team();
    const claim = await callAs(t.app, member, '/jira/updateFirebaseProject', {
      userId: member.userId,
      projectKey: 'SHOP',
      updatedProject: { sentProjectIssuesList: ['SHOP-1'] },
    });
    expect(claim.statusCode).toBe(200);
    const form = await multipartBody([
      ['subject', 'Request for Testing'],
      ['text', 'Dear customer,\n\n- SHOP-1'],
      ['to', 'client@example.test'],
      ['projectKey', 'SHOP'],
      ['issueKeys', 'SHOP-1'],
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/jira/sendDownloadedIssues',
      headers: { authorization: `Bearer ${member.idToken}`, ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode).toBe(200);
    const project = await callAs(t.app, owner, '/jira/getFirebaseProjectByKey', {
      userId: owner.userId,
      projectKey: 'SHOP',
    });
    expect(project.json().data.sentProjectIssuesList).toEqual(['SHOP-1']);
    const history = await callAs(t.app, owner, '/jira/getProjectSends', {
      userId: owner.userId,
      projectKey: 'SHOP',
    });
    expect(history.json().data).toMatchObject([
      { status: 'sent', issueKeys: ['SHOP-1'], sentBy: member.email, sentByName: null },
    ]);
    // Once the member gives a name, the history names them by it (the address stays beside it).
    await callAs(t.app, member, '/jira/updateName', { name: 'Mia Member' });
    const named = await callAs(t.app, owner, '/jira/getProjectSends', {
      userId: owner.userId,
      projectKey: 'SHOP',
    });
    expect(named.json().data).toMatchObject([{ sentBy: member.email, sentByName: 'Mia Member' }]);
  });

  it("shows every member one project list: a member's change is in the owner's next list", async () => {
    const { owner, member } = await team();
    const list = async () =>
      (await callAs(t.app, owner, '/jira/getFirebaseProjects', { userId: owner.userId })).json().data;
    expect((await list())[0].autosend).toBe(false);
    const toggled = await callAs(t.app, member, '/jira/updateFirebaseProject', {
      userId: member.userId,
      projectKey: 'SHOP',
      updatedProject: { autosend: true },
    });
    expect(toggled.statusCode).toBe(200);
    expect((await list())[0]).toMatchObject({
      autosend: true,
      autosendStatus: { switchedOnBy: member.email },
    });
  });

  it('sends stories drafted by two members at once only once: the second send is refused with 409', async () => {
    const { owner, member } = await team();
    const draft = async (caller: Account) => {
      const claim = await callAs(t.app, caller, '/jira/updateFirebaseProject', {
        userId: caller.userId,
        projectKey: 'SHOP',
        updatedProject: { sentProjectIssuesList: ['SHOP-7'] },
      });
      expect(claim.statusCode).toBe(200);
    };
    const send = async (caller: Account) => {
      const form = await multipartBody([
        ['subject', 'Request for Testing'],
        ['text', 'Dear customer,\n\n- SHOP-7'],
        ['to', 'client@example.test'],
        ['projectKey', 'SHOP'],
        ['issueKeys', 'SHOP-7'],
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/jira/sendDownloadedIssues',
        headers: { authorization: `Bearer ${caller.idToken}`, ...form.headers },
        payload: form.payload,
      });
    };
    // Both draft SHOP-7 (the web's first step) before either sends.
    await draft(owner);
    await draft(member);
    const first = await send(owner);
    const second = await send(member);
    expect([first.statusCode, second.statusCode]).toEqual([200, 409]);
    const history = await callAs(t.app, owner, '/jira/getProjectSends', {
      userId: owner.userId,
      projectKey: 'SHOP',
    });
    expect(history.json().data.filter((row: { status: string }) => row.status === 'sent')).toHaveLength(1);
  });

  it('lists the members with their roles and the open invitations', async () => {
    const { owner, member } = await team();
    await callAs(t.app, owner, '/jira/inviteMember', { userId: owner.userId, email: 'Later@Example.test' });
    const answer = (await callAs(t.app, member, '/jira/getTeam', { userId: member.userId })).json().data;
    expect(answer.role).toBe('member');
    expect(answer.members).toEqual([
      { userId: owner.userId, email: owner.email, name: '', role: 'owner' },
      { userId: member.userId, email: member.email, name: '', role: 'member' },
    ]);
    expect(answer.invites).toEqual([
      { id: expect.any(String), email: 'later@example.test', expiresAt: expect.any(String) },
    ]);
    const byMember = await callAs(t.app, member, '/jira/inviteMember', {
      userId: member.userId,
      email: 'x@example.test',
    });
    expect(byMember.statusCode).toBe(403);
  });

  it("keeps an owner: the last one can't leave or be demoted; another owner can be made first", async () => {
    const { owner, member } = await team();
    const leave = await callAs(t.app, owner, '/jira/removeMember', {
      userId: owner.userId,
      memberId: owner.userId,
    });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe('A workspace needs an owner: make someone else an owner first.');
    const demote = await callAs(t.app, owner, '/jira/setMemberRole', {
      userId: owner.userId,
      memberId: owner.userId,
      role: 'member',
    });
    expect(demote.statusCode).toBe(409);
    const promote = await callAs(t.app, owner, '/jira/setMemberRole', {
      userId: owner.userId,
      memberId: member.userId,
      role: 'owner',
    });
    expect(promote.statusCode).toBe(200);
    const left = await callAs(t.app, owner, '/jira/removeMember', {
      userId: owner.userId,
      memberId: owner.userId,
    });
    expect(left.statusCode).toBe(200);
    // Leaving is not being removed: the owner goes on in their other workspace (their empty personal one).
    const list = await callAs(t.app, owner, '/jira/getFirebaseProjects', { userId: owner.userId });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
  });

  it("refuses a removed member's very next call, and stops the auto-send that used their token, saying why", async () => {
    const { owner, member } = await team();
    const on = await callAs(t.app, member, '/jira/updateFirebaseProject', {
      userId: member.userId,
      projectKey: 'SHOP',
      updatedProject: { autosend: true },
    });
    expect(on.statusCode).toBe(200);
    expect(
      (await callAs(t.app, member, '/jira/getFirebaseProjects', { userId: member.userId })).statusCode,
    ).toBe(200);
    const removed = await callAs(t.app, owner, '/jira/removeMember', {
      userId: owner.userId,
      memberId: member.userId,
    });
    expect(removed.statusCode).toBe(200);
    for (const url of [
      '/jira/getFirebaseProjects',
      '/jira/getFirebaseProjectByKey',
      '/jira/getProjectSends',
    ]) {
      const body = url === '/jira/getFirebaseProjects' ? {} : { projectKey: 'SHOP' };
      const refused = await callAs(t.app, member, url, { userId: member.userId, ...body });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(
        'You are no longer a member of this workspace. Choose another one in the Workspace list.',
      );
    }
    const project = (
      await callAs(t.app, owner, '/jira/getFirebaseProjectByKey', {
        userId: owner.userId,
        projectKey: 'SHOP',
      })
    ).json().data;
    expect(project.autosend).toBe(false);
    expect(project.autosendStatus.lastError).toBe(
      `Auto-send stopped: it used the token of ${member.email}, who has left the workspace. Switch it on again to use your own token.`,
    );
  });
});

describe('invitations', () => {
  it('e-mails a link to PUBLIC_URL/join/{token}, kept in the outbox without SMTP', async () => {
    const owner = await account('owner');
    await callAs(t.app, owner, '/jira/inviteMember', { userId: owner.userId, email: 'new@example.test' });
    const token = await invitationToken(t.db, 'new@example.test');
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await t.db
      .selectFrom('workspace_invites')
      .select('token_hash')
      .where('email', '=', 'new@example.test')
      .execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it('refuses a link opened by another account and keeps it valid for the invited one, once', async () => {
    const owner = await account('owner');
    const invited = await account('invited');
    const other = await account('other');
    await callAs(t.app, owner, '/jira/inviteMember', {
      userId: owner.userId,
      email: invited.email.toUpperCase(),
    });
    const token = await invitationToken(t.db, invited.email);
    const wrong = await callAs(t.app, other, '/jira/joinWorkspace', { userId: other.userId, token });
    expect(wrong.statusCode).toBe(403);
    const right = await callAs(t.app, invited, '/jira/joinWorkspace', { userId: invited.userId, token });
    expect(right.statusCode).toBe(200);
    const again = await callAs(t.app, invited, '/jira/joinWorkspace', { userId: invited.userId, token });
    expect(again.statusCode).toBe(410);
    const unknown = await callAs(t.app, invited, '/jira/joinWorkspace', {
      userId: invited.userId,
      token: 'nope',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a link older than 7 days', async () => {
    const owner = await account('owner');
    const invited = await account('late');
    await callAs(t.app, owner, '/jira/inviteMember', { userId: owner.userId, email: invited.email });
    const token = await invitationToken(t.db, invited.email);
    await t.db
      .updateTable('workspace_invites')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', invited.email)
      .execute();
    const expired = await callAs(t.app, invited, '/jira/joinWorkspace', { userId: invited.userId, token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This invitation link has expired. Ask for a new one.');
  });

  it('admits callers asked for together each to their own workspace (admissions are read in batches)', async () => {
    const { owner, member } = await team();
    const stranger = await account('stranger');
    const removed = await account('removed');
    await inviteAndJoin(t.app, owner, removed);
    const workspaceOf = async (caller: Account) =>
      (await callAs(t.app, caller, '/jira/getWorkspaces', { userId: caller.userId })).json().data.current;
    const shop = await workspaceOf(owner);
    const own = await workspaceOf(stranger);
    expect(
      (await callAs(t.app, owner, '/jira/removeMember', { userId: owner.userId, memberId: removed.userId }))
        .statusCode,
    ).toBe(200);
    const callers = [owner, member, stranger, removed];
    // Called directly, so that admissions asked for in one turn of the event loop meet in one batch.
    const admit = ([who, named]: [number, boolean]) =>
      admitToWorkspace(
        t.app.db,
        { id: callers[who]!.userId, email: callers[who]!.email },
        named ? shop : undefined,
      ).then(
        (membership) => `${membership.workspaceId} ${membership.role}`,
        (error: Error) => error.message,
      );
    const notMember = 'You are not a member of this workspace.';
    const expected = [
      [`${shop} owner`, `${shop} owner`],
      [`${shop} member`, `${shop} member`],
      [`${own} owner`, notMember],
      ['You are no longer a member of this workspace. Choose another one in the Workspace list.', notMember],
    ];
    for (const [who, answers] of expected.entries()) {
      expect([await admit([who, false]), await admit([who, true])]).toEqual(answers);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: callers.length - 1 }), fc.boolean()), {
          minLength: 2,
          maxLength: 24,
        }),
        async (calls) => {
          const together = await Promise.all(calls.map(admit));
          expect(together).toEqual(calls.map(([who, named]) => expected[who]![named ? 1 : 0]));
        },
      ),
      { numRuns: 25 },
    );
  });
});
