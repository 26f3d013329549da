// The client's review of a notice (main README, "The client's review"), end to end on the server: a notice sent over a real SMTP
// server carries its link; the page's calls read and answer it; verdicts reach the demo tracker (Jira's
// API over HTTP, behind a proxy that can fail like Jira does) as comments, once each.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testStepsOf } from '@handoff/core';
import { REVIEW_LINK_INVALID, REVIEW_THANKS } from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppOptions, buildApp } from '../app.ts';
import type { Db } from '../db/database.ts';
import { type FakeJira, type FakeRequest, sendJson, startFakeJira } from '../testing/fake-jira.ts';
import { Mailbox } from '../testing/mailbox.ts';
import { multipartBody } from '../testing/multipart.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { type Caller, callAs } from '../testing/team.ts';
import { testConfig } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { DEMO_ISSUES, DEMO_STATUSES } from '../tracker/demo/demo-data.ts';
import { adfErrors, openApiErrors } from '../tracker/testdata/atlassian-schemas.ts';
import { verdictMarker } from './write-back.job.ts';

/** How Jira (the proxy in front of the demo tracker) fails the next comment posts. */
type Fault = { status: number; retryAfter?: string } | 'answer-late';

const mailbox = new Mailbox();
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let tracker: FastifyInstance;
let trackerUrl: string;
let jira: FakeJira;
let app: FastifyInstance;
let webRoot: string;
let smtpPort: number;
let owner: Caller & { email: string; apikey: string };
const commentFaults: Fault[] = [];
let projectCounter = 0;

