// Helpers for tests of review rounds on one in-process app with the demo tracker: fetching and drafting as
// the web does, sending by hand, answering a notice by its link, moving a story in the demo tracker.
import { draftEmail, type Issue } from '@handoff/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { multipartBody } from './multipart.ts';
import type { Caller } from './team.ts';

export type Member = Caller & { email: string; apikey: string };

export function roundHelpers(app: FastifyInstance, db: Db, member: Member) {
  const call = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${member.idToken}` }, payload });

  async function fetchDone(projectKey: string): Promise<Array<Issue & { retest?: boolean }>> {
    const res = await app.inject({
      method: 'GET',
      url: `/jira/getProjectIssues?projectKey=${projectKey}&status=Done`,
      headers: { authorization: `Bearer ${member.idToken}`, email: member.email, api: member.apikey },
    });
    if (res.statusCode !== 200) throw new Error(`getProjectIssues: ${res.body}`);
    return res.json().data;
  }

  async function sentList(projectKey: string): Promise<string[]> {
    const res = await call('/jira/getFirebaseProjectByKey', { userId: member.userId, projectKey });
    return res.json().data.sentProjectIssuesList;
  }

  /** The draft the send screen would show now. */
  async function draft(projectKey: string) {
    return draftEmail(await fetchDone(projectKey), await sentList(projectKey));
  }

  /** A manual send of these keys with this text (and answer-by day, `YYYY-MM-DD`); answers the HTTP response. */
  async function send(
    projectKey: string,
    issueKeys: string[],
    text: string,
    subject = `Notice ${projectKey}`,
    cc: string[] = [],
    answerBy?: string,
  ) {
    const body = await multipartBody([
      ['subject', subject],
      ['text', text],
      ['to', 'client@example.test'],
      ...cc.map((address): [string, string] => ['cc', address]),
      ['projectKey', projectKey],
      ['issueKeys', issueKeys.join(',')],
      ...(answerBy ? [['answerBy', answerBy] as [string, string]] : []),
    ]);
    return app.inject({
      method: 'POST',
      url: '/jira/sendDownloadedIssues',
      headers: { authorization: `Bearer ${member.idToken}`, ...body.headers },
      payload: body.payload,
    });
  }

  /** The review token of the newest notice of the subject, from the outbox (no SMTP: it keeps the link). */
  async function tokenOf(subject: string): Promise<string> {
    const row = await db
      .selectFrom('mail_messages')
      .select('text_body')
      .where('subject', '=', subject)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/review\/([\w-]+)/.exec(row.text_body)?.[1];
    if (!token) throw new Error('the notice has no review link');
    return token;
  }

  const publicCall = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.9' });

  /** Moves a demo issue to the status named, as a team does in Jira. */
  async function moveTo(issueKey: string, statusName: string): Promise<void> {
    const authorization = `Basic ${Buffer.from(`${member.email}:${member.apikey}`).toString('base64')}`;
    const listed = await app.inject({
      method: 'GET',
      url: `/rest/api/3/issue/${issueKey}/transitions`,
      headers: { authorization },
    });
    const transition = (listed.json().transitions as Array<{ id: string; name: string }>).find(
      (t) => t.name === statusName,
    );
    if (!transition) throw new Error(`no transition to ${statusName}`);
    const moved = await app.inject({
      method: 'POST',
      url: `/rest/api/3/issue/${issueKey}/transitions`,
      headers: { authorization },
      payload: { transition: { id: transition.id } },
    });
    if (moved.statusCode !== 204) throw new Error(`transition: ${moved.body}`);
  }

  return { call, fetchDone, sentList, draft, send, tokenOf, publicCall, moveTo };
}
