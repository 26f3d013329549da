// Invitations under control (main README, "Teams"): a workspace sends at most 50 an hour, owners revoke
// open ones, and joining or being removed ends every other open invitation of that address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { type Caller, callAs, invitationToken, inviteAndJoin } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
type Account = Caller & { email: string };
let counter = 0;

async function account(prefix: string, email = `${prefix}-${++counter}@invite.example`): Promise<Account> {
  const signedIn = await signUpAndSignIn(t.app, { email, password: `${prefix}-password`, apikey: 'jira' });
  return { ...signedIn, email };
}

const invite = (owner: Account, email: string) =>
  callAs(t.app, owner, '/jira/inviteMember', { userId: owner.userId, email });
const join = (caller: Account, token: string) =>
  callAs(t.app, caller, '/jira/joinWorkspace', { userId: caller.userId, token });
const openInvites = async (caller: Account) =>
  (await callAs(t.app, caller, '/jira/getTeam', { userId: caller.userId })).json().data.invites as Array<{
    id: string;
    email: string;
  }>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('invitations', () => {
  it('sends at most 50 invitations per workspace per hour (429 with Retry-After), counted per workspace', async () => {
    const owner = await account('busy');
    for (let i = 0; i < 50; i += 1) {
      expect((await invite(owner, `guest-${i}@invite.example`)).statusCode).toBe(200);
    }
    const over = await invite(owner, 'one-more@invite.example');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/50 invitations/);
    await expect(invitationToken(t.db, 'one-more@invite.example')).rejects.toThrow();
    // Another workspace has its own count.
    const other = await account('calm');
    expect((await invite(other, 'one-more@invite.example')).statusCode).toBe(200);
  });

  it('lists open invitations with an id; owners revoke one, and its link then answers as a used one (410)', async () => {
    const owner = await account('owner');
    const member = await account('member');
    await inviteAndJoin(t.app, owner, member);
    const guest = await account('guest');
    expect((await invite(owner, guest.email)).statusCode).toBe(200);
    const token = await invitationToken(t.db, guest.email);
    const [open] = await openInvites(owner);
    expect(open).toMatchObject({ email: guest.email, id: expect.any(String) });

    const byMember = await callAs(t.app, member, '/jira/revokeInvitation', {
      userId: member.userId,
      inviteId: open?.id,
    });
    expect(byMember.statusCode).toBe(403);
    const stranger = await account('stranger');
    const byStranger = await callAs(t.app, stranger, '/jira/revokeInvitation', {
      userId: stranger.userId,
      inviteId: open?.id,
    });
    expect(byStranger.statusCode).toBe(404);

    const revoked = await callAs(t.app, owner, '/jira/revokeInvitation', {
      userId: owner.userId,
      inviteId: open?.id,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await openInvites(owner)).toEqual([]);
    const used = await join(guest, token);
    expect(used.statusCode).toBe(410);
    expect(used.json().message).toBe('This invitation link has already been used.');
    const again = await callAs(t.app, owner, '/jira/revokeInvitation', {
      userId: owner.userId,
      inviteId: open?.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('tells the invitation page, without an account, the workspace, who invited which address, and whether it has an account', async () => {
    const owner = await account('host');
    const renamed = await callAs(t.app, owner, '/jira/renameWorkspace', {
      userId: owner.userId,
      name: 'Acme Studio',
    });
    expect(renamed.statusCode).toBe(200);
    const details = async (token: string) =>
      (await t.app.inject({ method: 'POST', url: '/jira/getInvitation', payload: { token } })).json().data;
    const newcomer = `newcomer-${++counter}@invite.example`;
    await invite(owner, newcomer);
    expect(await details(await invitationToken(t.db, newcomer))).toEqual({
      state: 'open',
      workspaceName: 'Acme Studio',
      inviterEmail: owner.email,
      inviterName: null,
      email: newcomer,
      hasAccount: false,
    });
    const guest = await account('guest');
    await invite(owner, guest.email);
    const token = await invitationToken(t.db, guest.email);
    expect(await details(token)).toMatchObject({ state: 'open', email: guest.email, hasAccount: true });
    expect((await join(guest, token)).statusCode).toBe(200);
    expect(await details(token)).toMatchObject({ state: 'used', workspaceName: 'Acme Studio' });
    expect(await details('A'.repeat(43))).toEqual({
      state: 'unknown',
      workspaceName: null,
      inviterEmail: null,
      inviterName: null,
      email: null,
      hasAccount: false,
    });
  });

  it('ends every other open invitation of the address when it joins', async () => {
    const owner = await account('owner');
    const guest = await account('guest');
    await invite(owner, guest.email);
    const first = await invitationToken(t.db, guest.email);
    await invite(owner, guest.email);
    const second = await invitationToken(t.db, guest.email);
    expect(first).not.toBe(second);
    expect((await join(guest, second)).statusCode).toBe(200);
    expect(await openInvites(owner)).toEqual([]);
    // Removed, the member can't come back through the first link.
    const removed = await callAs(t.app, owner, '/jira/removeMember', {
      userId: owner.userId,
      memberId: guest.userId,
    });
    expect(removed.statusCode).toBe(200);
    expect((await join(guest, first)).statusCode).toBe(410);
  });

  it("ends a removed member's open invitations", async () => {
    const owner = await account('owner');
    const guest = await account('guest');
    await inviteAndJoin(t.app, owner, guest);
    // An invitation still open for a member (one made before joining ended them all, say).
    await invite(owner, `spare-${guest.email}`);
    const spare = await invitationToken(t.db, `spare-${guest.email}`);
    await t.db
      .updateTable('workspace_invites')
      .set({ email: guest.email })
      .where('email', '=', `spare-${guest.email}`)
      .execute();
    const removed = await callAs(t.app, owner, '/jira/removeMember', {
      userId: owner.userId,
      memberId: guest.userId,
    });
    expect(removed.statusCode).toBe(200);
    expect(await openInvites(owner)).toEqual([]);
    expect((await join(guest, spare)).statusCode).toBe(410);
  });

  it('compares the invited address as every rule does: NFKC, then lower case', async () => {
    const owner = await account('owner');
    // U+212A KELVIN SIGN and full-width letters are the same address as their plain spelling.
    const guest = await account('kelvin', `kelvin-${++counter}@invite.example`);
    const lookAlike = `\u212Aelvin-${counter}@ｉnvite.example`;
    const invited = await invite(owner, lookAlike);
    expect(invited.statusCode).toBe(200);
    expect((await join(guest, await invitationToken(t.db, guest.email))).statusCode).toBe(200);
    // Already a member, however it is spelt.
    expect((await invite(owner, lookAlike)).statusCode).toBe(409);
  });
});
