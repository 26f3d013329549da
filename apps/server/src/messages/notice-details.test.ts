// What and where to test, and by when (README, "What and where to test"): the project's `Test environment` and the send's
// `Answer by` date appear in the notice's text part (between the draft and the review line), its HTML
// part and the review page; the status screen marks a story overdue once its date has passed unanswered.
import { ANSWER_BY_FORMAT, ANSWER_BY_PAST } from '@handoff/core/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '../testing/mailbox.ts';
import { multipartBody } from '../testing/multipart.ts';
import { type Member, roundHelpers } from '../testing/review-round.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const DAY = 86_400_000;
const mailbox = new Mailbox();
let t: TestApp;
let member: Member;
let h: ReturnType<typeof roundHelpers>;
/** The review module's clock: the status screen's "today". */
let reviewNow = new Date();

const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const DRAFT = 'Dear customer,\n\nThe following features are finished:\n- One\n\nRegards,';
const ENVIRONMENT = 'https://staging.example.com, build <1.4.2>';

beforeAll(async () => {
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}`, PUBLIC_URL: 'https://handoff.example.test' },
    { review: { now: () => reviewNow } },
  );
  const account = { email: 'details@example.test', password: 'details-password', apikey: 'details-jira' };
  member = { ...(await signUpAndSignIn(t.app, account)), ...account };
  h = roundHelpers(t.app, t.db, member);
  const added = await h.call('/jira/addProject', {
    userId: member.userId,
    projectKey: 'DEMO',
    projectName: 'Details',
    clientEmails: ['client@example.test'],
  });
  expect(added.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

async function send(subject: string, keys: string[], answerBy?: string) {
  const body = await multipartBody([
    ['subject', subject],
    ['text', DRAFT],
    ['to', 'client@example.test'],
    ['projectKey', 'DEMO'],
    ['issueKeys', keys.join(',')],
    ...(answerBy === undefined ? [] : [['answerBy', answerBy] as [string, string]]),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { authorization: `Bearer ${member.idToken}`, ...body.headers },
    payload: body.payload,
  });
}

function mailOf(subject: string) {
  const mail = mailbox.messages.find((message) => message.subject === subject);
  if (!mail) throw new Error(`no e-mail "${subject}"`);
  const text = String(mail.text).replace(/\n$/, '');
  const token = /\/review\/([\w-]+)/.exec(text)?.[1] ?? '';
  return { text, html: String(mail.html), token, link: `https://handoff.example.test/review/${token}` };
}

const setEnvironment = (testEnvironment: string | null) =>
  h.call('/jira/review/setSettings', {
    userId: member.userId,
    projectKey: 'DEMO',
    reminderDays: null,
    testEnvironment,
  });

