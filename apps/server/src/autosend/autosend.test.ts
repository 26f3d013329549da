import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Mailbox } from '../testing/mailbox.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { startStoryTracker } from '../testing/story-tracker.ts';
import { callAs } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const MINUTE = 60_000;
const mailbox = new Mailbox();
let tracker: Awaited<ReturnType<typeof startStoryTracker>>;
let t: TestApp;
let owner: { idToken: string; userId: string };
let start: Date;

beforeAll(async () => {
  const port = await mailbox.listen();
  tracker = await startStoryTracker();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    JIRA_BASE_URL: tracker.url,
    AUTOSEND_INTERVAL_MINUTES: '15',
  });
  owner = await signUpAndSignIn(t.app, {
    email: 'auto@example.test',
    password: 'auto-password',
    apikey: 'auto-jira',
  });
});
afterAll(async () => {
  await t.close();
  await tracker.close();
  await mailbox.close();
});
beforeEach(async () => {
  start = new Date(Date.now() + 24 * 60 * MINUTE);
  mailbox.messages.length = 0;
  mailbox.refuseWith = undefined;
  tracker.state.refuse = false;
  tracker.state.stories = [
    {
      key: 'SHOP-1',
      summary: 'Checkout with a saved card',
      steps: ['Open the basket', 'Pay with the saved card'],
    },
    { key: 'SHOP-2', summary: 'Order history' },
  ];
  await addProjectWithAutosend('SHOP');
});
afterEach(async () => {
  await t.db.deleteFrom('projects').execute();
});

