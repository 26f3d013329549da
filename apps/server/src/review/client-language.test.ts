// The client's language (main README, "In the client's language, in the team's own words"): a project's `Client language` is the language of everything the client
// reads: the notice's own lines and HTML part, its reminders, the review page's messages and the
// invalid-link page. Each notice keeps the language it was sent in. The team's texts stay English.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '../testing/mailbox.ts';
import { type Member, roundHelpers } from '../testing/review-round.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const DAY = 86_400_000;
const mailbox = new Mailbox();
let t: TestApp;
let app: FastifyInstance;
let member: Member;
let h: ReturnType<typeof roundHelpers>;

beforeAll(async () => {
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}`,
    PUBLIC_URL: 'https://handoff.example.test',
  });
  app = t.app;
  const account = { email: 'sprache@example.test', password: 'sprache-password', apikey: 'sprache-jira' };
  member = { ...(await signUpAndSignIn(app, account)), ...account };
  h = roundHelpers(app, t.db, member);
  const added = await h.call('/jira/addProject', {
    userId: member.userId,
    projectKey: 'DEMO',
    projectName: 'Sprache',
    clientEmails: ['client@example.test'],
  });
  expect(added.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mailbox.close();
});

const settings = (clientLanguage?: string) =>
  h.call('/jira/review/setSettings', {
    userId: member.userId,
    projectKey: 'DEMO',
    reminderDays: 3,
    testEnvironment: 'https://staging.example.com',
    ...(clientLanguage === undefined ? {} : { clientLanguage }),
  });

/** The e-mail of this subject as the client's mail server received it, with its review token. */
function mailOf(subject: string) {
  const mail = mailbox.messages.find((message) => message.subject === subject);
  if (!mail) throw new Error(`no e-mail "${subject}"`);
  const text = String(mail.text).replace(/\n$/, '');
  const token = /\/review\/([\w-]+)/.exec(text)?.[1] ?? '';
  return { text, html: String(mail.html), token, link: `https://handoff.example.test/review/${token}` };
}

