import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Mailbox } from '../testing/mailbox.ts';
import { multipartBody } from '../testing/multipart.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const mailbox = new Mailbox();
let t: TestApp;
let owner: { idToken: string; userId: string };
let stranger: { idToken: string; userId: string };
let projectCounter = 0;

beforeAll(async () => {
  const port = await mailbox.listen();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Handoff <handoff@example.test>',
  });
  owner = await signUpAndSignIn(t.app, {
    email: 'owner@example.test',
    password: 'owner-password',
    apikey: 'owner-jira',
  });
  stranger = await signUpAndSignIn(t.app, {
    email: 'other@example.test',
    password: 'other-password',
    apikey: 'x',
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});
beforeEach(() => {
  mailbox.refuseWith = undefined;
  mailbox.answer = undefined;
});

async function call(url: string, token: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
}

/** A new project of the owner's with one sent story already. */
async function newProject(): Promise<string> {
  projectCounter += 1;
  const projectKey = `P${projectCounter}`;
  const res = await call('/jira/addProject', owner.idToken, {
    userId: owner.userId,
    projectKey,
    projectName: `Project ${projectCounter}`,
    clientEmails: ['client@example.test', 'second@example.test'],
    clientCC: ['boss@example.test'],
  });
  expect(res.statusCode).toBe(200);
  // A story sent long ago: already in the list, owned by no open send.
  await t.db
    .insertInto('sent_lists')
    .values((eb) => ({
      project_id: eb.selectFrom('projects').select('id').where('project_key', '=', projectKey),
      issue_keys: ['OLD-1'],
    }))
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ issue_keys: ['OLD-1'] }))
    .execute();
  return projectKey;
}

/** The web's first step of a send: append the new keys through a project update. */
async function appendSentKeys(projectKey: string, keys: string[]) {
  const current = (await getProject(projectKey)).sentProjectIssuesList as string[];
  const res = await call('/jira/updateFirebaseProject', owner.idToken, {
    userId: owner.userId,
    projectKey,
    updatedProject: {
      projectKey,
      projectName: 'ignored',
      clientEmails: ['client@example.test', 'second@example.test'],
      clientCC: ['boss@example.test'],
      sentProjectIssuesList: [...current, ...keys],
    },
  });
  expect(res.statusCode).toBe(200);
}

async function getProject(projectKey: string) {
  const res = await call('/jira/getFirebaseProjectByKey', owner.idToken, {
    userId: owner.userId,
    projectKey,
  });
  return res.json().data;
}

