// The bell: what happened in the caller's workspace since they last opened the list (client verdicts,
// sign-offs, failed sends, auto-send runs), per member, and never another workspace's events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFailedRound } from '../ledger/sends.repository.ts';
import { type Member, roundHelpers } from '../testing/review-round.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { callAs, inviteAndJoin } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let owner: Member;
let member: Member;
let other: Member;
let counter = 0;

async function account(prefix: string): Promise<Member> {
  counter += 1;
  const credentials = {
    email: `${prefix}-${counter}@bell.example`,
    password: `${prefix}-password`,
    apikey: `${prefix}-jira`,
  };
  return { ...(await signUpAndSignIn(t.app, credentials)), ...credentials };
}

interface Listed {
  seenAt: string | null;
  asOf: string;
  items: Array<{
    kind: string;
    projectKey: string;
    projectName: string;
    siteId: string;
    text: string;
    at?: string;
    outcome?: {
      passed: number;
      failed: number;
      stories: Array<{ key: string; title: string; verdict: string }>;
    };
  }>;
}

async function notifications(caller: Member): Promise<Listed> {
  const answer = await callAs(t.app, caller, '/jira/getNotifications', { userId: caller.userId });
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
}

async function markSeen(caller: Member, asOf: string) {
  const answer = await callAs(t.app, caller, '/jira/markNotificationsSeen', { userId: caller.userId, asOf });
  expect(answer.json()).toEqual({ status: 200, message: 'Notifications marked as seen.' });
}

async function addDemoProject(caller: Member, projectName: string) {
  const added = await callAs(t.app, caller, '/jira/addProject', {
    userId: caller.userId,
    projectKey: 'DEMO',
    projectName,
    clientEmails: ['client@example.test'],
  });
  expect(added.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await account('owner');
  member = await account('member');
  other = await account('other');
  await inviteAndJoin(t.app, owner, member);
  await addDemoProject(owner, 'Team shop');
  await addDemoProject(other, 'Other shop');
});
afterAll(() => t.close());