/** An app on the shared database, calling Jira through the proxy; closed by the test that builds it. */
async function startApp(review: AppOptions['review'] = {}): Promise<FastifyInstance> {
  const built = await buildApp({
    config: testConfig({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JIRA_BASE_URL: jira.url,
      PUBLIC_URL: 'https://handoff.example.test',
    }),
    db,
    webRoot,
    review: { jiraTimeoutMs: 1_000, ...review },
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  smtpPort = await mailbox.listen();
  database = await createTestDatabase();
  db = database.db;
  webRoot = mkdtempSync(path.join(tmpdir(), 'handoff-review-web-'));
  writeFileSync(
    path.join(webRoot, 'review.html'),
    '<!DOCTYPE html><title>Review</title><link rel="stylesheet" crossorigin href="/assets/review-1a2b.css">',
  );
  writeFileSync(path.join(webRoot, 'index.html'), '<!DOCTYPE html><title>Admin</title>');
  // The demo tracker, served by a server of its own on the same database (its users are ours).
  tracker = await buildApp({ config: testConfig(), db, webRoot: false, jobs: { run: false } });
  await tracker.listen({ port: 0, host: '127.0.0.1' });
  trackerUrl = `http://127.0.0.1:${(tracker.server.address() as { port: number }).port}`;
  jira = await startFakeJira(forwardToTracker);
  app = await startApp();
  const account = { email: 'owner@example.test', password: 'owner-password', apikey: 'owner-jira-token' };
  owner = { ...(await signUpAndSignIn(app, account)), email: account.email, apikey: account.apikey };
});
afterAll(async () => {
  await app.close();
  await tracker.close();
  await jira.close();
  await mailbox.close();
  await database.drop();
  rmSync(webRoot, { recursive: true, force: true });
});

/** Jira: the demo tracker over HTTP, unless a fault is queued for the next comment post. */
async function forwardToTracker(request: FakeRequest, response: import('node:http').ServerResponse) {
  // Only on the issue the write-back tests use, so other tests' comments are never hit.
  const isCommentPost = request.method === 'POST' && request.path.endsWith('/issue/DEMO-8/comment');
  const fault = isCommentPost ? commentFaults.shift() : undefined;
  if (fault && fault !== 'answer-late') {
    sendJson(
      response,
      fault.status,
      { errorMessages: ['Jira is having a moment.'], errors: {} },
      fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
    );
    return;
  }
  const forwarded = await fetch(`${trackerUrl}${request.path}?${request.query}`, {
    method: request.method,
    headers: {
      accept: 'application/json',
      authorization: String(request.headers.authorization ?? ''),
      ...(request.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body ? { body: request.body } : {}),
  });
  const text = await forwarded.text();
  // Jira did the work but the answer never arrives in time: the caller times out.
  if (fault === 'answer-late') await new Promise((resolve) => setTimeout(resolve, 2_500));
  if (response.destroyed) return;
  response.writeHead(forwarded.status, { 'content-type': 'application/json;charset=UTF-8' });
  response.end(text);
}

const call = (url: string, body: object, caller: Caller = owner) => callAs(app, caller, url, body);
const publicCall = (url: string, body: object, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url, payload: body, remoteAddress });

/**
 * A project of the demo tracker's DEMO stories (a send names only its own project's stories), in a
 * workspace of its own: a fresh owner, who sends the test's notices and whose Jira token writes back.
 */
async function newProject(): Promise<string> {
  projectCounter += 1;
  const projectKey = 'DEMO';
  const account = {
    email: `owner-${projectCounter}@example.test`,
    password: 'owner-password',
    apikey: `owner-${projectCounter}-jira-token`,
  };
  owner = { ...(await signUpAndSignIn(app, account)), email: account.email, apikey: account.apikey };
  const added = await call('/jira/addProject', {
    userId: owner.userId,
    projectKey,
    projectName: `Review <Project> ${projectCounter}`,
    clientEmails: ['client@example.test'],
  });
  expect(added.statusCode).toBe(200);
  return projectKey;
}

const DRAFT =
  'Dear customer,\n\nThe following features are finished:\n- Guest <checkout> & "more"\n- Saved cards\n\n' +
  'Please test the following:\nGuest checkout:\n- Open the basket\n- Pay as a guest\n\nRegards,';

/** Sends a notice of the project's stories by hand; returns the received e-mail and its review token. */
async function sendNotice(
  projectKey: string,
  issueKeys: string[],
): Promise<{ mail: ParsedMail; token: string; sendId: string }> {
  // Unique per notice: every project of these tests is DEMO.
  const subject = `Request for Testing ${projectKey} of project ${projectCounter}`;
  const body = await multipartBody([
    ['subject', subject],
    ['text', DRAFT],
    ['to', 'client@example.test'],
    ['projectKey', projectKey],
    ['issueKeys', issueKeys.join(',')],
  ]);
  const sent = await app.inject({
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { authorization: `Bearer ${owner.idToken}`, ...body.headers },
    payload: body.payload,
  });
  expect(sent.statusCode).toBe(200);
  const mail = await mailbox.waitFor((m) => m.subject === subject);
  const token = /\/review\/([\w-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error('the notice has no review link');
  return { mail, token, sendId: sent.json().data.sendId };
}

async function history(projectKey: string) {
  const res = await call('/jira/getProjectSends', { userId: owner.userId, projectKey });
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{ id: string; review: Record<string, unknown> | null }>;
}

/** The review of the notice as staff see it, once every verdict given has left `pending`. */
async function settledReview(projectKey: string, sendId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const review = (await history(projectKey)).find((send) => send.id === sendId)?.review as {
      stories: Array<{
        key: string;
        verdict: string;
        writeBack: string | null;
        writeBackError: string | null;
      }>;
      linkState: string;
    };
    if (review.stories.every((story) => story.writeBack !== 'pending')) return review;
    if (Date.now() > deadline) throw new Error(`write-back still pending: ${JSON.stringify(review)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The demo tracker's comments on an issue, as Jira answers GET …/comment. */
async function commentsOn(issueKey: string) {
  const response = await fetch(`${trackerUrl}/rest/api/3/issue/${issueKey}/comment`, {
    headers: {
      accept: 'application/json',
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apikey}`).toString('base64')}`,
    },
  });
  expect(response.status).toBe(200);
  const page = (await response.json()) as { comments: Array<{ id: string; body: unknown }> };
  expect(openApiErrors('PageOfComments', page)).toEqual([]);
  return page.comments;
}

async function verdictIds(sendId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('review_verdicts as v')
    .innerJoin('review_links as l', 'l.id', 'v.link_id')
    .select('v.id')
    .where('l.send_id', '=', sendId)
    .orderBy('v.created_at')
    .execute();
  return rows.map((row) => row.id);
}

const commentsWith = (comments: Array<{ body: unknown }>, marker: string) =>
  comments.filter((comment) => JSON.stringify(comment.body).includes(marker));

describe('a notice carries its review link', () => {
  it('in the text part after the draft as left, and as a button in an escaped HTML part; the database keeps only its hash', async () => {
    const projectKey = await newProject();
    const { mail, token } = await sendNotice(projectKey, ['DEMO-1', 'DEMO-2']);
    expect(token).toMatch(/^[\w-]{43}$/);
    const link = `https://handoff.example.test/review/${token}`;
    expect(mail.text?.replace(/\n$/, '')).toBe(`${DRAFT}\n\nReview and report results: ${link}`);
    const html = String(mail.html);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('>Review and report results</a>');
    // Each finished feature with its Passed and Failed links (they only preselect the verdict).
    expect(html).toContain(
      `<li>Guest &lt;checkout&gt; &amp; &quot;more&quot; &nbsp;<a href="${link}?story=DEMO-1&amp;verdict=passed"`,
    );
    // Each story's test steps: its name, then the steps as a list.
    expect(html).toContain(
      '<p style="margin:0 0 12px">Guest checkout:</p><ul style="margin:0 0 12px;padding-left:24px"><li>Open the basket</li><li>Pay as a guest</li></ul>',
    );
    expect(html).toContain('<p style="margin:0 0 12px">Regards,</p>');
    // The button before the closing; under it the sender's signature: the company as clients see it (the
    // unnamed workspace: the sender's e-mail domain; this owner gave no display name).
    expect(html.indexOf('>Review and report results</a>')).toBeLessThan(html.indexOf('Regards,'));
    expect(html).toContain(
      '<p style="margin:0 0 12px">Regards,</p><p style="margin:0 0 16px"><span style="color:#52606d">example.test</span></p>',
    );
    expect(html).not.toMatch(/<script|<img|<link|url\(/i);
    expect(html).toContain('<table role="presentation"');

    const stored = await db
      .selectFrom('review_links')
      .select('token_hash')
      .where('token_hash', '=', createHash('sha256').update(token).digest('base64url'))
      .execute();
    expect(stored).toHaveLength(1);
    // With SMTP, neither the outbox copy nor the send record holds a working link.
    const outbox = await db
      .selectFrom('mail_messages')
      .select('text_body')
      .where('purpose', '=', 'stories')
      .execute();
    const sends = await db.selectFrom('sends').select('text_body').execute();
    const links = await db.selectFrom('review_links').select(['token_hash', 'token_sealed']).execute();
    expect(JSON.stringify([outbox, sends, links])).not.toContain(token);
    // Staff get the link itself from the history (kept sealed under SECRET_KEY), to pass it on.
    expect((await history(projectKey))[0]?.review).toMatchObject({ linkState: 'active', url: link });
  });

  it('without SMTP, the outbox copy holds the link (that is how the demo is followed)', async () => {
    const local = await buildApp({ config: testConfig(), db, webRoot: false, jobs: { run: false } });
    await local.ready();
    try {
      const projectKey = await newProject();
      const body = await multipartBody([
        ['subject', 'Outbox notice'],
        ['text', DRAFT],
        ['to', 'client@example.test'],
        ['projectKey', projectKey],
        ['issueKeys', 'DEMO-1'],
      ]);
      const sent = await local.inject({
        method: 'POST',
        url: '/jira/sendDownloadedIssues',
        headers: { authorization: `Bearer ${owner.idToken}`, ...body.headers },
        payload: body.payload,
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data.delivered).toBe(false);
      const kept = await db
        .selectFrom('mail_messages')
        .select('text_body')
        .where('subject', '=', 'Outbox notice')
        .executeTakeFirstOrThrow();
      const token = /\/review\/([\w-]{43})$/.exec(kept.text_body)?.[1] as string;
      expect(kept.text_body).toBe(
        `${DRAFT}\n\nReview and report results: http://localhost:3000/review/${token}`,
      );
      const notice = await local.inject({
        method: 'POST',
        url: '/jira/review/getNotice',
        payload: { token },
      });
      expect(notice.statusCode).toBe(200);
      // The Sent history shows the message as kept, link included, so staff can follow the demo.
      const sends = await local.inject({
        method: 'POST',
        url: '/jira/getProjectSends',
        headers: { authorization: `Bearer ${owner.idToken}` },
        payload: { userId: owner.userId, projectKey },
      });
      expect(sends.json().data[0]).toMatchObject({ delivered: false, text: kept.text_body });
    } finally {
      await local.close();
    }
  });

  it('notices sent before reviews existed have no review in the history', async () => {
    const projectKey = await newProject();
    const { sendId } = await sendNotice(projectKey, ['DEMO-3']);
    await db.deleteFrom('review_links').where('send_id', '=', sendId).execute();
    expect((await history(projectKey))[0]).toMatchObject({ id: sendId, review: null });
  });
});

describe('the review page and its calls', () => {
  it("shows the project's name and only the notice's stories, with test steps as the draft lists them", async () => {
    const projectKey = await newProject();
    const { token } = await sendNotice(projectKey, ['DEMO-1', 'DEMO-2']);
    const res = await publicCall('/jira/review/getNotice', { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const data = res.json().data;
    expect(data.projectName).toBe(`Review <Project> ${projectCounter}`);
    const expected = ['DEMO-1', 'DEMO-2'].map((key) => {
      const issue = DEMO_ISSUES.find((candidate) => candidate.key === key)!;
      return {
        key,
        summary: issue.summary,
        testSteps: testStepsOf(issue.description ?? 'N/A'),
        // The project groups nothing (the default).
        group: null,
        verdict: null,
        comment: null,
      };
    });
    expect(data.stories).toEqual(expected);
    expect(expected.some((story) => story.testSteps.length > 0)).toBe(true);
    // About people, only who sent it: no user id.
    expect(data.senderEmail).toBe(owner.email);
    expect(res.body).not.toContain(owner.userId);
  });

  it('gives the client a mention as the name and a link into the tracker as the issue key, as the draft lists them', async () => {
    const projectKey = await newProject();
    // DEMO-10's last step mentions "@Mia Krystof" and links DEMO-2 with an inline card.
    const { token } = await sendNotice(projectKey, ['DEMO-10']);
    const res = await publicCall('/jira/review/getNotice', { token });
    const steps: string[] = res.json().data.stories[0].testSteps;
    expect(steps.at(-1)).toBe('Ask Mia Krystof to verify; see DEMO-2 [READY]');
    expect(steps.join('\n')).not.toMatch(/@Mia|\/browse\//);
    const issue = DEMO_ISSUES.find((candidate) => candidate.key === 'DEMO-10')!;
    expect(steps).toEqual(testStepsOf(issue.description));
  });

  it("gives each story its group under the project's Group stories by, read from the tracker", async () => {
    const projectKey = await newProject();
    const grouped = await call('/jira/updateFirebaseProject', {
      userId: owner.userId,
      projectKey,
      updatedProject: { groupBy: 'epic' },
    });
    expect(grouped.json().data.groupBy).toBe('epic');
    const { token } = await sendNotice(projectKey, ['DEMO-1', 'DEMO-2', 'DEMO-10']);
    const stories = (await publicCall('/jira/review/getNotice', { token })).json().data.stories;
    expect(
      stories.map((story: { key: string; group: { name: string } | null }) => [
        story.key,
        story.group?.name ?? null,
      ]),
    ).toEqual([
      ['DEMO-1', 'Checkout'],
      ['DEMO-2', 'Discovery'],
      ['DEMO-10', null],
    ]);
    // The status screen's entries carry the epic and type the notice's stories had.
    const status = await call('/jira/review/getStatus', { userId: owner.userId, projectKey });
    const entry = status.json().data.find((story: { key: string }) => story.key === 'DEMO-1');
    expect(entry).toMatchObject({ epic: { name: 'Checkout' }, type: { name: 'Story' } });
  });

  it('names the sender\'s e-mail domain as the company until an owner names the workspace, never "{e-mail}\'s team"', async () => {
    const projectKey = await newProject();
    const { token } = await sendNotice(projectKey, ['DEMO-1']);
    const company = async () =>
      (await publicCall('/jira/review/getNotice', { token })).json().data.workspaceName;
    expect(await company()).toBe('example.test');
    const renamed = await call('/jira/renameWorkspace', { userId: owner.userId, name: 'Acme Studio' });
    expect(renamed.statusCode).toBe(200);
    expect(await company()).toBe('Acme Studio');
  });

  it('says why a link no longer works, naming the company and the sender of a known one', async () => {
    const projectKey = await newProject();
    const { token, sendId } = await sendNotice(projectKey, ['DEMO-1']);
    // The page's language and messages: client-language.test.ts.
    const state = async (of = token) => {
      const { language, messages, ...rest } = (
        await publicCall('/jira/review/getLinkState', { token: of })
      ).json().data;
      expect({ language, heading: messages['review.linkInvalid'] }).toEqual({
        language: 'en',
        heading: 'This review link is no longer valid',
      });
      return rest;
    };
    const sender = {
      workspaceName: 'example.test',
      logoUrl: null,
      senderEmail: owner.email,
      senderName: null,
    };
    // The project, for a link that exists; when it stopped working, once it has.
    const { projectName } = await state();
    expect(projectName).toEqual(expect.any(String));
    expect(await state()).toEqual({ state: 'open', ...sender, projectName, endedAt: null });
    expect(await state('A'.repeat(43))).toEqual({
      state: 'unknown',
      workspaceName: null,
      logoUrl: null,
      senderEmail: null,
      senderName: null,
      projectName: null,
      endedAt: null,
    });
    const expiredAt = new Date(Date.now() - 1000);
    await db
      .updateTable('review_links')
      .set({ expires_at: expiredAt })
      .where('send_id', '=', sendId)
      .execute();
    expect(await state()).toEqual({
      state: 'expired',
      ...sender,
      projectName,
      endedAt: expiredAt.toISOString(),
    });
    const before = Date.now();
    const revoked = await call('/jira/review/revokeLink', { userId: owner.userId, projectKey, sendId });
    expect(revoked.statusCode).toBe(200);
    const { endedAt, ...revokedState } = await state();
    expect(revokedState).toEqual({ state: 'revoked', ...sender, projectName });
    expect(Date.parse(endedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('GET /review/{token} serves the review page for a working link, and with status 404 otherwise (it then asks why)', async () => {
    const projectKey = await newProject();
    const { token } = await sendNotice(projectKey, ['DEMO-1']);
    const page = await app.inject({ method: 'GET', url: `/review/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Review</title>');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const nearMiss = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [`/review/${'x'.repeat(43)}`, '/review/short', `/review/${nearMiss}`]) {
      const invalid = await app.inject({ method: 'GET', url });
      expect(invalid.statusCode).toBe(404);
      expect(invalid.headers['content-type']).toMatch(/^text\/html/);
      expect(invalid.body).toContain('<title>Review</title>');
      expect(invalid.headers['cache-control']).toBe('no-store');
    }
  });

  it('takes verdicts with nothing but the link, keeps every change, and shows the latest', async () => {
    const projectKey = await newProject();
    const { token, sendId } = await sendNotice(projectKey, ['DEMO-1', 'DEMO-2']);
    const first = await publicCall('/jira/review/submitVerdicts', {
      token,
      verdicts: [{ key: 'DEMO-1', verdict: 'failed', comment: 'The pay button does nothing.' }],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 200, message: REVIEW_THANKS });
    // Written back before the client changes it (only a story's latest verdict is written: see the
    // quiet-period test).
    await settledReview(projectKey, sendId);
    const second = await publicCall('/jira/review/submitVerdicts', {
      token,
      verdicts: [
        { key: 'DEMO-1', verdict: 'passed' },
        { key: 'DEMO-2', verdict: 'passed', comment: 'Fine.' },
      ],
    });
    expect(second.statusCode).toBe(200);
    const notice = (await publicCall('/jira/review/getNotice', { token })).json().data;
    expect(
      notice.stories.map((s: { key: string; verdict: string; comment: string | null }) => [
        s.key,
        s.verdict,
        s.comment,
      ]),
    ).toEqual([
      ['DEMO-1', 'passed', null],
      ['DEMO-2', 'passed', 'Fine.'],
    ]);
    expect(await verdictIds(sendId)).toHaveLength(3);

    const review = await settledReview(projectKey, sendId);
    expect(review).toMatchObject({
      linkState: 'active',
      stories: [
        { key: 'DEMO-1', verdict: 'passed', comment: null, writeBack: 'written', writeBackError: null },
        { key: 'DEMO-2', verdict: 'passed', comment: 'Fine.', writeBack: 'written', writeBackError: null },
      ],
    });
    // Each verdict became one comment at Jira, in Atlassian's shapes.
    const [failedId, ...passedIds] = await verdictIds(sendId);
    const onFirst = await commentsOn('DEMO-1');
    const failedComment = commentsWith(onFirst, verdictMarker(failedId!));
    expect(failedComment).toHaveLength(1);
    expect(adfErrors(failedComment[0]!.body)).toEqual([]);
    const text = JSON.stringify(failedComment[0]!.body);
    expect(text).toContain('Client review: Failed');
    expect(text).toContain('The pay button does nothing.');
    expect(text).toContain(`Request for Testing ${projectKey}`);
    for (const id of passedIds) {
      const comments = commentsWith([...onFirst, ...(await commentsOn('DEMO-2'))], verdictMarker(id));
      expect(comments).toHaveLength(1);
      expect(JSON.stringify(comments[0]!.body)).toContain('Client review: Passed');
    }

    // The Failed verdict was e-mailed to the project's owner, once for its submission.
    const told = await mailbox.waitFor(
      (m) => m.subject === `Client review: 1 story failed in Review <Project> ${projectCounter}`,
    );
    expect(told.text).toContain('The pay button does nothing.');
    expect(JSON.stringify(told.to)).toContain(owner.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.messages.filter((m) => m.subject === told.subject)).toHaveLength(1);
  });

  it("refuses stories that are not the notice's, and unknown, revoked or expired links alike", async () => {
    const projectKey = await newProject();
    const { token, sendId } = await sendNotice(projectKey, ['DEMO-4']);
    const foreign = await publicCall('/jira/review/submitVerdicts', {
      token,
      verdicts: [{ key: 'DEMO-5', verdict: 'passed' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(await verdictIds(sendId)).toEqual([]);

    const unknown = await publicCall('/jira/review/getNotice', { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'REVIEW_LINK_INVALID', message: REVIEW_LINK_INVALID });

    // Expired: the link's time is up (moved by hand, as the ledger's clock would have set it).
    await db
      .updateTable('review_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('send_id', '=', sendId)
      .execute();
    for (const url of ['/jira/review/getNotice', '/jira/review/submitVerdicts']) {
      const expired = await publicCall(url, {
        token,
        ...(url.endsWith('submitVerdicts') ? { verdicts: [{ key: 'DEMO-4', verdict: 'passed' }] } : {}),
      });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().message).toBe(REVIEW_LINK_INVALID);
    }
    expect((await history(projectKey))[0]?.review).toMatchObject({ linkState: 'expired' });
  });

  it('staff revoke a link from the history; another workspace cannot', async () => {
    const projectKey = await newProject();
    const { token, sendId } = await sendNotice(projectKey, ['DEMO-6']);
    const stranger = await signUpAndSignIn(app, {
      email: 'stranger@example.test',
      password: 'stranger-password',
      apikey: 'stranger-token',
    });
    const refused = await call(
      '/jira/review/revokeLink',
      { userId: stranger.userId, projectKey, sendId },
      stranger,
    );
    expect(refused.statusCode).toBe(404);
    expect((await publicCall('/jira/review/getNotice', { token })).statusCode).toBe(200);

    const revoked = await call('/jira/review/revokeLink', { userId: owner.userId, projectKey, sendId });
    expect(revoked.statusCode).toBe(200);
    expect((await publicCall('/jira/review/getNotice', { token })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/review/${token}` })).statusCode).toBe(404);
    expect((await history(projectKey))[0]?.review).toMatchObject({ linkState: 'revoked', url: null });
  });

  it('rate-limits per address (generously) and per link', async () => {
    const projectKey = await newProject();
    const { token } = await sendNotice(projectKey, ['DEMO-7']);
    const address = '198.51.100.20';
    // 100 page views (the page and its data call each) and 50 submissions an hour from one office.
    for (let i = 0; i < 100; i++) {
      expect(
        (await app.inject({ method: 'GET', url: `/review/${token}`, remoteAddress: address })).statusCode,
      ).toBe(200);
      expect((await publicCall('/jira/review/getNotice', { token }, address)).statusCode).toBe(200);
    }
    for (let i = 0; i < 50; i++) {
      const submitted = await publicCall(
        '/jira/review/submitVerdicts',
        { token, verdicts: [{ key: 'DEMO-7', verdict: i % 2 ? 'passed' : 'failed' }] },
        address,
      );
      expect(submitted.statusCode).toBe(200);
    }
    let limited = await publicCall('/jira/review/getNotice', { token }, address);
    for (let i = 0; i < 300 && limited.statusCode === 200; i++) {
      limited = await publicCall('/jira/review/getNotice', { token }, address);
    }
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The link's own limit holds whatever the address.
    let perLink = await publicCall('/jira/review/getNotice', { token }, '192.0.2.1');
    for (let i = 2; i < 200 && perLink.statusCode === 200; i++) {
      perLink = await publicCall('/jira/review/getNotice', { token }, `192.0.2.${i}`);
    }
    expect(perLink.statusCode).toBe(429);
  });
});

describe('writing verdicts back to Jira', () => {
  async function submitOne(verdict: 'passed' | 'failed' = 'passed') {
    const projectKey = await newProject();
    const { token, sendId } = await sendNotice(projectKey, ['DEMO-8']);
    const submitted = await publicCall('/jira/review/submitVerdicts', {
      token,
      verdicts: [{ key: 'DEMO-8', verdict }],
    });
    expect(submitted.statusCode).toBe(200);
    return { projectKey, sendId };
  }

  it("retries Jira's 429 after its Retry-After, and its 5xx, then posts the comment once", async () => {
    commentFaults.push({ status: 429, retryAfter: '1' }, { status: 503 });
    const started = Date.now();
    const { projectKey, sendId } = await submitOne();
    const review = await settledReview(projectKey, sendId);
    expect(review.stories[0]).toMatchObject({ writeBack: 'written' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    const [id] = await verdictIds(sendId);
    expect(commentsWith(await commentsOn('DEMO-8'), verdictMarker(id!))).toHaveLength(1);
    expect(commentFaults).toEqual([]);
  });

  it('after a time-out, looks for the comment before posting again: never twice', async () => {
    commentFaults.push('answer-late');
    const { projectKey, sendId } = await submitOne();
    const review = await settledReview(projectKey, sendId);
    expect(review.stories[0]).toMatchObject({ writeBack: 'written' });
    const [id] = await verdictIds(sendId);
    expect(commentsWith(await commentsOn('DEMO-8'), verdictMarker(id!))).toHaveLength(1);
  });

  it("records Jira's refusal for staff to see", async () => {
    commentFaults.push({ status: 400 });
    const { projectKey, sendId } = await submitOne();
    const review = await settledReview(projectKey, sendId);
    expect(review.stories[0]).toMatchObject({ writeBack: 'refused' });
    expect(review.stories[0]?.writeBackError).toContain('Jira is having a moment.');
  });

  it("moves a Failed story through the project's chosen transition after the comment", async () => {
    const projectKey = await newProject();
    const { token, sendId } = await sendNotice(projectKey, ['DEMO-9']);
    const offered = await call('/jira/review/getTransitions', { userId: owner.userId, projectKey });
    expect(offered.statusCode).toBe(200);
    expect(offered.json().data).toMatchObject({ onFailed: null, onPassed: null });
    const available = offered.json().data.available as Array<{ id: string; name: string }>;
    expect(available.length).toBeGreaterThan(0);
    // Back to work, as a team would choose (the demo workflow offers every other status).
    const inProgress =
      available.find((t) => t.name === 'In Progress') ?? available.find((t) => t.name === 'To Do')!;
    const saved = await call('/jira/review/setTransitions', {
      userId: owner.userId,
      projectKey,
      onFailed: inProgress,
      onPassed: null,
    });
    expect(saved.statusCode).toBe(200);
    await publicCall('/jira/review/submitVerdicts', {
      token,
      verdicts: [{ key: 'DEMO-9', verdict: 'failed' }],
    });
    expect((await settledReview(projectKey, sendId)).stories[0]).toMatchObject({ writeBack: 'written' });
    const status = await db
      .selectFrom('demo_tracker_statuses')
      .select('status_id')
      .where('issue_key', '=', 'DEMO-9')
      .executeTakeFirst();
    expect(DEMO_STATUSES.find((candidate) => candidate.id === status?.status_id)?.name).toBe(inProgress.name);
  });

  it('a restart between submission and write-back loses nothing', async () => {
    await app.jobs.stop();
    const { projectKey, sendId } = await submitOne('failed');
    const [id] = await verdictIds(sendId);
    await app.close();
    expect(commentsWith(await commentsOn('DEMO-8'), verdictMarker(id!))).toHaveLength(0);
    app = await startApp();
    expect((await settledReview(projectKey, sendId)).stories[0]).toMatchObject({ writeBack: 'written' });
    expect(commentsWith(await commentsOn('DEMO-8'), verdictMarker(id!))).toHaveLength(1);
  });

  it('two server processes on one database post each comment once', async () => {
    const second = await startApp();
    try {
      const projectKey = await newProject();
      const { token, sendId } = await sendNotice(projectKey, ['DEMO-1', 'DEMO-2', 'DEMO-3']);
      const verdicts = [
        { key: 'DEMO-1', verdict: 'passed' },
        { key: 'DEMO-2', verdict: 'failed' },
        { key: 'DEMO-3', verdict: 'passed' },
      ];
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? second : app).inject({
            method: 'POST',
            url: '/jira/review/submitVerdicts',
            payload: { token, verdicts },
            remoteAddress: `203.0.113.${100 + i}`,
          }),
        ),
      );
      await settledReview(projectKey, sendId, 30_000);
      // The same verdicts submitted eight times are stored, and written back, once.
      const ids = await verdictIds(sendId);
      expect(ids).toHaveLength(3);
      const comments = [
        ...(await commentsOn('DEMO-1')),
        ...(await commentsOn('DEMO-2')),
        ...(await commentsOn('DEMO-3')),
      ];
      for (const id of ids) expect(commentsWith(comments, verdictMarker(id))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('staff see the answers', () => {
  it('a summary per project: its sent stories counted by state', async () => {
    const projectKey = await newProject();
    const { token } = await sendNotice(projectKey, ['DEMO-1', 'DEMO-2', 'DEMO-3']);
    await publicCall('/jira/review/submitVerdicts', {
      token,
      verdicts: [
        { key: 'DEMO-1', verdict: 'failed' },
        { key: 'DEMO-2', verdict: 'passed' },
      ],
    });
    const res = await call('/jira/review/getSummaries', { userId: owner.userId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[projectKey]).toEqual({ passed: 1, failed: 1, waiting: 1, retest: 0, overdue: 0 });
  });

  it('members may read and revoke; only owners choose transitions', async () => {
    const projectKey = await newProject();
    const memberAccount = {
      email: 'member@example.test',
      password: 'member-password',
      apikey: 'member-token',
    };
    const member = { ...(await signUpAndSignIn(app, memberAccount)), email: memberAccount.email };
    const invited = await call('/jira/inviteMember', { userId: owner.userId, email: member.email });
    expect(invited.statusCode).toBe(200);
    const invitation = await mailbox.waitFor((m) => JSON.stringify(m.to).includes(member.email));
    const joinToken = /\/join\/([\w-]+)/.exec(invitation.text ?? '')?.[1] as string;
    const joined = await callAs(app, member, '/jira/joinWorkspace', {
      userId: member.userId,
      token: joinToken,
    });
    expect(joined.statusCode).toBe(200);
    // The owner's workspace, which holds the project (every project of these tests is DEMO).
    const workspaceId = (await call('/jira/getWorkspaces', { userId: owner.userId })).json().data.current;
    const asMember = (url: string, body: object) =>
      callAs(app, member, url, { userId: member.userId, ...body }, workspaceId);
    expect((await asMember('/jira/review/getSummaries', {})).statusCode).toBe(200);
    const refused = await asMember('/jira/review/setTransitions', {
      projectKey,
      onFailed: null,
      onPassed: null,
    });
    expect(refused.statusCode).toBe(403);
  });
});
