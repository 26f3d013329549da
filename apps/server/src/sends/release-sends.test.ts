// Notices of a release (main README, "Stories of a release"): the release's name is kept with the send and
// named by its notice, review page, status and history; and the ledger's promises hold across releases: a
// story sent in one release's notice is not sent again by another's, unless it is offered again.
import { draftEmail, type Issue } from '@handoff/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../testing/multipart.ts';
import { type Member, roundHelpers } from '../testing/review-round.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let member: Member;
let h: ReturnType<typeof roundHelpers>;

beforeAll(async () => {
  t = await createTestApp();
  const account = { email: 'releases@example.test', password: 'releases-password', apikey: 'releases-jira' };
  member = { ...(await signUpAndSignIn(t.app, account)), ...account };
  h = roundHelpers(t.app, t.db, member);
  const added = await h.call('/jira/addProject', {
    userId: member.userId,
    projectKey: 'DEMO',
    projectName: 'Web Shop',
    clientEmails: ['client@example.test'],
  });
  expect(added.statusCode).toBe(200);
});
afterAll(() => t.close());

async function storiesOf(query: string): Promise<Array<Issue & { finished?: boolean }>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/jira/getProjectIssues?projectKey=DEMO&${query}`,
    headers: { authorization: `Bearer ${member.idToken}`, email: member.email, api: member.apikey },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function sendOf(release: string, issueKeys: string[], subject: string) {
  const body = await multipartBody([
    ['subject', subject],
    ['text', 'Dear customer,\n\nPlease test.'],
    ['to', 'client@example.test'],
    ['projectKey', 'DEMO'],
    ['issueKeys', issueKeys.join(',')],
    ['release', release],
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { authorization: `Bearer ${member.idToken}`, ...body.headers },
    payload: body.payload,
  });
}

describe('a notice of a release', () => {
  it('keeps the release with the send and names it in the notice, review page, status and history', async () => {
    const winter = await storiesOf('release=10201');
    const finished = winter.filter((story) => story.finished).map((story) => story.key);
    expect(finished).toEqual(['DEMO-6', 'DEMO-7', 'DEMO-10']);
    const res = await sendOf('Winter release', finished, 'Request for Testing: Winter release');
    expect(res.statusCode).toBe(200);

    const mail = await t.db
      .selectFrom('mail_messages')
      .select(['text_body'])
      .where('subject', '=', 'Request for Testing: Winter release')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Release: Winter release');

    const token = await h.tokenOf('Request for Testing: Winter release');
    const notice = await h.publicCall('/jira/review/getNotice', { token });
    expect(notice.json().data).toMatchObject({ projectName: 'Web Shop', release: 'Winter release' });

    const status = await h.call('/jira/review/getStatus', { userId: member.userId, projectKey: 'DEMO' });
    const releases = (status.json().data as Array<{ key: string; release: string | null }>).map((s) => [
      s.key,
      s.release,
    ]);
    expect(releases).toEqual([
      ['DEMO-10', 'Winter release'],
      ['DEMO-6', 'Winter release'],
      ['DEMO-7', 'Winter release'],
    ]);
    const sends = await h.call('/jira/getProjectSends', { userId: member.userId, projectKey: 'DEMO' });
    expect(sends.json().data[0]).toMatchObject({ release: 'Winter release', issueKeys: finished });
  });

  it('a story sent in one release’s notice is not sent again by another’s, unless it is offered again', async () => {
    // DEMO-10 went out in the Winter release's notice; a notice of another release naming it is refused
    // whole, e-mailing nothing.
    const refused = await sendOf('Autumn release', ['DEMO-1', 'DEMO-10'], 'Autumn with a sent story');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('STORIES_ALREADY_SENT');
    // The draft of the stories by status leaves it out too: it was sent.
    const byStatus = draftEmail(await storiesOf('status=Done'), await h.sentList('DEMO'));
    expect(byStatus.includedKeys).not.toContain('DEMO-10');
    expect(byStatus.includedKeys).toContain('DEMO-1');

    // Offered again, it is drafted as a re-test and may go out in the other release's notice, once.
    const offered = await h.call('/jira/offerAgain', {
      userId: member.userId,
      projectKey: 'DEMO',
      issueKey: 'DEMO-10',
    });
    expect(offered.statusCode).toBe(200);
    const again = (await storiesOf('release=10201')).find((story) => story.key === 'DEMO-10');
    expect(again?.retest).toBe(true);
    expect((await sendOf('Autumn release', ['DEMO-10'], 'Autumn re-test')).statusCode).toBe(200);
    expect((await sendOf('Autumn release', ['DEMO-10'], 'Autumn twice')).statusCode).toBe(409);
  });
});
