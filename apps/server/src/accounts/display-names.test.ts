// Display names: given at registration or on the profile, and shown instead of the address where staff
// (the team's members, the invitation page) or clients (the review page's sender) see a person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, signIn, uniqueEmail } from '../testing/sign-in.ts';
import { type Caller, callAs, invitationToken } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function account(name?: string): Promise<Caller & { email: string }> {
  const email = uniqueEmail('named');
  const registered = await t.app.inject({
    method: 'POST',
    url: '/jira/register',
    payload: { email, password: 'good-password', apikey: 'jira', ...(name === undefined ? {} : { name }) },
  });
  expect(registered.statusCode).toBe(200);
  const { idToken } = await signIn(t.app, email, 'good-password');
  const me = await callAs(t.app, { idToken, userId: '' }, '/jira/get-user-by-email', { email });
  return { idToken, userId: me.json().data.id, email: email.toLowerCase() };
}

const me = async (caller: Caller & { email: string }) =>
  (await callAs(t.app, caller, '/jira/get-user-by-email', { email: caller.email })).json().data;

describe('display names', () => {
  it('stores the name given at registration, trimmed, and answers it with the profile', async () => {
    const dana = await account('  Dana Reyes ');
    expect(await me(dana)).toMatchObject({ email: dana.email, name: 'Dana Reyes' });
    const plain = await registerAndSignIn(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/jira/get-user-by-email',
      headers: { authorization: plain.authorization },
      payload: { email: plain.email },
    });
    expect(answer.json().data.name).toBe('');
  });

  it('changes and clears the name on the profile, and refuses one that is too long or spans lines', async () => {
    const caller = await account();
    const set = await callAs(t.app, caller, '/jira/updateName', { name: ' Bea Kovacs ' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      status: 200,
      message: 'Your name has been saved.',
      data: { name: 'Bea Kovacs' },
    });
    expect((await me(caller)).name).toBe('Bea Kovacs');
    expect((await callAs(t.app, caller, '/jira/updateName', { name: 'x'.repeat(81) })).statusCode).toBe(400);
    expect((await callAs(t.app, caller, '/jira/updateName', { name: 'Bea\nKovacs' })).statusCode).toBe(400);
    expect((await me(caller)).name).toBe('Bea Kovacs');
    const cleared = await callAs(t.app, caller, '/jira/updateName', { name: '' });
    expect(cleared.json().message).toBe('Your name has been removed.');
    expect((await me(caller)).name).toBe('');
    expect(
      (await t.app.inject({ method: 'POST', url: '/jira/updateName', payload: { name: 'X' } })).statusCode,
    ).toBe(401);
  });

  it("names the team's members and the inviter, and says whether an owner named the workspace", async () => {
    const owner = await account('Olivia Owner');
    const team = async () =>
      (await callAs(t.app, owner, '/jira/getTeam', { userId: owner.userId })).json().data;
    const before = await team();
    // A new workspace is called after its owner's name, and counts as not named yet.
    expect(before.workspace).toMatchObject({ name: "Olivia Owner's team", named: false });
    expect(before.members).toEqual([
      { userId: owner.userId, email: owner.email, name: 'Olivia Owner', role: 'owner' },
    ]);
    await callAs(t.app, owner, '/jira/renameWorkspace', { userId: owner.userId, name: 'Acme Studio' });
    expect((await team()).workspace).toMatchObject({ name: 'Acme Studio', named: true });

    const guest = uniqueEmail('guest').toLowerCase();
    await callAs(t.app, owner, '/jira/inviteMember', { userId: owner.userId, email: guest });
    const token = await invitationToken(t.db, guest);
    const invitation = await t.app.inject({ method: 'POST', url: '/jira/getInvitation', payload: { token } });
    expect(invitation.json().data).toMatchObject({
      workspaceName: 'Acme Studio',
      inviterEmail: owner.email,
      inviterName: 'Olivia Owner',
      email: guest,
    });
  });
});
