// Review rounds (main README, "The client's review"): a Failed story comes back for re-test once its
// status moved in Jira, each offer is used by one send; the same verdicts submitted twice are written back
// once; a new project can choose its transitions before its first notice.
import { gunzipSync } from 'node:zlib';
import { REVIEW_SIGN_OFF_INCOMPLETE, reviewStatusAnswer } from '@handoff/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, roundHelpers } from '../testing/review-round.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let member: Member;
let h: ReturnType<typeof roundHelpers>;
/** A changed comment, with what JSON must escape. */
const REWORDED = 'Fine, "really".\nC:\\shop\t🙂';

beforeAll(async () => {
  t = await createTestApp();
  const account = { email: 'rounds@example.test', password: 'rounds-password', apikey: 'rounds-jira' };
  member = { ...(await signUpAndSignIn(t.app, account)), ...account };
  h = roundHelpers(t.app, t.db, member);
  const added = await h.call('/jira/addProject', {
    userId: member.userId,
    projectKey: 'DEMO',
    projectName: 'Rounds',
    clientEmails: ['client@example.test'],
  });
  expect(added.statusCode).toBe(200);
});
afterAll(() => t.close());

/**
 * The review status screen's entry of `key` in DEMO, read now: the steps below read it after each change
 * it depends on, so an entry kept from an earlier read must follow every one of them.
 */
async function statusOf(key: string) {
  const res = await h.call('/jira/review/getStatus', { userId: member.userId, projectKey: 'DEMO' });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<Record<string, unknown> & { key: string }>).find((s) => s.key === key);
}

describe('before the first notice', () => {
  it('the edit screen is offered the transitions of any story of the project', async () => {
    const res = await h.call('/jira/review/getTransitions', { userId: member.userId, projectKey: 'DEMO' });
    expect(res.statusCode).toBe(200);
    const names = (res.json().data.available as Array<{ name: string }>).map((t) => t.name);
    expect(names).toContain('In Progress');
  });
});