describe('the notice names where to test and by when', () => {
  it('both set: one line each between the draft and the review line, in the text, the HTML and the page', async () => {
    expect((await setEnvironment(ENVIRONMENT)).statusCode).toBe(200);
    const settings = await h.call('/jira/review/getSettings', { userId: member.userId, projectKey: 'DEMO' });
    expect(settings.json().data.testEnvironment).toBe(ENVIRONMENT);
    const answerBy = isoDay(new Date(Date.now() + 2 * DAY));
    const [year, month, day] = answerBy.split('-').map(Number) as [number, number, number];
    const written = `${day} ${new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${year}`;

    expect((await send('Both', ['DEMO-1'], answerBy)).statusCode).toBe(200);
    const { text, html, token, link } = mailOf('Both');
    expect(text).toBe(
      `${DRAFT}\n\nTest environment: ${ENVIRONMENT}\nPlease answer by ${written}.\n\nReview and report results: ${link}`,
    );
    expect(html).toContain(
      // The closing and the signature follow the button.
      `<p style="margin:0 0 12px">Test environment: https://staging.example.com, build &lt;1.4.2&gt;<br>Please answer by ${written}.</p><table role="presentation"`,
    );

    const page = await h.publicCall('/jira/review/getNotice', { token });
    expect(page.json().data).toMatchObject({ testEnvironment: ENVIRONMENT, answerBy });

    // The notice keeps what it said: a later change of the setting changes new notices only.
    expect((await setEnvironment('https://uat.example.com')).statusCode).toBe(200);
    expect((await h.publicCall('/jira/review/getNotice', { token })).json().data.testEnvironment).toBe(
      ENVIRONMENT,
    );
  });

  it('only the test environment, or only the date: just that line', async () => {
    expect((await setEnvironment('https://uat.example.com')).statusCode).toBe(200);
    expect((await send('Environment only', ['DEMO-2'])).statusCode).toBe(200);
    const environmentOnly = mailOf('Environment only');
    expect(environmentOnly.text).toBe(
      `${DRAFT}\n\nTest environment: https://uat.example.com\n\nReview and report results: ${environmentOnly.link}`,
    );

    expect((await setEnvironment(null)).statusCode).toBe(200);
    expect((await send('Date only', ['DEMO-3'], '2099-01-31')).statusCode).toBe(200);
    const dateOnly = mailOf('Date only');
    expect(dateOnly.text).toBe(
      `${DRAFT}\n\nPlease answer by 31 January 2099.\n\nReview and report results: ${dateOnly.link}`,
    );
    expect(dateOnly.html).toContain('<p style="margin:0 0 12px">Please answer by 31 January 2099.</p>');
    expect(dateOnly.html).not.toContain('Test environment');
  });

  it('neither set (an empty date field too): the notice is as before, and the page says null', async () => {
    expect((await send('Neither', ['DEMO-4'], '')).statusCode).toBe(200);
    const { text, html, token, link } = mailOf('Neither');
    expect(text).toBe(`${DRAFT}\n\nReview and report results: ${link}`);
    expect(html).not.toMatch(/Test environment|Please answer by/);
    const page = await h.publicCall('/jira/review/getNotice', { token });
    expect(page.json().data).toMatchObject({ testEnvironment: null, answerBy: null });
  });

  it('refuses an answer-by date that is not a real date, or is in the past, with a 400 that says so', async () => {
    for (const [value, message] of [
      ['2099-02-30', ANSWER_BY_FORMAT],
      ['31/01/2099', ANSWER_BY_FORMAT],
      [isoDay(new Date(Date.now() - 2 * DAY)), ANSWER_BY_PAST],
    ] as const) {
      const refused = await send(`Refused ${value}`, ['DEMO-5'], value);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect(mailbox.messages.some((message) => message.subject?.startsWith('Refused'))).toBe(false);
  });
});

describe('the status screen marks overdue stories', () => {
  it('a story unanswered after its answer-by date is overdue; an answered one, or one without a date, is not', async () => {
    const answerBy = isoDay(new Date(Date.now() + DAY));
    expect((await send('Overdue', ['DEMO-6', 'DEMO-7'], answerBy)).statusCode).toBe(200);
    await h.publicCall('/jira/review/submitVerdicts', {
      token: mailOf('Overdue').token,
      verdicts: [{ key: 'DEMO-7', verdict: 'passed' }],
    });
    const status = async () => {
      const res = await h.call('/jira/review/getStatus', { userId: member.userId, projectKey: 'DEMO' });
      return new Map(
        (res.json().data as Array<{ key: string; overdue: boolean; answerBy: string | null }>).map((s) => [
          s.key,
          s,
        ]),
      );
    };
    expect((await status()).get('DEMO-6')).toMatchObject({ answerBy, overdue: false });

    reviewNow = new Date(Date.now() + 3 * DAY);
    const later = await status();
    expect(later.get('DEMO-6')).toMatchObject({ answerBy, overdue: true });
    expect(later.get('DEMO-7')).toMatchObject({ answerBy, overdue: false });
    expect(later.get('DEMO-4')).toMatchObject({ answerBy: null, overdue: false });
  });
});