async function history(projectKey: string) {
  const res = await call('/jira/getProjectSends', owner.idToken, { userId: owner.userId, projectKey });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function send(
  token: string,
  fields: Array<[string, string]>,
  file?: { name: string; content: Buffer | string; type?: string },
) {
  const body = await multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
}

const message = (
  projectKey: string,
  issueKeys: string[],
  subject = 'Request for Testing: User Stories for Review',
): Array<[string, string]> => [
  ['subject', subject],
  ['text', 'Dear customer,\n\nThe following features are finished:\n- Login\n\n\nRegards,'],
  ['to', 'client@example.test'],
  ['to', 'second@example.test'],
  ['cc', 'boss@example.test'],
  ['projectKey', projectKey],
  ['issueKeys', issueKeys.join(',')],
];

describe('sending stories to the client', () => {
  it('delivers one message with recipients, CC, subject, body and the attachment bytes, and records it', async () => {
    const projectKey = await newProject();
    await appendSentKeys(projectKey, [`${projectKey}-1`, `${projectKey}-2`]);
    const bytes = Buffer.from([0, 1, 2, 3, 250, 251, 252, 253, 254, 255]);
    const res = await send(owner.idToken, message(projectKey, [`${projectKey}-1`, `${projectKey}-2`]), {
      name: 'notes.bin',
      content: bytes,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 200,
      message: 'Email sent to the client.',
      data: { delivered: true },
    });

    const mail = await mailbox.waitFor(
      (m) =>
        m.subject === 'Request for Testing: User Stories for Review' &&
        m.attachments.some((a) => a.filename === 'notes.bin'),
    );
    expect(mail.from?.value[0]).toMatchObject({ name: 'Handoff', address: 'handoff@example.test' });
    expect(JSON.stringify(mail.to)).toContain('client@example.test');
    expect(JSON.stringify(mail.to)).toContain('second@example.test');
    expect(JSON.stringify(mail.cc)).toContain('boss@example.test');
    expect(mail.text?.trim()).toMatch(
      /^Dear customer,\n\nThe following features are finished:\n- Login\n\n\nRegards,\n\nReview and report results: http:\/\/localhost:3000\/review\/[\w-]{43}$/,
    );
    expect(Buffer.compare(mail.attachments[0]!.content, bytes)).toBe(0);

    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual([
      'OLD-1',
      `${projectKey}-1`,
      `${projectKey}-2`,
    ]);
    const [entry] = await history(projectKey);
    expect(entry).toMatchObject({
      trigger: 'manual',
      status: 'sent',
      delivered: true,
      issueKeys: [`${projectKey}-1`, `${projectKey}-2`],
      to: ['client@example.test', 'second@example.test'],
      cc: ['boss@example.test'],
      attachmentName: 'notes.bin',
      attachmentSize: bytes.length,
    });
  });

  it('gives the claimed stories back when the mail server refuses, and records the failure', async () => {
    const projectKey = await newProject();
    await appendSentKeys(projectKey, [`${projectKey}-1`]);
    mailbox.refuseWith = 'Mailbox unavailable';
    const res = await send(owner.idToken, message(projectKey, [`${projectKey}-1`]));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/could not be sent.*offered again/);
    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual(['OLD-1']);
    const [entry] = await history(projectKey);
    expect(entry).toMatchObject({ status: 'failed', issueKeys: [`${projectKey}-1`] });
    expect(entry.error).toMatch(/Mailbox unavailable/);
  });

  it('gives back a claim the browser never followed with a send', async () => {
    const projectKey = await newProject();
    await appendSentKeys(projectKey, [`${projectKey}-1`]);
    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual(['OLD-1', `${projectKey}-1`]);
    await t.app.ledger.sweep(new Date(Date.now() + 11 * 60_000));
    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual(['OLD-1']);
    expect((await history(projectKey))[0]).toMatchObject({
      status: 'abandoned',
      issueKeys: [`${projectKey}-1`],
    });
  });

  it('takes over only the claim of its own stories: two tabs, one refused, the other delivered', async () => {
    const projectKey = await newProject();
    await appendSentKeys(projectKey, [`${projectKey}-1`]); // tab A's update
    await appendSentKeys(projectKey, [`${projectKey}-2`]); // tab B's update
    mailbox.refuseWith = 'Mailbox unavailable';
    expect((await send(owner.idToken, message(projectKey, [`${projectKey}-1`], 'Tab A'))).statusCode).toBe(
      502,
    );
    mailbox.refuseWith = undefined;
    expect((await send(owner.idToken, message(projectKey, [`${projectKey}-2`], 'Tab B'))).statusCode).toBe(
      200,
    );

    // Only A's story is given back; B's stays sent, in B's history entry.
    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual(['OLD-1', `${projectKey}-2`]);
    expect(
      (await history(projectKey)).map((e: { status: string; issueKeys: string[] }) => [
        e.status,
        e.issueKeys,
      ]),
    ).toEqual([
      ['sent', [`${projectKey}-2`]],
      ['failed', [`${projectKey}-1`]],
    ]);
  });

  it('refuses with 409 when a story was sent meanwhile, e-mails nothing, and offers the others again', async () => {
    const projectKey = await newProject();
    // Another tab (or auto-send) sent S-2 after this draft of S-1 and S-2 was made.
    await appendSentKeys(projectKey, [`${projectKey}-2`]);
    expect(
      (await send(owner.idToken, message(projectKey, [`${projectKey}-2`], 'Other tab'))).statusCode,
    ).toBe(200);
    await appendSentKeys(projectKey, [`${projectKey}-1`, `${projectKey}-2`]);
    const before = mailbox.messages.length;
    const res = await send(
      owner.idToken,
      message(projectKey, [`${projectKey}-1`, `${projectKey}-2`], 'Stale draft'),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STORIES_ALREADY_SENT',
      message: `Nothing was e-mailed: ${projectKey}-2 was sent meanwhile (by auto-send or from another tab). Fetch the stories again for a new draft.`,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailbox.messages.length).toBe(before);
    // S-1's claim was given back at once: the next fetch offers it.
    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual(['OLD-1', `${projectKey}-2`]);
  });

  it('claims and records only the stories a draft sends: one left out (unticked) stays unsent', async () => {
    const projectKey = await newProject();
    const [first, leftOut, third] = [1, 2, 3].map((n) => `${projectKey}-${n}`) as [string, string, string];
    // The screen fetched three stories; the user unticked the second, so its update and its send name two.
    await appendSentKeys(projectKey, [first, third]);
    const res = await send(owner.idToken, message(projectKey, [first, third], 'Two of three'));
    expect(res.statusCode).toBe(200);

    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual(['OLD-1', first, third]);
    const [entry] = await history(projectKey);
    expect(entry).toMatchObject({ status: 'sent', issueKeys: [first, third] });
    // Nothing holds the left-out story: the sweep of abandoned claims changes nothing, and it is offered again.
    await t.app.ledger.sweep(new Date(Date.now() + 11 * 60_000));
    expect((await getProject(projectKey)).sentProjectIssuesList).not.toContain(leftOut);
    expect((await history(projectKey)).length).toBe(1);
  });

  it('refuses a send that names fewer stories than its update claimed, and records none of them', async () => {
    const projectKey = await newProject();
    const [first, leftOut, third] = [1, 2, 3].map((n) => `${projectKey}-${n}`) as [string, string, string];
    // A client that claims all three but e-mails two: the claim is not taken over, so nothing goes out.
    await appendSentKeys(projectKey, [first, leftOut, third]);
    const before = mailbox.messages.length;
    const res = await send(owner.idToken, message(projectKey, [first, third], 'Fewer than claimed'));
    expect(res.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailbox.messages.length).toBe(before);
    expect((await history(projectKey)).filter((e: { status: string }) => e.status === 'sent')).toEqual([]);
    // The claim no send took over is given back by the sweep: all three are offered again.
    await t.app.ledger.sweep(new Date(Date.now() + 11 * 60_000));
    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual(['OLD-1']);
  });

  it("never lets a stale tab's auto-send switch claim a story for a send that does not carry it", async () => {
    const projectKey = await newProject();
    // A failed send gave K-1 back; a tab loaded before that still lists it.
    await t.db
      .insertInto('sent_lists')
      .values((eb) => ({
        project_id: eb.selectFrom('projects').select('id').where('project_key', '=', projectKey),
        issue_keys: ['OLD-1'],
      }))
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ issue_keys: ['OLD-1'] }))
      .execute();
    const toggle = await call('/jira/updateFirebaseProject', owner.idToken, {
      userId: owner.userId,
      projectKey,
      updatedProject: {
        userId: owner.userId,
        projectKey,
        projectName: 'ignored',
        clientEmails: ['client@example.test'],
        clinetCC: [],
        autosend: false,
        sentProjectIssuesList: ['OLD-1', `${projectKey}-2`],
      },
    });
    expect(toggle.statusCode).toBe(200);
    // The next manual send, whose draft leaves K-1 out, does not take K-1 over.
    await appendSentKeys(projectKey, [`${projectKey}-1`]);
    expect(
      (await send(owner.idToken, message(projectKey, [`${projectKey}-1`], 'Draft without K-1'))).statusCode,
    ).toBe(200);
    expect((await history(projectKey))[0]).toMatchObject({ status: 'sent', issueKeys: [`${projectKey}-1`] });
    // Nobody sends K-1: the sweep gives it back, so it is offered again.
    await t.app.ledger.sweep(new Date(Date.now() + 11 * 60_000));
    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual(['OLD-1', `${projectKey}-1`]);
  });

  it('keeps the stories claimed and flags the send unconfirmed when the connection drops after the message', async () => {
    const projectKey = await newProject();
    await appendSentKeys(projectKey, [`${projectKey}-1`]);
    mailbox.answer = () => 'drop';
    try {
      const res = await send(owner.idToken, message(projectKey, [`${projectKey}-1`], 'Dropped'));
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('MAIL_UNCONFIRMED');
      expect(res.json().message).not.toMatch(/Nothing was marked as sent/);
    } finally {
      mailbox.answer = undefined;
    }
    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual(['OLD-1', `${projectKey}-1`]);
    expect((await history(projectKey))[0]).toMatchObject({
      status: 'unconfirmed',
      issueKeys: [`${projectKey}-1`],
    });
  });

  it('needs the stories named in issueKeys when the send names a project', async () => {
    const projectKey = await newProject();
    const fields = message(projectKey, []).filter(([name]) => name !== 'issueKeys');
    const res = await send(owner.idToken, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/issueKeys/);
  });

  it('keeps CR/LF in the subject from starting a new header', async () => {
    const projectKey = await newProject();
    const res = await send(owner.idToken, message(projectKey, [], 'Hello\r\nBcc: victim@example.test'));
    expect(res.statusCode).toBe(200);
    const mail = await mailbox.waitFor((m) => m.subject?.startsWith('Hello') === true);
    expect(mail.subject).toBe('Hello Bcc: victim@example.test');
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);
  });

  it.each([
    [
      'an empty subject',
      [
        ['subject', ' '],
        ['text', 'x'],
        ['to', 'a@example.test'],
      ],
      'Subject and message may not be empty.',
    ],
    [
      'an empty message',
      [
        ['subject', 'S'],
        ['text', ''],
        ['to', 'a@example.test'],
      ],
      'Subject and message may not be empty.',
    ],
    [
      'no recipient',
      [
        ['subject', 'S'],
        ['text', 'x'],
      ],
      'Add at least one client e-mail address to send to.',
    ],
    [
      'an invalid address',
      [
        ['subject', 'S'],
        ['text', 'x'],
        ['to', 'not an address'],
      ],
      'These are not valid e-mail addresses: not an address',
    ],
    [
      'an invalid CC',
      [
        ['subject', 'S'],
        ['text', 'x'],
        ['to', 'a@example.test'],
        ['cc', 'bad@'],
      ],
      'These are not valid e-mail addresses: bad@',
    ],
  ] as Array<[string, Array<[string, string]>, string]>)(
    'refuses %s with 400',
    async (_what, fields, text) => {
      const before = mailbox.messages.length;
      const res = await send(owner.idToken, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(text);
      expect(mailbox.messages.length).toBe(before);
    },
  );

  it("refuses to send for another user's project and changes nothing", async () => {
    const projectKey = await newProject();
    const res = await send(stranger.idToken, message(projectKey, ['X-1']));
    expect(res.statusCode).toBe(404);
    expect((await getProject(projectKey)).sentProjectIssuesList).toEqual(['OLD-1']);
  });

  it('needs a bearer token', async () => {
    const body = await multipartBody(message('P1', []));
    const res = await t.app.inject({
      method: 'POST',
      url: '/jira/sendDownloadedIssues',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('attachment limit and outbox', () => {
  let small: TestApp;
  let user: { idToken: string; userId: string };
  beforeAll(async () => {
    small = await createTestApp({ MAX_ATTACHMENT_MB: '0.01' });
    user = await signUpAndSignIn(small.app, {
      email: 'small@example.test',
      password: 'small-password',
      apikey: 'k',
    });
    // Mail goes only to a project's addresses.
    const added = await small.app.inject({
      method: 'POST',
      url: '/jira/addProject',
      headers: { authorization: `Bearer ${user.idToken}` },
      payload: {
        userId: user.userId,
        projectKey: 'SMALL',
        projectName: 'Small',
        clientEmails: ['client@example.test'],
      },
    });
    expect(added.statusCode).toBe(200);
  });
  afterAll(() => small.close());

  async function sendSmall(file?: { name: string; content: Buffer }) {
    const body = await multipartBody(
      [
        ['subject', 'S'],
        ['text', 'Body'],
        ['to', 'client@example.test'],
      ],
      file,
    );
    return small.app.inject({
      method: 'POST',
      url: '/jira/sendDownloadedIssues',
      headers: { authorization: `Bearer ${user.idToken}`, ...body.headers },
      payload: body.payload,
    });
  }

  it('answers 413 with a message for an attachment over MAX_ATTACHMENT_MB', async () => {
    const res = await sendSmall({ name: 'big.bin', content: Buffer.alloc(20 * 1024, 7) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The attachment is larger than the limit of 0.01 MB.');
  });

  it('keeps the message in the outbox, marked not delivered, without SMTP_URL', async () => {
    const res = await sendSmall({ name: 'ok.txt', content: Buffer.from('fine') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.delivered).toBe(false);
    const kept = await small.db.selectFrom('mail_messages').selectAll().where('subject', '=', 'S').execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      delivered: false,
      to_addresses: ['client@example.test'],
      attachment_name: 'ok.txt',
      attachment_size: 4,
    });
  });
});

describe('a mail server that cannot be reached', () => {
  let down: TestApp;
  let user: { idToken: string; userId: string };
  beforeAll(async () => {
    // A port nothing listens on: the connection is refused before any message is sent.
    const closed = new Mailbox();
    const port = await closed.listen();
    await closed.close();
    down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    user = await signUpAndSignIn(down.app, {
      email: 'down@example.test',
      password: 'down-password',
      apikey: 'k',
    });
  });
  afterAll(() => down.close());

  it('gives the stories back: the e-mail certainly did not go out', async () => {
    const headers = { authorization: `Bearer ${user.idToken}` };
    const project = {
      projectKey: 'DOWN',
      projectName: 'Down',
      clientEmails: ['client@example.test'],
      clientCC: [],
    };
    await down.app.inject({
      method: 'POST',
      url: '/jira/addProject',
      headers,
      payload: { userId: user.userId, ...project },
    });
    const body = await multipartBody([
      ['subject', 'S'],
      ['text', 'Body'],
      ['to', 'client@example.test'],
      ['projectKey', 'DOWN'],
      ['issueKeys', 'DOWN-1'],
    ]);
    const res = await down.app.inject({
      method: 'POST',
      url: '/jira/sendDownloadedIssues',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('MAIL_NOT_SENT');
    const row = await down.db.selectFrom('sent_lists').select('issue_keys').executeTakeFirstOrThrow();
    expect(row.issue_keys).toEqual([]);
    const [send] = await down.db.selectFrom('sends').select(['status', 'issue_keys']).execute();
    expect(send).toEqual({ status: 'failed', issue_keys: ['DOWN-1'] });
  });
});
