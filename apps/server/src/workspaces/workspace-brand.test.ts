// A workspace's name and logo: the default name, renaming and the logo by owners only, the logo's checks
// (type by its first bytes, size), and what a client's review page shows of the workspace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, roundHelpers } from '../testing/review-round.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { callAs, inviteAndJoin } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let owner: Member;
let member: Member;
let counter = 0;

async function account(prefix: string): Promise<Member> {
  counter += 1;
  const credentials = {
    email: `${prefix}-${counter}@brand.example`,
    password: `${prefix}-password`,
    apikey: `${prefix}-jira`,
  };
  return { ...(await signUpAndSignIn(t.app, credentials)), ...credentials };
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);
const base64 = (bytes: Buffer) => bytes.toString('base64');

const team = async (caller: Member) =>
  (await callAs(t.app, caller, '/jira/getTeam', { userId: caller.userId })).json().data;

beforeAll(async () => {
  t = await createTestApp();
  owner = await account('dana');
  member = await account('sam');
  await inviteAndJoin(t.app, owner, member);
});
afterAll(() => t.close());

describe("a workspace's name", () => {
  it('is "{the e-mail\'s first part}\'s team" for a new account', async () => {
    const fresh = await account('lee.park');
    expect((await team(fresh)).workspace).toMatchObject({
      name: `lee.park-${counter}'s team`,
      logoUpdatedAt: null,
    });
  });

  it('is changed by an owner, seen by the members, and refused to a member', async () => {
    const renamed = await callAs(t.app, owner, '/jira/renameWorkspace', {
      userId: owner.userId,
      name: '  Acme Studio  ',
    });
    expect(renamed.json()).toEqual({ status: 200, message: 'The workspace is now called Acme Studio.' });
    expect((await team(member)).workspace.name).toBe('Acme Studio');
    const workspaces = (await callAs(t.app, member, '/jira/getWorkspaces', { userId: member.userId })).json();
    expect(workspaces.data.workspaces.map((w: { name: string }) => w.name)).toContain('Acme Studio');

    const refused = await callAs(t.app, member, '/jira/renameWorkspace', {
      userId: member.userId,
      name: 'Mine',
    });
    expect(refused.statusCode).toBe(403);
    expect((await team(owner)).workspace.name).toBe('Acme Studio');
  });

  it('must be given, and at most 80 characters', async () => {
    for (const name of ['   ', 'x'.repeat(81)]) {
      const answer = await callAs(t.app, owner, '/jira/renameWorkspace', { userId: owner.userId, name });
      expect(answer.statusCode).toBe(400);
    }
  });
});

describe("a workspace's logo", () => {
  it('takes a PNG, JPEG or WebP image from an owner and serves it with its type, never sniffed', async () => {
    for (const [image, type] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
      [PNG, 'image/png'],
    ] as const) {
      const saved = await callAs(t.app, owner, '/jira/setWorkspaceLogo', {
        userId: owner.userId,
        image: base64(image),
      });
      expect(saved.json()).toEqual({ status: 200, message: 'The logo has been saved.' });
      const served = await callAs(t.app, member, '/jira/getWorkspaceLogo', { userId: member.userId });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(image)).toBe(true);
    }
    expect((await team(member)).workspace.logoUpdatedAt).toEqual(expect.any(String));
  });

  it('refuses other files by their bytes, whatever they claim, and images over 200 kB', async () => {
    const html = Buffer.from('<!DOCTYPE html><script>alert(1)</script>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const gif = Buffer.from('GIF89a....');
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(200 * 1024)]);
    for (const image of [html, svg, gif, Buffer.alloc(0), tooLarge]) {
      const answer = await callAs(t.app, owner, '/jira/setWorkspaceLogo', {
        userId: owner.userId,
        image: base64(image),
      });
      expect(answer.statusCode).toBe(400);
    }
    const notBase64 = await callAs(t.app, owner, '/jira/setWorkspaceLogo', {
      userId: owner.userId,
      image: '<svg>',
    });
    expect(notBase64.statusCode).toBe(400);
    const kept = await callAs(t.app, owner, '/jira/getWorkspaceLogo', { userId: owner.userId });
    expect(kept.rawPayload.equals(PNG)).toBe(true);
  });

  it('is set and removed by owners only', async () => {
    const set = await callAs(t.app, member, '/jira/setWorkspaceLogo', {
      userId: member.userId,
      image: base64(PNG),
    });
    expect(set.statusCode).toBe(403);
    const removedByMember = await callAs(t.app, member, '/jira/removeWorkspaceLogo', {
      userId: member.userId,
    });
    expect(removedByMember.statusCode).toBe(403);
    const removed = await callAs(t.app, owner, '/jira/removeWorkspaceLogo', { userId: owner.userId });
    expect(removed.json()).toEqual({ status: 200, message: 'The logo has been removed.' });
    expect((await callAs(t.app, owner, '/jira/getWorkspaceLogo', { userId: owner.userId })).statusCode).toBe(
      404,
    );
    expect(
      (await callAs(t.app, owner, '/jira/removeWorkspaceLogo', { userId: owner.userId })).statusCode,
    ).toBe(404);
    expect((await team(owner)).workspace.logoUpdatedAt).toBeNull();
  });
});

describe("the client's review page", () => {
  it("shows the sending workspace's name, and its logo by the link's token only", async () => {
    const sender = await account('ana');
    const h = roundHelpers(t.app, t.db, sender);
    await h.call('/jira/renameWorkspace', { userId: sender.userId, name: 'Ana Studio' });
    const added = await h.call('/jira/addProject', {
      userId: sender.userId,
      projectKey: 'DEMO',
      projectName: 'Web shop',
      clientEmails: ['client@example.test'],
    });
    expect(added.statusCode).toBe(200);
    const draft = await h.draft('DEMO');
    expect((await h.send('DEMO', draft.includedKeys, draft.text, 'Brand notice')).statusCode).toBe(200);
    const token = await h.tokenOf('Brand notice');

    const without = (await h.publicCall('/jira/review/getNotice', { token })).json().data;
    expect(without).toMatchObject({ workspaceName: 'Ana Studio', logoUrl: null });
    expect((await t.app.inject({ method: 'GET', url: `/review/${token}/logo` })).statusCode).toBe(404);

    await h.call('/jira/setWorkspaceLogo', { userId: sender.userId, image: base64(WEBP) });
    const withLogo = (await h.publicCall('/jira/review/getNotice', { token })).json().data;
    expect(withLogo.logoUrl).toMatch(new RegExp(`^/review/${token}/logo\\?v=\\d+$`));
    const logo = await t.app.inject({ method: 'GET', url: withLogo.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['cache-control']).toBe('private, max-age=86400');
    expect(logo.headers['content-security-policy']).toContain("default-src 'self'");
    expect(logo.rawPayload.equals(WEBP)).toBe(true);

    const unknown = await t.app.inject({ method: 'GET', url: `/review/${'x'.repeat(43)}/logo` });
    expect(unknown.statusCode).toBe(404);
  });
});
