// A review link can't be turned into a megaphone (main README, "The client's review"): a verdict is written
// back only once it has stayed unchanged for WRITE_BACK_QUIET_SECONDS, and then only the latest, so a
// client toggling a verdict posts one comment; the owner's Failed e-mails of one notice within 10 minutes
// of the last go as one. The client's page says the same thing whatever happens behind it.
import { REVIEW_THANKS } from '@handoff/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, roundHelpers } from '../testing/review-round.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const QUIET_MS = 120_000;
// The test's own time: the review and the job queue read it, and it moves only when the test says.
let time = new Date('2026-11-22T09:00:00Z').getTime();
let t: TestApp;
let member: Member;
let h: ReturnType<typeof roundHelpers>;
let noticeCount = 0;

beforeAll(async () => {
  const now = () => new Date(time);
  t = await createTestApp(
    { WRITE_BACK_QUIET_SECONDS: String(QUIET_MS / 1000) },
    { review: { now }, jobs: { run: false, now } },
  );
  const account = { email: 'quiet@example.test', password: 'quiet-password', apikey: 'quiet-jira' };
  member = { ...(await signUpAndSignIn(t.app, account)), ...account };
  h = roundHelpers(t.app, t.db, member);
  const added = await h.call('/jira/addProject', {
    userId: member.userId,
    projectKey: 'DEMO',
    projectName: 'Quiet',
    clientEmails: ['client@example.test'],
  });
  expect(added.statusCode).toBe(200);
});
afterAll(() => t.close());

/** Moves the clock on and runs every job then due, as the queue would. */
async function after(ms: number): Promise<void> {
  time += ms;
  while ((await t.app.jobs.drain()) > 0);
}

async function notice(keys: string[]): Promise<string> {
  const subject = `Quiet notice ${++noticeCount}`;
  const sent = await h.send('DEMO', keys, 'Please test.', subject);
  expect(sent.statusCode, sent.body).toBe(200);
  await after(0);
  return h.tokenOf(subject);
}

async function verdict(token: string, key: string, value: 'passed' | 'failed') {
  const answer = await h.publicCall('/jira/review/submitVerdicts', {
    token,
    verdicts: [{ key, verdict: value, comment: value === 'failed' ? `${key} is broken.` : undefined }],
  });
  // Whatever happens behind it, the client's page is told the same.
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toEqual({ status: 200, message: REVIEW_THANKS });
}

/** The verdict comments on an issue in the demo tracker, oldest first, as their text. */
async function commentsOn(issueKey: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('demo_tracker_comments')
    .select('body')
    .where('issue_key', '=', issueKey)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => JSON.stringify(row.body)).filter((text) => text.includes('Client review'));
}

async function failedMails(): Promise<string[]> {
  const rows = await t.db
    .selectFrom('mail_messages')
    .select('text_body')
    .where('purpose', '=', 'review-failed')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.text_body);
}

describe('write-back waits for a quiet verdict', () => {
  it('toggling a verdict 20 times posts one comment, the latest, and one Failed e-mail', async () => {
    const [key] = (await h.draft('DEMO')).includedKeys;
    const token = await notice([key!]);
    const commentsBefore = (await commentsOn(key!)).length;
    const mailsBefore = (await failedMails()).length;
    for (let i = 0; i < 20; i++) {
      await verdict(token, key!, i % 2 === 0 ? 'failed' : 'passed');
      await after(QUIET_MS / 4);
    }
    await verdict(token, key!, 'failed');
    await after(QUIET_MS - 1_000);
    expect(await commentsOn(key!)).toHaveLength(commentsBefore);
    expect(await failedMails()).toHaveLength(mailsBefore);

    await after(1_000);
    const comments = await commentsOn(key!);
    expect(comments).toHaveLength(commentsBefore + 1);
    expect(comments.at(-1)).toContain('Client review: Failed');
    const mails = await failedMails();
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)).toContain(`${key} is broken.`);
  });

  it('a verdict changed and changed back within the quiet period posts nothing again', async () => {
    const [key] = (await h.draft('DEMO')).includedKeys;
    const token = await notice([key!]);
    await verdict(token, key!, 'passed');
    await after(QUIET_MS);
    const written = (await commentsOn(key!)).length;
    await verdict(token, key!, 'failed');
    await after(QUIET_MS / 2);
    await verdict(token, key!, 'passed');
    await after(QUIET_MS);
    expect(await commentsOn(key!)).toHaveLength(written);
  });
});

describe("the owner's Failed e-mails of a notice", () => {
  it('go with the first write-back; later ones within 10 minutes go as one, listing every story failed', async () => {
    const keys = (await h.draft('DEMO')).includedKeys.slice(0, 3);
    expect(keys).toHaveLength(3);
    const [first, second, third] = keys as [string, string, string];
    const token = await notice(keys);
    const before = (await failedMails()).length;

    await verdict(token, first, 'failed');
    await after(QUIET_MS);
    expect(await failedMails()).toHaveLength(before + 1);
    expect((await failedMails()).at(-1)).toContain(`${first} is broken.`);

    await after(60_000);
    await verdict(token, second, 'failed');
    await after(QUIET_MS);
    await verdict(token, third, 'failed');
    await after(QUIET_MS);
    // Both are written back to Jira at once; the e-mail waits.
    expect(await commentsOn(second)).not.toHaveLength(0);
    expect(await commentsOn(third)).not.toHaveLength(0);
    expect(await failedMails()).toHaveLength(before + 1);

    // 10 minutes after the first e-mail: one more, with both stories.
    await after(10 * 60_000 - (60_000 + 2 * QUIET_MS));
    const mails = await failedMails();
    expect(mails).toHaveLength(before + 2);
    expect(mails.at(-1)).toContain(`${second} is broken.`);
    expect(mails.at(-1)).toContain(`${third} is broken.`);
    expect(mails.at(-1)).not.toContain(`${first} is broken.`);

    await after(10 * 60_000);
    expect(await failedMails()).toHaveLength(before + 2);
  });
});
