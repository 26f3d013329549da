import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { addressesOf, Mailbox } from '../testing/mailbox.ts';
import { uniqueEmail } from '../testing/sign-in.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp, testConfig } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { MailDeliveryError, MailNotRecordedError, mailProblemOf } from './mailer.ts';

const sendOobCode = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=${TEST_IDENTITY_API_KEY}`,
    payload: { requestType: 'PASSWORD_RESET', email },
  });
const signUp = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${TEST_IDENTITY_API_KEY}`,
    payload: { email, password: 'good-password' },
  });

describe('mailer with SMTP_URL: a real SMTP server', () => {
  const mailbox = new Mailbox();
  let t: TestApp;
  beforeAll(async () => {
    const port = await mailbox.listen(0);
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Handoff <handoff@example.test>',
      PUBLIC_URL: 'https://handoff.example.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await mailbox.close();
  });

  it('delivers the password-reset e-mail with its link; the stored copy keeps no code', async () => {
    const email = uniqueEmail();
    await signUp(t, email);
    expect((await sendOobCode(t, email)).statusCode).toBe(200);
    const mail = await mailbox.waitFor((m) => addressesOf(m.to).includes(email));
    expect(mail.subject).toBe('Reset your password for Handoff');
    expect(mail.from?.value).toEqual([{ address: 'handoff@example.test', name: 'Handoff' }]);
    const link = /(https:\/\/handoff\.example\.test\/reset-password\?oobCode=[\w-]+)/.exec(
      mail.text ?? '',
    )?.[1];
    expect(link).toBeTruthy();

    // The link works: the code it carries is a valid reset code.
    const oobCode = new URL(link!).searchParams.get('oobCode');
    const verify = await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${TEST_IDENTITY_API_KEY}`,
      payload: { oobCode },
    });
    expect(verify.json()).toMatchObject({ email, requestType: 'PASSWORD_RESET' });

    await t.app.identity.provider?.drain();
    const row = await t.db
      .selectFrom('mail_messages')
      .selectAll()
      .where((eb) => eb(eb.val(email), '=', eb.fn.any('to_addresses')))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      purpose: 'password-reset',
      delivered: true,
      from_address: 'Handoff <handoff@example.test>',
    });
    expect(row.text_body).not.toContain(oobCode!);
  });

  it('sends nothing for an unknown address', async () => {
    const email = uniqueEmail('ghost');
    expect((await sendOobCode(t, email)).statusCode).toBe(200);
    await t.app.identity.provider?.drain();
    expect(mailbox.messages.filter((m) => addressesOf(m.to).includes(email))).toEqual([]);
  });

  it('app.mailer delivers To, Cc and attachments, and keeps CR/LF out of the subject', async () => {
    const to = uniqueEmail('client');
    const cc = uniqueEmail('cc');
    const sent = await t.app.mailer.sendMail({
      purpose: 'stories',
      to: [to],
      cc: [cc],
      subject: 'Request for Testing\r\nBcc: attacker@example.test',
      text: 'Dear customer,\n\nThe following features are finished:\n- One',
      attachments: [
        { filename: 'notes.txt', content: Buffer.from('hello attachment'), contentType: 'text/plain' },
        { filename: 'data.bin', content: Buffer.from([0, 1, 2, 255]) },
      ],
    });
    expect(sent).toEqual({
      delivered: true,
      messageId: expect.any(String),
      recipients: [
        { address: to, accepted: true },
        { address: cc, accepted: true },
      ],
    });
    const mail = await mailbox.waitFor((m) => addressesOf(m.to).includes(to));
    expect(addressesOf(mail.cc)).toEqual([cc]);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.get('bcc')).toBeUndefined();
    expect(mail.subject).toBe('Request for Testing Bcc: attacker@example.test');
    expect(mail.text?.trim()).toBe('Dear customer,\n\nThe following features are finished:\n- One');
    expect(mail.attachments.map((a) => [a.filename, a.content.toString('hex')])).toEqual([
      ['notes.txt', Buffer.from('hello attachment').toString('hex')],
      ['data.bin', '000102ff'],
    ]);

    const row = await t.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('id', '=', sent.messageId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      purpose: 'stories',
      to_addresses: [to],
      cc_addresses: [cc],
      subject: 'Request for Testing Bcc: attacker@example.test',
      attachment_name: 'notes.txt, data.bin',
      attachment_size: 20,
      delivered: true,
    });
  });

  it('a refusing server: MailDeliveryError, and the message stays in the outbox as not delivered', async () => {
    mailbox.refuseWith = 'Mailbox unavailable';
    try {
      const error = await t.app.mailer
        .sendMail({ purpose: 'stories', to: [uniqueEmail()], subject: 'S', text: 'T' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailDeliveryError);
      const row = await t.db
        .selectFrom('mail_messages')
        .selectAll()
        .where('id', '=', (error as MailDeliveryError).messageId)
        .executeTakeFirstOrThrow();
      expect(row.delivered).toBe(false);
      expect(row.text_body).toBe('T');
    } finally {
      mailbox.refuseWith = undefined;
    }
  });

  it("a caller's record of a delivered message: written by the caller, or, when that fails, the outbox copy alone and MailNotRecordedError", async () => {
    const message = (subject: string) => ({ purpose: 'stories', to: [uniqueEmail()], subject, text: 'T' });
    // The caller writes the outbox row itself (the send ledger does, with its confirmation).
    const recorded = await t.app.mailer.sendMail(message('Recorded by the caller'), async (row) => {
      const inserted = await t.db
        .insertInto('mail_messages')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
    expect(recorded.delivered).toBe(true);
    const outbox = (subject: string) =>
      t.db.selectFrom('mail_messages').select(['id', 'delivered']).where('subject', '=', subject).execute();
    expect(await outbox('Recorded by the caller')).toEqual([{ id: recorded.messageId, delivered: true }]);

    const error = await t.app.mailer
      .sendMail(message('Caller failed'), async () => {
        throw new Error('the database went away');
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailNotRecordedError);
    // Delivered all the same, and kept in the outbox once.
    await mailbox.waitFor((m) => m.subject === 'Caller failed');
    expect(await outbox('Caller failed')).toEqual([
      { id: (error as MailNotRecordedError).messageId, delivered: true },
    ]);
  });
});

describe('mailer without SMTP_URL: the outbox', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    // The whole app with a real logger whose lines are collected.
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      db: database.db,
      webRoot: false,
      logger: { level: 'trace', stream: { write: (line: string) => logs.push(line) } },
    });
    t = {
      app,
      db: database.db,
      url: database.url,
      close: async () => {
        await app.close();
        await database.drop();
      },
    };
  });
  afterAll(() => t.close());

  it('keeps messages, marked not delivered', async () => {
    const sent = await t.app.mailer.sendMail({
      purpose: 'stories',
      to: ['a@example.test'],
      subject: 'Line one\nline two',
      text: 'Body',
      attachments: [{ filename: 'a.txt', content: Buffer.from('abc') }],
    });
    expect(sent).toEqual({ delivered: false, messageId: expect.any(String), recipients: null });
    const row = await t.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('id', '=', sent.messageId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      delivered: false,
      subject: 'Line one line two',
      text_body: 'Body',
      from_address: 'Handoff <handoff@localhost>',
      attachment_name: 'a.txt',
      attachment_size: 3,
    });
  });

  it('keeps no reset code in the log or the outbox, at any log level', async () => {
    const email = uniqueEmail();
    await signUp(t, email);
    await sendOobCode(t, email);
    await t.app.identity.provider?.drain();
    const row = await t.db
      .selectFrom('mail_messages')
      .select(['text_body', 'delivered'])
      .where((eb) => eb(eb.val(email), '=', eb.fn.any('to_addresses')))
      .executeTakeFirstOrThrow();
    expect(row.delivered).toBe(false);
    expect(row.text_body).toContain('/reset-password?oobCode=[sent]');
    // The code exists only as a hash; neither the outbox nor any log line holds a reset link or token.
    const all = logs.join('\n');
    expect(all).not.toMatch(/oobCode=(?!\[)/);
    expect(all).not.toContain('good-password');
    expect(all).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });
});

describe('request log', () => {
  it('never holds the code of a password-reset link or the token of an invitation or review link that is opened', async () => {
    const logs: string[] = [];
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      db: database.db,
      webRoot: false,
      logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
    });
    try {
      await app.inject({ method: 'GET', url: '/reset-password?oobCode=SeCrEt-CoDe_123&mode=resetPassword' });
      await app.inject({ method: 'GET', url: '/join/InViTe-ToKeN_456' });
      await app.inject({ method: 'GET', url: '/review/ReViEw-ToKeN_789-abcdefghijklmnopqrstuvwxyz0123?x=1' });
      const all = logs.join('\n');
      expect(all).toContain('/review/[redacted]?x=1');
      expect(all).not.toContain('ReViEw-ToKeN_789');
      expect(all).toContain('/reset-password?oobCode=[redacted]&mode=resetPassword');
      expect(all).not.toContain('SeCrEt-CoDe_123');
      expect(all).toContain('/join/[redacted]');
      expect(all).not.toContain('InViTe-ToKeN_456');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('mailer with an unreachable SMTP server', () => {
  it('throws MailDeliveryError; a reset request still answers 200 (nothing tells whether the account exists)', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
    try {
      await expect(
        t.app.mailer.sendMail({ purpose: 'stories', to: ['a@example.test'], subject: 'S', text: 'T' }),
      ).rejects.toBeInstanceOf(MailDeliveryError);
      const email = uniqueEmail();
      await signUp(t, email);
      expect((await sendOobCode(t, email)).statusCode).toBe(200);
      await t.app.identity.provider?.drain();
      const rows = await t.db.selectFrom('mail_messages').select(['purpose', 'delivered']).execute();
      expect(rows).toEqual(
        expect.arrayContaining([
          { purpose: 'stories', delivered: false },
          { purpose: 'password-reset', delivered: false },
        ]),
      );
    } finally {
      await t.close();
    }
  });
});

describe("what the send screen's Preview says of the server's mail", () => {
  it('no mail server, the built-in sender (or one at a host with no domain), or nothing when set up', () => {
    const smtpUrl = 'smtp://mail.example.com:587';
    expect(mailProblemOf({ smtpUrl: undefined, mailFrom: 'Handoff <handoff@example.com>' })).toBe(
      'noMailServer',
    );
    expect(mailProblemOf({ smtpUrl, mailFrom: 'Handoff <handoff@localhost>' })).toBe('builtInSender');
    expect(mailProblemOf({ smtpUrl, mailFrom: 'handoff@mailhost' })).toBe('builtInSender');
    expect(mailProblemOf({ smtpUrl, mailFrom: 'Handoff <handoff@LOCALHOST>' })).toBe('builtInSender');
    expect(mailProblemOf({ smtpUrl, mailFrom: 'Handoff <handoff@example.com>' })).toBeNull();
    expect(mailProblemOf({ smtpUrl, mailFrom: 'handoff@example.com' })).toBeNull();
  });
});
