// Reminders of unanswered notices: checked in the auto-send rounds of every server process (two apps on
// one database; on PostgreSQL each with its own pool, like two processes), each e-mailed exactly once,
// at most two per notice, none after a sign-off or once every story is answered.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { type Member, roundHelpers } from '../testing/review-round.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { testConfig } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const DAY = 86_400_000;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let secondDb: Db | undefined;
let apps: [FastifyInstance, FastifyInstance];
let member: Member;
let h: ReturnType<typeof roundHelpers>;

beforeAll(async () => {
  database = await createTestDatabase();
  secondDb = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : undefined;
  const config = testConfig({ PUBLIC_URL: 'https://handoff.example.test' });
  apps = [
    await buildApp({ config, db: database.db, webRoot: false }),
    await buildApp({ config, db: secondDb ?? database.db, webRoot: false }),
  ];
  await Promise.all(apps.map((app) => app.ready()));
  const account = { email: 'remind@example.test', password: 'remind-password', apikey: 'remind-jira' };
  member = { ...(await signUpAndSignIn(apps[0], account)), ...account };
  h = roundHelpers(apps[0], database.db, member);
  const added = await h.call('/jira/addProject', {
    userId: member.userId,
    projectKey: 'DEMO',
    projectName: 'Reminders',
    clientEmails: ['client@example.test'],
    clientCC: ['boss@example.test'],
  });
  expect(added.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await Promise.all((apps ?? []).map((app) => app.close()));
  await secondDb?.destroy();
  await database?.drop();
});

/** An auto-send round (with its reminders) in both processes at once, `days` after now. */
async function roundsAt(days: number): Promise<void> {
  const at = new Date(Date.now() + days * DAY);
  await Promise.all(apps.map((app) => app.autosend.runRound(at)));
}

async function remindersOf(subject: string) {
  return database.db
    .selectFrom('mail_messages')
    .select(['subject', 'text_body', 'to_addresses', 'cc_addresses'])
    .where('purpose', '=', 'review-reminder')
    .where('subject', '=', `Reminder: ${subject}`)
    .orderBy('created_at')
    .execute();
}

describe('reminders', () => {
  it('a new project reminds after 3 days; each reminder goes out once across two processes, at most twice', async () => {
    const settings = await h.call('/jira/review/getSettings', { userId: member.userId, projectKey: 'DEMO' });
    expect(settings.json().data).toEqual({
      reminderDays: 3,
      testEnvironment: null,
      clientLanguage: 'en',
      noticeTemplate: null,
      mailFrom: 'Handoff <handoff@localhost>',
      // Who signs the e-mail: no display name given, and the workspace not named (its domain).
      sender: { name: '', company: 'example.test' },
      mailProblem: 'noMailServer',
    });
    expect(
      (
        await h.send('DEMO', ['DEMO-1', 'DEMO-2'], 'Dear customer,\n\n- One\n- Two', 'Remind me', [
          'boss@example.test',
        ])
      ).statusCode,
    ).toBe(200);
    const token = await h.tokenOf('Remind me');
    await h.publicCall('/jira/review/submitVerdicts', {
      token,
      reviewer: 'Ann',
      verdicts: [{ key: 'DEMO-1', verdict: 'passed' }],
    });
    // The notice's stories are fetched by a job: wait until the page shows their summaries.
    await h.publicCall('/jira/review/getNotice', { token });

    await roundsAt(2.9);
    expect(await remindersOf('Remind me')).toHaveLength(0);
    await roundsAt(3.1);
    const [first, ...more] = await remindersOf('Remind me');
    expect(more).toHaveLength(0);
    expect(first!.to_addresses).toEqual(['client@example.test']);
    expect(first!.cc_addresses).toEqual(['boss@example.test']);
    const link = /Review and report results: (\S+)/.exec(first!.text_body)?.[1];
    expect(first!.text_body).toBe(
      `Dear customer,\n\nThe following stories are still waiting for your review:\n- Product search with filters\n\nReview and report results: ${link}\n\nRegards,`,
    );
    // The reminder's link opens the same notice.
    const reminderToken = link!.split('/review/')[1]!;
    const opened = await h.publicCall('/jira/review/getNotice', { token: reminderToken });
    expect(opened.json().data.stories.map((s: { key: string }) => s.key)).toEqual(['DEMO-1', 'DEMO-2']);

    await roundsAt(3.2);
    expect(await remindersOf('Remind me')).toHaveLength(1);
    await roundsAt(6.2);
    expect(await remindersOf('Remind me')).toHaveLength(2);
    await roundsAt(9.5);
    await roundsAt(20);
    expect(await remindersOf('Remind me')).toHaveLength(2);

    const sends = (
      await h.call('/jira/getProjectSends', { userId: member.userId, projectKey: 'DEMO' })
    ).json().data as Array<{ subject: string; review: { reminders: Array<{ sent: boolean }> } }>;
    expect(sends.find((send) => send.subject === 'Remind me')!.review.reminders).toMatchObject([
      { sent: true, error: null },
      { sent: true, error: null },
    ]);
  });

  it('none when every story is answered, none after a sign-off, none when the project has them off', async () => {
    expect((await h.send('DEMO', ['DEMO-3'], 'Dear customer,\n\n- Three', 'All answered')).statusCode).toBe(
      200,
    );
    await h.publicCall('/jira/review/submitVerdicts', {
      token: await h.tokenOf('All answered'),
      verdicts: [{ key: 'DEMO-3', verdict: 'failed' }],
    });
    expect((await h.send('DEMO', ['DEMO-4'], 'Dear customer,\n\n- Four', 'Signed')).statusCode).toBe(200);
    const signedToken = await h.tokenOf('Signed');
    await h.publicCall('/jira/review/submitVerdicts', {
      token: signedToken,
      verdicts: [{ key: 'DEMO-4', verdict: 'passed' }],
    });
    expect(
      (await h.publicCall('/jira/review/signOff', { token: signedToken, reviewer: 'Ann' })).statusCode,
    ).toBe(200);
    await roundsAt(4);
    expect(await remindersOf('All answered')).toHaveLength(0);
    expect(await remindersOf('Signed')).toHaveLength(0);

    const off = await h.call('/jira/review/setSettings', {
      userId: member.userId,
      projectKey: 'DEMO',
      reminderDays: null,
      testEnvironment: 'https://staging.example.com, build 1.4.2',
    });
    expect(off.statusCode).toBe(200);
    expect((await h.send('DEMO', ['DEMO-10'], 'Dear customer,\n\n- Ten', 'Off')).statusCode).toBe(200);
    await roundsAt(10);
    expect(await remindersOf('Off')).toHaveLength(0);
  });

  it("the add screen's choice is kept: a project added with reminderDays null has them off", async () => {
    const added = await h.call('/jira/addProject', {
      userId: member.userId,
      projectKey: 'QUIET',
      projectName: 'No reminders',
      clientEmails: ['client@example.test'],
      reminderDays: null,
    });
    expect(added.statusCode).toBe(200);
    const settings = await h.call('/jira/review/getSettings', { userId: member.userId, projectKey: 'QUIET' });
    expect(settings.json().data).toEqual({
      reminderDays: null,
      testEnvironment: null,
      clientLanguage: 'en',
      noticeTemplate: null,
      mailFrom: 'Handoff <handoff@localhost>',
      // Who signs the e-mail: no display name given, and the workspace not named (its domain).
      sender: { name: '', company: 'example.test' },
      mailProblem: 'noMailServer',
    });
  });
});