describe("the client's language", () => {
  it('is English until chosen, refuses a language it does not know, and keeps the one chosen', async () => {
    const read = async () =>
      (await h.call('/jira/review/getSettings', { userId: member.userId, projectKey: 'DEMO' })).json().data;
    expect((await read()).clientLanguage).toBe('en');
    const refused = await settings('tlh');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('clientLanguage must be one of en, de, fr, es, nl, pt, it.');
    expect((await settings('de')).statusCode).toBe(200);
    // Left out, it is kept.
    expect((await settings()).statusCode).toBe(200);
    expect(await read()).toEqual({
      reminderDays: 3,
      testEnvironment: 'https://staging.example.com',
      clientLanguage: 'de',
      noticeTemplate: null,
      mailFrom: 'Handoff <handoff@localhost>',
      // Who signs the e-mail: no display name given, and the workspace not named (its domain).
      sender: { name: '', company: 'example.test' },
      // A mail server, but the built-in sender: the Preview warns.
      mailProblem: 'builtInSender',
    });
  });

  it("keeps a notice template in the team's words, refusing placeholders it does not know by name", async () => {
    const template = (greeting: string) =>
      h.call('/jira/review/setSettings', {
        userId: member.userId,
        projectKey: 'DEMO',
        reminderDays: 3,
        testEnvironment: null,
        noticeTemplate: {
          subject: '{project}: {count} Funktionen bis {answerBy}',
          greeting,
          intro: 'folgende Funktionen sind fertig:',
          closing: 'Viele Grüße',
        },
      });
    const refused = await template('Hallo {kunde} und {firma},');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(
      'Unknown placeholders: {kunde}, {firma}. Use {project}, {release}, {count} or {answerBy}.',
    );
    expect((await template('Hallo {project}-Team,')).statusCode).toBe(200);
    const read = async () =>
      (await h.call('/jira/review/getSettings', { userId: member.userId, projectKey: 'DEMO' })).json().data;
    expect((await read()).noticeTemplate).toEqual({
      subject: '{project}: {count} Funktionen bis {answerBy}',
      greeting: 'Hallo {project}-Team,',
      intro: 'folgende Funktionen sind fertig:',
      closing: 'Viele Grüße',
    });
    // Back to the language's own words.
    expect((await settings()).statusCode).toBe(200);
    expect((await read()).noticeTemplate).not.toBeNull();
    const reset = await h.call('/jira/review/setSettings', {
      userId: member.userId,
      projectKey: 'DEMO',
      reminderDays: 3,
      testEnvironment: null,
      noticeTemplate: null,
    });
    expect(reset.statusCode).toBe(200);
    expect((await read()).noticeTemplate).toBeNull();
  });

  it('writes the notice, its page and its reminder in German, and keeps German after the setting changes', async () => {
    expect((await settings('de')).statusCode).toBe(200);
    const draft = 'Sehr geehrte Damen und Herren,\n\ndie folgenden Funktionen sind fertiggestellt:\n- Suche';
    expect((await h.send('DEMO', ['DEMO-1'], draft, 'Bitte um Test')).statusCode).toBe(200);
    const { text, html, token, link } = mailOf('Bitte um Test');
    expect(text).toBe(
      `${draft}\n\nTestumgebung: https://staging.example.com\n\nPrüfen und Ergebnisse melden: ${link}`,
    );
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('>Bestanden</a> · <a');
    expect(html).toContain('>Fehlgeschlagen</a>');
    expect(html).toContain(`Oder öffnen Sie diese Adresse: ${link}`);

    // The team changes the setting: this notice goes on in German.
    expect((await settings('fr')).statusCode).toBe(200);
    const page = (await h.publicCall('/jira/review/getNotice', { token })).json().data;
    expect(page.language).toBe('de');
    expect(page.messages['review.submit']).toBe('Ergebnisse senden');
    expect(page.messages['notice.testEnvironment']).toBe('Testumgebung: {environment}');
    // Only the page's messages (and the `Other` group's heading): not the draft's, not another language's.
    expect(
      Object.keys(page.messages).every((key) =>
        /^(review\.|notice\.(testEnvironment|answerBy)$|group\.other$)/.test(key),
      ),
    ).toBe(true);
    expect(page.messages['group.other']).toBe('Sonstige');

    await app.autosend.runRound(new Date(Date.now() + 3.1 * DAY));
    const reminder = mailOf('Erinnerung: Bitte um Test');
    expect(reminder.text).toBe(
      `Sehr geehrte Damen und Herren,\n\ndie folgenden Funktionen warten noch auf Ihre Prüfung:\n- ${page.stories[0].summary}\n\nPrüfen und Ergebnisse melden: ${reminder.link}\n\nMit freundlichen Grüßen`,
    );
    expect(reminder.html).toContain('<html lang="de">');
  });

  it("shows the invalid-link page in the notice's language, or for an unknown link in the browser's", async () => {
    expect((await settings('it')).statusCode).toBe(200);
    expect((await h.send('DEMO', ['DEMO-2'], 'Gentile cliente,\n\n- Carrello', 'Richiesta')).statusCode).toBe(
      200,
    );
    const { token } = mailOf('Richiesta');
    const sends = (
      await h.call('/jira/getProjectSends', { userId: member.userId, projectKey: 'DEMO' })
    ).json().data as Array<{ id: string; subject: string }>;
    const sendId = sends.find((send) => send.subject === 'Richiesta')!.id;
    expect(
      (await h.call('/jira/review/revokeLink', { userId: member.userId, projectKey: 'DEMO', sendId }))
        .statusCode,
    ).toBe(200);
    const state = await h.publicCall('/jira/review/getLinkState', { token });
    expect(state.json().data).toMatchObject({ state: 'revoked', language: 'it' });
    expect(state.json().data.messages['review.linkRevoked']).toBe(
      'Il team ha ritirato questo link di verifica.',
    );
    const unknownState = await app.inject({
      method: 'POST',
      url: '/jira/review/getLinkState',
      payload: { token: 'y'.repeat(43) },
      headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
    });
    expect(unknownState.json().data).toMatchObject({ state: 'unknown', language: 'pt' });
    // Without the built page, the sentence alone (with it, review.html asks getLinkState as above).
    const revoked = await app.inject({ method: 'GET', url: `/review/${token}` });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.headers['content-language']).toBe('it');
    expect(revoked.body).toContain('<html lang="it">');
    expect(revoked.body).toContain('<h1 class="review__title">Questo link di verifica non è più valido</h1>');

    const unknown = (acceptLanguage?: string) =>
      app.inject({
        method: 'GET',
        url: `/review/${'x'.repeat(43)}`,
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
    expect((await unknown('nl-BE,nl;q=0.9,en;q=0.5')).body).toContain(
      '<h1 class="review__title">Deze beoordelingslink is niet meer geldig</h1>',
    );
    expect((await unknown('ja,es;q=0.4,fr;q=0.8')).body).toContain(
      '<h1 class="review__title">Ce lien de vérification n’est plus valide</h1>',
    );
    expect((await unknown('ja')).body).toContain(
      '<h1 class="review__title">This review link is no longer valid</h1>',
    );
    expect((await unknown()).body).toContain('<html lang="en">');
  });
});