async function call(url: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${owner.idToken}` },
    payload: body as object,
  });
}

async function addProjectWithAutosend(projectKey: string) {
  const added = await call('/jira/addProject', {
    userId: owner.userId,
    projectKey,
    projectName: 'Web shop',
    clientEmails: ['client@example.test'],
    clientCC: ['pm@example.test'],
  });
  expect(added.statusCode).toBe(200);
  expect((await setAutosend(projectKey, true)).statusCode).toBe(200);
}

/** The list toggle's call: the full project, CC named "clinetCC", and the flag. */
function setAutosend(projectKey: string, autosend: boolean) {
  return call('/jira/updateFirebaseProject', {
    userId: owner.userId,
    projectKey,
    updatedProject: {
      projectKey,
      projectName: 'Web shop',
      clientEmails: ['client@example.test'],
      clinetCC: ['pm@example.test'],
      autosend,
    },
  });
}

/** The project's sent list (the ledger's) and auto-send's bookkeeping, as their tables hold them. */
async function project(projectKey = 'SHOP') {
  return t.db
    .selectFrom('projects')
    .leftJoin('sent_lists', 'sent_lists.project_id', 'projects.id')
    .leftJoin('autosend_schedules', 'autosend_schedules.project_id', 'projects.id')
    .select([
      'projects.id',
      sql<string[]>`coalesce(sent_lists.issue_keys, '{}')`.as('sent_issue_keys'),
      sql<boolean>`coalesce(autosend_schedules.switched_on, false)`.as('autosend'),
      'autosend_schedules.last_error as autosend_last_error',
    ])
    .where('project_key', '=', projectKey)
    .executeTakeFirstOrThrow();
}

async function history(projectKey = 'SHOP') {
  const res = await call('/jira/getProjectSends', { userId: owner.userId, projectKey });
  return res.json().data as Array<Record<string, unknown>>;
}

const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

describe('auto-send', () => {
  it("e-mails the project's new Done stories with the same draft as the screen, then records them", async () => {
    const report = await t.app.autosend.runRound(at(0));
    expect(report).toEqual({ projects: 1, sent: 1, failed: 0 });
    const mail = await mailbox.waitFor(() => true);
    expect(mail.subject).toBe('Request for Testing: User Stories for Review');
    expect(JSON.stringify(mail.to)).toContain('client@example.test');
    expect(JSON.stringify(mail.cc)).toContain('pm@example.test');
    // The draft as the screen makes it, then the notice's review link (the client's review page).
    const reviewLine = /\n\nReview and report results: http:\/\/localhost:3000\/review\/[\w-]{43}$/;
    expect(mail.text?.trim()).toMatch(reviewLine);
    expect(mail.text?.trim().replace(reviewLine, '')).toBe(
      [
        'Dear customer,',
        '',
        'The following features are finished:',
        '- Checkout with a saved card',
        '- Order history',
        '',
        'Please test the following:',
        'Checkout with a saved card:',
        '- Open the basket',
        '- Pay with the saved card',
        '',
        'Regards,',
      ].join('\n'),
    );
    // The review page has the notice's stories without asking Jira again (no job to fetch them).
    expect(await t.db.selectFrom('jobs').select('id').where('kind', '=', 'review-stories').execute()).toEqual(
      [],
    );
    const token = /\/review\/([\w-]{43})/.exec(mail.text ?? '')?.[1] as string;
    const notice = await t.app.inject({ method: 'POST', url: '/jira/review/getNotice', payload: { token } });
    expect(notice.json().data.stories).toEqual([
      {
        key: 'SHOP-1',
        summary: 'Checkout with a saved card',
        testSteps: ['Open the basket', 'Pay with the saved card'],
        group: null,
        verdict: null,
        comment: null,
      },
      { key: 'SHOP-2', summary: 'Order history', testSteps: [], group: null, verdict: null, comment: null },
    ]);
    expect((await project()).sent_issue_keys).toEqual(['SHOP-1', 'SHOP-2']);
    expect(await history()).toMatchObject([
      {
        trigger: 'auto',
        status: 'sent',
        delivered: true,
        issueKeys: ['SHOP-1', 'SHOP-2'],
        to: ['client@example.test'],
      },
    ]);
  });

  it("groups the draft as the project chose (Group stories by: Epic), with Other in the client's language", async () => {
    const grouped = await call('/jira/updateFirebaseProject', {
      userId: owner.userId,
      projectKey: 'SHOP',
      updatedProject: { groupBy: 'epic' },
    });
    expect(grouped.statusCode).toBe(200);
    tracker.state.stories[1]!.epic = { id: '10090', summary: 'Accounts' };
    await t.app.autosend.runRound(at(0));
    const mail = await mailbox.waitFor(() => true);
    expect(mail.text).toContain(
      'The following features are finished:\n\nAccounts\n--------\n- Order history\n\n' +
        'Other\n-----\n- Checkout with a saved card\n\n',
    );
    expect([...String(mail.html).matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual([
      'Accounts',
      'Other',
    ]);
  });

  it('sends nothing when nothing is new, runs each project once per interval, and sends only new stories', async () => {
    await t.app.autosend.runRound(at(0));
    await mailbox.waitFor(() => true);
    expect(await t.app.autosend.runRound(at(1))).toEqual({ projects: 0, sent: 0, failed: 0 });
    expect(await t.app.autosend.runRound(at(15))).toEqual({ projects: 1, sent: 0, failed: 0 });
    expect(mailbox.messages).toHaveLength(1);

    tracker.state.stories.push({ key: 'SHOP-3', summary: 'Gift cards', steps: ['Buy a gift card'] });
    expect(await t.app.autosend.runRound(at(30))).toEqual({ projects: 1, sent: 1, failed: 0 });
    const second = await mailbox.waitFor((m) => m.text?.includes('Gift cards') === true);
    expect(second.text).not.toContain('Order history');
    expect((await project()).sent_issue_keys).toEqual(['SHOP-1', 'SHOP-2', 'SHOP-3']);
  });

  it('records a refused Jira token in the history and on the project, and retries next round', async () => {
    tracker.state.refuse = true;
    expect(await t.app.autosend.runRound(at(0))).toEqual({ projects: 1, sent: 0, failed: 1 });
    const failed = await project();
    expect(failed.autosend_last_error).toMatch(/^Could not fetch the Done stories: .*Jira/);
    expect((await history())[0]).toMatchObject({ trigger: 'auto', status: 'failed', issueKeys: [] });
    expect(failed.sent_issue_keys).toEqual([]);

    tracker.state.refuse = false;
    expect(await t.app.autosend.runRound(at(15))).toEqual({ projects: 1, sent: 1, failed: 0 });
    expect((await project()).autosend_last_error).toBeNull();
  });

  it('gives the stories back when the mail server refuses, and sends them next round', async () => {
    mailbox.refuseWith = 'Relay access denied';
    expect(await t.app.autosend.runRound(at(0))).toEqual({ projects: 1, sent: 0, failed: 1 });
    const failed = await project();
    expect(failed.sent_issue_keys).toEqual([]);
    expect(failed.autosend_last_error).toMatch(/Relay access denied/);
    expect((await history())[0]).toMatchObject({ status: 'failed', issueKeys: ['SHOP-1', 'SHOP-2'] });

    mailbox.refuseWith = undefined;
    expect(await t.app.autosend.runRound(at(15))).toEqual({ projects: 1, sent: 1, failed: 0 });
    expect((await project()).sent_issue_keys).toEqual(['SHOP-1', 'SHOP-2']);
  });

  it('never e-mails a story twice when rounds overlap', async () => {
    const reports = await Promise.all([t.app.autosend.runRound(at(0)), t.app.autosend.runRound(at(0))]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(1);
    await mailbox.waitFor(() => true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailbox.messages).toHaveLength(1);
  });

  it('shows on the project list when the next round runs, the last round and its error', async () => {
    tracker.state.refuse = true;
    await t.app.autosend.runRound(at(0));
    const list = await call('/jira/getFirebaseProjects', { userId: owner.userId });
    expect(list.json().data[0].autosendStatus).toEqual({
      nextRunAt: at(15).toISOString(),
      lastRunAt: at(0).toISOString(),
      lastError: expect.stringMatching(/^Could not fetch the Done stories: /),
      lastSentAt: null,
      switchedOnBy: 'auto@example.test',
    });
    tracker.state.refuse = false;
    await t.app.autosend.runRound(at(15));
    const after = (await call('/jira/getFirebaseProjects', { userId: owner.userId })).json().data[0]
      .autosendStatus;
    expect(after).toMatchObject({
      nextRunAt: at(30).toISOString(),
      lastRunAt: at(15).toISOString(),
      lastError: null,
    });
    expect(Date.parse(after.lastSentAt)).not.toBeNaN();
    const one = await call('/jira/getFirebaseProjectByKey', { userId: owner.userId, projectKey: 'SHOP' });
    expect(one.json().data.autosendStatus).toEqual(after);
  });

  it('refuses at once to switch auto-send on when Jira refuses the owner’s token', async () => {
    await t.db.updateTable('autosend_schedules').set({ switched_on: false }).execute();
    tracker.state.refuse = true;
    const res = await setAutosend('SHOP', true);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Auto-send was not turned on: Jira refused the token of auto@example.test. Replace it on your profile page, then try again.',
    );
    expect((await project()).autosend).toBe(false);
  });

  it('leaves projects with auto-send off alone', async () => {
    const off = await setAutosend('SHOP', false);
    expect(off.statusCode).toBe(200);
    expect(await t.app.autosend.runRound(at(0))).toEqual({ projects: 0, sent: 0, failed: 0 });
    expect(mailbox.messages).toHaveLength(0);
  });

  it('runs on the Jira token of the member who switched it on, and stops, saying why, once they are gone', async () => {
    const colleague = {
      email: 'colleague@example.test',
      password: 'colleague-password',
      apikey: 'colleague-jira',
    };
    const member = { ...(await signUpAndSignIn(t.app, colleague)), email: colleague.email };
    // Mail is delivered over SMTP here, so the link is read from the mailbox, not the outbox.
    await callAs(t.app, owner, '/jira/inviteMember', { userId: owner.userId, email: colleague.email });
    const invitation = await mailbox.waitFor((mail) => JSON.stringify(mail.to).includes(colleague.email));
    const token = /\/join\/([\w-]+)/.exec(invitation.text ?? '')?.[1];
    const joined = await callAs(t.app, member, '/jira/joinWorkspace', { userId: member.userId, token });
    expect(joined.statusCode).toBe(200);
    mailbox.messages.length = 0;
    const asMember = (autosend: boolean) =>
      callAs(t.app, member, '/jira/updateFirebaseProject', {
        userId: member.userId,
        projectKey: 'SHOP',
        updatedProject: { autosend },
      });
    expect((await asMember(false)).statusCode).toBe(200);
    expect((await asMember(true)).json().data.autosendStatus.switchedOnBy).toBe(colleague.email);

    tracker.requests.length = 0;
    expect(await t.app.autosend.runRound(at(0))).toMatchObject({ sent: 1 });
    const search = tracker.requests.find((request) => request.path === '/rest/api/3/search/jql');
    const basic = Buffer.from(`${colleague.email}:${colleague.apikey}`).toString('base64');
    expect(search?.headers.authorization).toBe(`Basic ${basic}`);

    // However the membership ended, the next round does not run on a former member's token.
    await t.db.deleteFrom('workspace_members').where('user_id', '=', member.userId).execute();
    expect(await t.app.autosend.runRound(at(15))).toEqual({ projects: 1, sent: 0, failed: 1 });
    const list = (await call('/jira/getFirebaseProjects', { userId: owner.userId })).json().data;
    expect(list[0].autosend).toBe(false);
    expect(list[0].autosendStatus.lastError).toBe(
      'Auto-send stopped: the member who switched it on has left the workspace. Switch it on again to use your own token.',
    );
  });
});