describe('the notifications', () => {
  it("list the client's verdicts and sign-off and a failed send of the workspace, each with its project", async () => {
    expect((await notifications(member)).items).toEqual([]);
    const h = roundHelpers(t.app, t.db, owner);
    const draft = await h.draft('DEMO');
    const [first, ...rest] = draft.includedKeys;
    expect((await h.send('DEMO', draft.includedKeys, draft.text, 'Bell notice')).statusCode).toBe(200);
    const token = await h.tokenOf('Bell notice');
    const verdicts = [
      { key: first, verdict: 'failed', comment: 'Broken' },
      ...rest.map((key) => ({ key, verdict: 'passed' })),
    ];
    const submitted = await h.publicCall('/jira/review/submitVerdicts', {
      token,
      verdicts,
      reviewer: 'Ann Client',
    });
    expect(submitted.statusCode).toBe(200);
    expect((await h.publicCall('/jira/review/signOff', { token, reviewer: 'Ann Client' })).statusCode).toBe(
      200,
    );
    const project = await t.db
      .selectFrom('projects')
      .select('id')
      .where('project_name', '=', 'Team shop')
      .executeTakeFirstOrThrow();
    await insertFailedRound(t.db, project.id, 'Jira did not answer.', new Date());

    const listed = await notifications(member);
    expect(listed.seenAt).toBeNull();
    // One item per press of "Submit results" (not one per story), one for the sign-off.
    expect(listed.items.map((item) => item.kind).sort()).toEqual(['sendFailed', 'signOff', 'verdict']);
    expect(listed.items.every((item) => item.projectKey === 'DEMO' && item.projectName === 'Team shop')).toBe(
      true,
    );
    expect(listed.items.every((item) => item.siteId === 'default')).toBe(true);
    const texts = listed.items.map((item) => item.text);
    const passed = rest.length;
    expect(texts).toContain(`Ann Client answered ${verdicts.length} stories: ${passed} passed, 1 failed.`);
    expect(texts).toContain(`Ann Client signed off: ${passed} passed, 1 failed.`);
    expect(texts).toContain('Auto-send failed. Jira did not answer.');
    // Each answer and sign-off says its outcome, the failed stories first, with their titles.
    const answer = listed.items.find((item) => item.kind === 'verdict');
    const signOff = listed.items.find((item) => item.kind === 'signOff');
    expect(signOff?.outcome).toMatchObject({ passed, failed: 1 });
    expect(signOff?.outcome?.stories[0]).toMatchObject({ key: first, verdict: 'failed' });
    expect(answer?.outcome).toMatchObject({ passed, failed: 1 });
    expect(answer?.outcome?.stories.map((story) => [story.key, story.verdict])).toEqual([
      [first, 'failed'],
      ...rest.map((key) => [key, 'passed']),
    ]);
    expect(
      answer?.outcome?.stories.every((story) => story.title.length > 0 && story.title !== story.key),
    ).toBe(true);
    expect(listed.items.find((item) => item.kind === 'sendFailed')).not.toHaveProperty('outcome');
    // Newest first.
    const times = listed.items.map((item) => (item as unknown as { at: string }).at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("show another workspace's auto-send run to its own members only", async () => {
    const before = await notifications(owner);
    const switched = await callAs(t.app, other, '/jira/updateFirebaseProject', {
      userId: other.userId,
      projectKey: 'DEMO',
      updatedProject: {
        projectKey: 'DEMO',
        projectName: 'Other shop',
        clientEmails: ['client@example.test'],
        autosend: true,
      },
    });
    expect(switched.statusCode).toBe(200);
    const report = await t.app.autosend.runRound(new Date(Date.now() + 24 * 60 * 60_000));
    expect(report.sent).toBe(1);

    const theirs = await notifications(other);
    expect(theirs.items).toEqual([
      expect.objectContaining({
        kind: 'autoSend',
        projectName: 'Other shop',
        text: expect.stringMatching(/^Auto-send e-mailed \d+ stor(y|ies)\.$/),
      }),
    ]);
    expect((await notifications(owner)).items).toEqual(before.items);
    // Naming the team's workspace does not show it to an outsider.
    const intruding = await callAs(
      t.app,
      other,
      '/jira/getNotifications',
      { userId: other.userId },
      await workspaceOf(owner),
    );
    expect(intruding.statusCode).toBe(403);
  });

  it('are marked seen per member: what happened before stays listed as seen, what happens after is new', async () => {
    const listed = await notifications(member);
    expect(listed.items.length).toBeGreaterThan(0);
    await markSeen(member, listed.asOf);
    const after = await notifications(member);
    expect(after.seenAt).toBe(listed.asOf);
    // Still listed (the last 7 days), none of it after the mark: nothing new.
    expect(after.items).toEqual(listed.items);
    const isNew = (item: { at?: string }) => Date.parse(item.at ?? '') > Date.parse(after.seenAt ?? '');
    expect(after.items.filter(isNew)).toEqual([]);
    // The owner has not opened theirs.
    expect((await notifications(owner)).items).toEqual(listed.items);

    const project = await t.db
      .selectFrom('projects')
      .select('id')
      .where('project_name', '=', 'Team shop')
      .executeTakeFirstOrThrow();
    await insertFailedRound(t.db, project.id, 'The mail server refused.', new Date(Date.now() + 1_000));
    const later = await notifications(member);
    expect(later.items.filter(isNew).map((item) => item.text)).toEqual([
      'Auto-send failed. The mail server refused.',
    ]);
    expect(later.items.slice(1)).toEqual(listed.items);
    // A mark never moves back, nor beyond now.
    await markSeen(member, '2020-01-01T00:00:00.000Z');
    expect((await notifications(member)).seenAt).toBe(listed.asOf);
    await markSeen(member, '2999-01-01T00:00:00.000Z');
    expect(Date.parse((await notifications(member)).seenAt ?? '')).toBeLessThan(Date.parse('2999-01-01'));
  });

  it('refuse a mark that is not a moment', async () => {
    const answer = await callAs(t.app, member, '/jira/markNotificationsSeen', {
      userId: member.userId,
      asOf: 'yesterday',
    });
    expect(answer.statusCode).toBe(400);
  });
});

async function workspaceOf(caller: Member): Promise<string> {
  return (await callAs(t.app, caller, '/jira/getWorkspaces', { userId: caller.userId })).json().data.current;
}