describe('a Failed story comes back for re-test', () => {
  it('only after its status moved in Jira; the offer is used by one send, and it can go round again', async () => {
    const first = await h.draft('DEMO');
    expect(first.includedKeys).toContain('DEMO-1');
    expect((await h.send('DEMO', first.includedKeys, first.text, 'Round 1')).statusCode).toBe(200);
    const token = await h.tokenOf('Round 1');
    expect(await statusOf('DEMO-1')).toMatchObject({ state: 'waiting', rounds: 1, answeredAt: null });
    const failed = await h.publicCall('/jira/review/submitVerdicts', {
      token,
      verdicts: [{ key: 'DEMO-1', verdict: 'failed', comment: 'The pay button does nothing.' }],
    });
    expect(failed.statusCode).toBe(200);
    expect(await statusOf('DEMO-1')).toMatchObject({
      state: 'failed',
      comment: 'The pay button does nothing.',
    });

    // Failed, but nothing moved in Jira: not offered.
    expect((await h.fetchDone('DEMO')).find((s) => s.key === 'DEMO-1')?.retest).toBeUndefined();
    expect((await h.draft('DEMO')).includedKeys).toEqual([]);

    await h.moveTo('DEMO-1', 'In Progress');
    expect((await h.fetchDone('DEMO')).map((s) => s.key)).not.toContain('DEMO-1');
    await h.moveTo('DEMO-1', 'Done');
    const fetched = await h.fetchDone('DEMO');
    expect(fetched.find((s) => s.key === 'DEMO-1')).toMatchObject({ retest: true });
    expect(fetched.filter((s) => s.retest).map((s) => s.key)).toEqual(['DEMO-1']);
    expect(await statusOf('DEMO-1')).toMatchObject({ state: 'retest', rounds: 1 });
    const second = await h.draft('DEMO');
    expect(second.includedKeys).toEqual(['DEMO-1']);
    expect(second.text).toContain('- Guest checkout (re-test)');

    // Two tabs with the same draft: one e-mail, the other 409.
    const [a, b] = await Promise.all([
      h.send('DEMO', second.includedKeys, second.text, 'Round 2'),
      h.send('DEMO', second.includedKeys, second.text, 'Round 2'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await statusOf('DEMO-1')).toMatchObject({
      state: 'retest',
      rounds: 2,
      answeredAt: null,
      comment: null,
    });
    const again = await h.send('DEMO', ['DEMO-1'], second.text, 'Round 2b');
    expect(again.statusCode).toBe(409);
    expect((await h.draft('DEMO')).includedKeys).toEqual([]);

    // The new notice asks for a fresh verdict.
    const token2 = await h.tokenOf('Round 2');
    const notice = (await h.publicCall('/jira/review/getNotice', { token: token2 })).json().data;
    expect(notice.stories).toMatchObject([{ key: 'DEMO-1', verdict: null }]);

    // Round three: failed again, moved, offered again.
    await h.publicCall('/jira/review/submitVerdicts', {
      token: token2,
      verdicts: [{ key: 'DEMO-1', verdict: 'failed' }],
    });
    expect((await h.draft('DEMO')).includedKeys).toEqual([]);
    await h.moveTo('DEMO-1', 'In Progress');
    await h.moveTo('DEMO-1', 'Done');
    expect((await h.draft('DEMO')).includedKeys).toEqual(['DEMO-1']);
    // A verdict on the older notice no longer decides: the newest notice's does.
    await h.publicCall('/jira/review/submitVerdicts', {
      token,
      verdicts: [{ key: 'DEMO-2', verdict: 'failed' }],
    });
    expect((await h.draft('DEMO')).includedKeys).toEqual(['DEMO-1']);
  });
});

describe('submitting the same verdicts again', () => {
  it('stores and writes back only what changed', async () => {
    const send = await h.send('DEMO', ['DEMO-8'], 'Dear customer,\n\n- Three', 'Same twice');
    expect(send.statusCode).toBe(200);
    const token = await h.tokenOf('Same twice');
    const verdicts = [{ key: 'DEMO-8', verdict: 'passed', comment: 'Fine.' }];
    for (let i = 0; i < 2; i++) {
      const res = await h.publicCall('/jira/review/submitVerdicts', { token, verdicts });
      expect(res.statusCode).toBe(200);
    }
    const stored = () =>
      t.db.selectFrom('review_verdicts').select('id').where('issue_key', '=', 'DEMO-8').execute();
    expect(await stored()).toHaveLength(1);
    await h.publicCall('/jira/review/submitVerdicts', {
      token,
      verdicts: [{ key: 'DEMO-8', verdict: 'passed', comment: REWORDED }],
    });
    expect(await stored()).toHaveLength(2);
    const jobs = await t.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'review-write-back')
      .execute();
    const firstId = (await stored())[0]!.id;
    expect(jobs.filter((job) => job.payload.verdictId === firstId)).toHaveLength(1);
  });
});

describe('the reviewer is named, and a notice ends in a sign-off', () => {
  it('names the reviewer in Jira and the history; signs off once every story has a verdict, then the verdicts are final', async () => {
    expect(
      (await h.send('DEMO', ['DEMO-5', 'DEMO-6'], 'Dear customer,\n\n- Five\n- Six', 'Sign me')).statusCode,
    ).toBe(200);
    const token = await h.tokenOf('Sign me');
    const fresh = (await h.publicCall('/jira/review/getNotice', { token })).json().data;
    expect(fresh.reviewer).toBeNull();
    const submitted = await h.publicCall('/jira/review/submitVerdicts', {
      token,
      reviewer: 'Ann Client',
      verdicts: [{ key: 'DEMO-5', verdict: 'failed', comment: 'Broken.' }],
    });
    expect(submitted.statusCode).toBe(200);
    // The page on another device names who answered, as this one does.
    expect((await h.publicCall('/jira/review/getNotice', { token })).json().data.reviewer).toBe('Ann Client');
    expect(await statusOf('DEMO-5')).toMatchObject({
      state: 'failed',
      reviewer: 'Ann Client',
      signedOff: false,
    });
    expect(await statusOf('DEMO-6')).toMatchObject({ state: 'waiting', reviewer: null });
    const early = await h.publicCall('/jira/review/signOff', { token, reviewer: 'Ann Client' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(REVIEW_SIGN_OFF_INCOMPLETE);
    await h.publicCall('/jira/review/submitVerdicts', {
      token,
      reviewer: 'Ann Client',
      verdicts: [{ key: 'DEMO-6', verdict: 'passed' }],
    });
    expect(await statusOf('DEMO-6')).toMatchObject({ state: 'passed', signedOff: false });
    const signed = await h.publicCall('/jira/review/signOff', { token, reviewer: 'Ann Client' });
    expect(await statusOf('DEMO-6')).toMatchObject({ state: 'passed', signedOff: true });
    expect(signed.json()).toEqual({ status: 200, message: 'Thank you. Your sign-off was sent to the team.' });
    for (const again of [
      () => h.publicCall('/jira/review/signOff', { token, reviewer: 'Bob' }),
      () =>
        h.publicCall('/jira/review/submitVerdicts', {
          token,
          verdicts: [{ key: 'DEMO-5', verdict: 'passed' }],
        }),
    ]) {
      const refused = await again();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This notice is already signed off.');
    }
    const notice = (await h.publicCall('/jira/review/getNotice', { token })).json().data;
    expect(notice.signedOff).toMatchObject({ by: 'Ann Client', conditional: true });

    const sends = (
      await h.call('/jira/getProjectSends', { userId: member.userId, projectKey: 'DEMO' })
    ).json().data as Array<{ subject: string; review: { stories: unknown[]; signedOff: unknown } }>;
    const review = sends.find((send) => send.subject === 'Sign me')!.review;
    expect(review.signedOff).toMatchObject({ by: 'Ann Client', conditional: true });
    expect(review.stories).toMatchObject([
      { key: 'DEMO-5', verdict: 'failed', reviewer: 'Ann Client' },
      { key: 'DEMO-6', verdict: 'passed', reviewer: 'Ann Client' },
    ]);

    // The owner's summary, and the Jira comment's second line.
    const summary = await waitFor(() =>
      t.db
        .selectFrom('mail_messages')
        .select(['subject', 'text_body', 'to_addresses'])
        .where('purpose', '=', 'review-sign-off')
        .executeTakeFirst(),
    );
    expect(summary.subject).toBe('Conditional sign-off: Rounds');
    expect(summary.to_addresses).toEqual([member.email]);
    expect(summary.text_body).toContain('This is a conditional sign-off: 1 story failed.');
    expect(summary.text_body).toContain('- DEMO-5 ');
    const comment = await waitFor(() =>
      t.db
        .selectFrom('demo_tracker_comments')
        .select('body')
        .where('issue_key', '=', 'DEMO-5')
        .executeTakeFirst(),
    );
    const paragraphs = JSON.stringify(comment.body);
    expect(paragraphs).toContain('Client review: Failed');
    expect(paragraphs).toContain('Reviewed by Ann Client');
  });
});

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the review status of a project', () => {
  it('lists every story ever sent with its state, rounds, latest answer and sign-off', async () => {
    const res = await h.call('/jira/review/getStatus', { userId: member.userId, projectKey: 'DEMO' });
    expect(res.statusCode).toBe(200);
    const byKey = new Map(
      (res.json().data as Array<Record<string, unknown> & { key: string }>).map((s) => [s.key, s]),
    );
    // Failed twice, moved again: offered for a third round.
    expect(byKey.get('DEMO-1')).toMatchObject({
      summary: 'Guest checkout',
      state: 'retest',
      rounds: 2,
      signedOff: false,
    });
    expect(byKey.get('DEMO-2')).toMatchObject({ state: 'failed', rounds: 1 });
    expect(byKey.get('DEMO-3')).toMatchObject({ state: 'waiting', rounds: 1, answeredAt: null });
    expect(byKey.get('DEMO-5')).toMatchObject({
      state: 'failed',
      rounds: 1,
      reviewer: 'Ann Client',
      comment: 'Broken.',
      signedOff: true,
    });
    expect(byKey.get('DEMO-6')).toMatchObject({ state: 'passed', signedOff: true });
    // The database writes this answer's JSON: the client's text comes back as typed.
    expect(byKey.get('DEMO-8')).toMatchObject({ state: 'passed', comment: REWORDED });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reviewStatusAnswer.parse(res.json())).toEqual(res.json());
    const compressed = await t.app.inject({
      method: 'POST',
      url: '/jira/review/getStatus',
      headers: { authorization: `Bearer ${member.idToken}`, 'accept-encoding': 'gzip' },
      payload: { userId: member.userId, projectKey: 'DEMO' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(res.body);

    // Offer again a passed story: it becomes a re-test, drafted on the next fetch (once).
    const offered = await h.call('/jira/offerAgain', {
      userId: member.userId,
      projectKey: 'DEMO',
      issueKey: 'DEMO-6',
    });
    expect(offered.json()).toEqual({
      status: 200,
      message: 'The story will be offered for re-test on the next fetch.',
    });
    const after = (await h.call('/jira/review/getStatus', { userId: member.userId, projectKey: 'DEMO' }))
      .json()
      .data.find((s: { key: string }) => s.key === 'DEMO-6');
    expect(after.state).toBe('retest');
    const never = await h.call('/jira/offerAgain', {
      userId: member.userId,
      projectKey: 'DEMO',
      issueKey: 'DEMO-9',
    });
    expect(never.statusCode).toBe(404);
    const offer = await t.db
      .selectFrom('retest_offers')
      .select(['reason', 'asked_by_user_id'])
      .where('issue_key', '=', 'DEMO-6')
      .executeTakeFirstOrThrow();
    expect(offer).toEqual({ reason: 'asked', asked_by_user_id: member.userId });
  });
});
