// The projects list's review summary (POST /jira/review/getSummaries) and the review status screen
// (POST /jira/review/getStatus) count the same thing: one state per story ever sent. After re-sends, a
// revoked link and a notice past its answer-by date, a project's summary is its review status counted by
// core's countStates, as the screen's chips count it (the old summary added up every open link's stories:
// 8 passed on the list where the screen showed 0).
import { reviewSummariesAnswer } from '@handoff/core/api';
import { countStates } from '@handoff/core/review-states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, roundHelpers } from '../testing/review-round.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The review calls' clock: moved on by the test to make a notice overdue. */
let clockOffsetMs = 0;
let t: TestApp;
let member: Member;
let h: ReturnType<typeof roundHelpers>;

beforeAll(async () => {
  t = await createTestApp({}, { review: { now: () => new Date(Date.now() + clockOffsetMs) } });
  const account = {
    email: 'summaries@example.test',
    password: 'summaries-password',
    apikey: 'summaries-jira',
  };
  member = { ...(await signUpAndSignIn(t.app, account)), ...account };
  h = roundHelpers(t.app, t.db, member);
  for (const [projectKey, projectName] of [
    ['DEMO', 'Web Shop'],
    ['OTHER', 'Nothing sent yet'],
  ]) {
    const added = await h.call('/jira/addProject', {
      userId: member.userId,
      projectKey,
      projectName,
      clientEmails: ['client@example.test'],
    });
    expect(added.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

/** Sends the stories the send screen would draft now; answers the notice's review token. */
async function sendDraft(subject: string, answerBy?: string): Promise<string> {
  const draft = await h.draft('DEMO');
  const sent = await h.send('DEMO', draft.includedKeys, draft.text, subject, [], answerBy);
  expect(sent.statusCode).toBe(200);
  return h.tokenOf(subject);
}

async function offerAgain(...issueKeys: string[]) {
  for (const issueKey of issueKeys) {
    const offered = await h.call('/jira/offerAgain', { userId: member.userId, projectKey: 'DEMO', issueKey });
    expect(offered.statusCode).toBe(200);
  }
}

async function answer(token: string, verdicts: Array<{ key: string; verdict: 'passed' | 'failed' }>) {
  expect((await h.publicCall('/jira/review/submitVerdicts', { token, verdicts })).statusCode).toBe(200);
}

describe("the projects list's review summary", () => {
  it('agrees with the review status after re-sends, a revoked link and an overdue notice', async () => {
    const stories = (await h.draft('DEMO')).includedKeys;
    expect(stories).toEqual(['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4', 'DEMO-10']);
    // Round A: every story answered, one failed.
    const a = await sendDraft('Round A');
    await answer(
      a,
      stories.map((key) => ({ key, verdict: key === 'DEMO-1' ? 'failed' : 'passed' })),
    );
    // Round B: all of them again; the client passes DEMO-2 only.
    await offerAgain(...stories);
    await answer(await sendDraft('Round B'), [{ key: 'DEMO-2', verdict: 'passed' }]);
    // Round C: two of them again, to answer by tomorrow; its link is revoked.
    await offerAgain('DEMO-3', 'DEMO-4');
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    await sendDraft('Round C', tomorrow);
    const sends = (
      await h.call('/jira/getProjectSends', { userId: member.userId, projectKey: 'DEMO' })
    ).json().data as Array<{ id: string; subject: string }>;
    const revoked = await h.call('/jira/review/revokeLink', {
      userId: member.userId,
      projectKey: 'DEMO',
      sendId: sends.find((send) => send.subject === 'Round C')?.id,
    });
    expect(revoked.statusCode).toBe(200);
    // Three days on, round C's stories are still unanswered past its answer-by date.
    clockOffsetMs = 3 * DAY_MS;

    const summaries = await h.call('/jira/review/getSummaries', { userId: member.userId });
    expect(summaries.statusCode).toBe(200);
    expect(reviewSummariesAnswer.parse(summaries.json())).toEqual(summaries.json());
    const status = await h.call('/jira/review/getStatus', { userId: member.userId, projectKey: 'DEMO' });
    const counted = countStates(status.json().data);
    // DEMO-2 passed in B; DEMO-1 (failed in A) and DEMO-10 (passed in A) sent again in B and not answered
    // there, DEMO-3 and DEMO-4 (passed in A) overdue in C: each keeps its latest answer until a newer one
    // replaces it. Five stories, each once: not A's and B's links added up (5 passed, 1 failed, 4 waiting).
    expect(counted).toEqual({ passed: 4, failed: 1, waiting: 0, retest: 0, overdue: 0 });
    const entries = status.json().data as Array<{ key: string; state: string; lastVerdict: string | null }>;
    expect(entries.find((entry) => entry.key === 'DEMO-1')).toMatchObject({
      state: 'retest',
      lastVerdict: 'failed',
    });
    expect(entries.find((entry) => entry.key === 'DEMO-3')).toMatchObject({
      state: 'retest',
      lastVerdict: 'passed',
      overdue: true,
    });
    // A project that sent nothing has no summary (the list shows no pills for it).
    expect(summaries.json().data).toEqual({ DEMO: counted });
  });

  it('follows the review status when the client answers and a story is offered again', async () => {
    const token = await h.tokenOf('Round B');
    await answer(token, [{ key: 'DEMO-10', verdict: 'failed' }]);
    await offerAgain('DEMO-2');
    const summaries = (await h.call('/jira/review/getSummaries', { userId: member.userId })).json().data;
    const status = await h.call('/jira/review/getStatus', { userId: member.userId, projectKey: 'DEMO' });
    expect(summaries.DEMO).toEqual(countStates(status.json().data));
    // DEMO-10 failed in B; DEMO-2, offered again, stays Passed until the client answers its re-test.
    expect(summaries.DEMO).toEqual({ passed: 3, failed: 2, waiting: 0, retest: 0, overdue: 0 });
  });
});
