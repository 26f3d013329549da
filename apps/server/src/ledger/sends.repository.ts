// The `sends` table: every statement on it. Its states and transitions are the ledger's (README.md
// beside this file); each transition here is guarded by the state it starts from.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, RecipientAnswer, SendsTable, SendTrigger } from '../db/schema.ts';
import { isoTimestamp } from '../db/sql-json.ts';
import { type OutboxRow, withOutboxRow } from '../mail/outbox.repository.ts';

type Executor = Kysely<Database>;

/** What a send carries, kept with it: recipients, subject, body, attachment name and size. */
export type SendDetails = Pick<
  Insertable<SendsTable>,
  'to_addresses' | 'cc_addresses' | 'subject' | 'text_body' | 'attachment_name' | 'attachment_size'
>;

/** A project update's pending claim of the keys it added. */
export async function insertPendingClaim(
  trx: Executor,
  projectId: string,
  keys: string[],
  at: Date,
): Promise<void> {
  await trx
    .insertInto('sends')
    .values({
      project_id: projectId,
      trigger: 'manual',
      status: 'pending',
      issue_keys: keys,
      created_at: at,
    })
    .execute();
}

/**
 * Ends the given sends that are still in `from` (`from` → `to`, with the reason); returns the keys of
 * each send it ended. The caller holds the project's lock.
 */
export async function endSends(
  trx: Executor,
  projectId: string,
  sendIds: readonly string[],
  transition: { from: 'pending' | 'sending'; to: 'failed' | 'abandoned'; reason: string; at: Date },
) {
  return trx
    .updateTable('sends')
    .set({ status: transition.to, error: transition.reason, finished_at: transition.at })
    .where('project_id', '=', projectId)
    .where('id', 'in', [...sendIds])
    .where('status', '=', transition.from)
    .returning(['id', 'issue_keys'])
    .execute();
}

/** sending → unconfirmed, for one send; the keys stay claimed. */
export async function markSendUnconfirmed(
  db: Executor,
  sendId: string,
  reason: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('sends')
    .set({ status: 'unconfirmed', error: reason, finished_at: at })
    .where('id', '=', sendId)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * pending → sending, guarded: only the project's manual claims still pending, and only those made of
 * `keys` alone. Returns the claims taken over.
 */
export async function takeOverPendingClaims(
  trx: Executor,
  projectId: string,
  keys: string[],
  send: { sentBy: string; at: Date; details: SendDetails },
) {
  return trx
    .updateTable('sends')
    .set({ status: 'sending', sending_at: send.at, sent_by_user_id: send.sentBy, ...send.details })
    .where('project_id', '=', projectId)
    .where('trigger', '=', 'manual')
    .where('status', '=', 'pending')
    .where(sql<boolean>`issue_keys <@ ${sql.val(keys)}::text[]`)
    .returning(['id', 'issue_keys', 'created_at'])
    .execute();
}

/** The ids of the project's manual claims still pending that are made of `keys` alone. */
export async function findPendingClaimsOf(db: Executor, projectId: string, keys: string[]) {
  return db
    .selectFrom('sends')
    .select('id')
    .where('project_id', '=', projectId)
    .where('trigger', '=', 'manual')
    .where('status', '=', 'pending')
    .where(sql<boolean>`issue_keys <@ ${sql.val(keys)}::text[]`)
    .execute();
}

/** Deletes sends (claims merged into the one send that now owns their keys). */
export async function deleteSends(trx: Executor, sendIds: string[]): Promise<void> {
  await trx.deleteFrom('sends').where('id', 'in', sendIds).execute();
}

export async function setSendKeys(trx: Executor, sendId: string, keys: string[]): Promise<void> {
  await trx.updateTable('sends').set({ issue_keys: keys }).where('id', '=', sendId).execute();
}

/** A send that owns its keys from the start and is being handed over (status sending); returns its id. */
export async function insertOpenSend(
  trx: Executor,
  send: {
    projectId: string;
    trigger: SendTrigger;
    keys: string[];
    at: Date;
    /** The member sending by hand; none for auto-send. */
    sentBy?: string;
    details: SendDetails;
  },
): Promise<string> {
  const opened = await trx
    .insertInto('sends')
    .values({
      project_id: send.projectId,
      trigger: send.trigger,
      status: 'sending',
      issue_keys: send.keys,
      created_at: send.at,
      sending_at: send.at,
      ...(send.sentBy !== undefined ? { sent_by_user_id: send.sentBy } : {}),
      ...send.details,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return opened.id;
}

/**
 * sending → sent, guarded (a send the sweep already flagged stays flagged), in the statement that keeps
 * the outbox copy of its message: one round trip and one commit after the hand-over, not two. Returns
 * the outbox row's id.
 */
export async function confirmSent(
  db: Executor,
  sendId: string,
  outboxRow: OutboxRow,
  at: Date,
  recipients: RecipientAnswer[] | null = null,
): Promise<string> {
  const confirmed = await withOutboxRow(db, outboxRow)
    .with('confirmed', (qb) =>
      qb
        .updateTable('sends')
        .set((eb) => ({
          status: 'sent',
          delivered: outboxRow.delivered,
          mail_message_id: eb.selectFrom('outbox').select('outbox.id'),
          finished_at: at,
          recipient_answers: recipients ? JSON.stringify(recipients) : null,
        }))
        .where('id', '=', sendId)
        .where('status', '=', 'sending')
        .returning('sends.id'),
    )
    .selectFrom('outbox')
    .select('outbox.id')
    .executeTakeFirstOrThrow();
  return confirmed.id;
}

/** Keeps what the mail server answered for each recipient of a send it refused (the send is still sending). */
export async function recordRecipientAnswers(
  db: Executor,
  sendId: string,
  recipients: RecipientAnswer[],
): Promise<void> {
  await db
    .updateTable('sends')
    .set({ recipient_answers: JSON.stringify(recipients) })
    .where('id', '=', sendId)
    .where('status', '=', 'sending')
    .execute();
}

/** An auto-send round that failed before claiming anything: a failed send with no keys. */
export async function insertFailedRound(
  db: Executor,
  projectId: string,
  reason: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('sends')
    .values({
      project_id: projectId,
      trigger: 'auto',
      status: 'failed',
      error: reason,
      created_at: at,
      finished_at: at,
    })
    .execute();
}

/** Claims pending since before `abandonedBefore` and hand-overs sending since before `interruptedBefore`. */
export async function findStaleSends(db: Executor, abandonedBefore: Date, interruptedBefore: Date) {
  return db
    .selectFrom('sends')
    .select(['id', 'project_id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('created_at', '<', abandonedBefore)]),
        eb.and([eb('status', '=', 'sending'), eb('sending_at', '<', interruptedBefore)]),
      ]),
    )
    .execute();
}

/** sending → unconfirmed, for the given sends still sending; returns how many changed. */
export async function markSendsUnconfirmed(
  db: Executor,
  sendIds: string[],
  reason: string,
  at: Date,
): Promise<number> {
  const result = await db
    .updateTable('sends')
    .set({ status: 'unconfirmed', error: reason, finished_at: at })
    .where('id', 'in', sendIds)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A project's send history, newest first, with the e-mail of the member who sent each by hand. */
export async function listSends(db: Executor, projectId: string, limit = 100) {
  return (
    db
      .selectFrom('sends')
      .leftJoin('users', 'users.id', 'sends.sent_by_user_id')
      // A message kept in the outbox (no mail server) is shown as kept: without SMTP its copy holds the
      // notice's review link, which is how the demo is followed.
      .leftJoin('mail_messages as outbox', (join) =>
        join.onRef('outbox.id', '=', 'sends.mail_message_id').on('sends.delivered', '=', false),
      )
      .select([
        'users.email as sent_by',
        'sends.id',
        'sends.trigger',
        'sends.status',
        'sends.issue_keys',
        'sends.to_addresses',
        'sends.cc_addresses',
        'sends.subject',
        'sends.text_body',
        'outbox.text_body as outbox_text',
        'sends.attachment_name',
        'sends.attachment_size',
        'sends.delivered',
        'sends.error',
        'sends.recipient_answers',
        'sends.created_at',
        'sends.finished_at',
      ])
      .where('sends.project_id', '=', projectId)
      .where('sends.status', '!=', 'pending')
      .orderBy('sends.created_at', 'desc')
      .limit(limit)
      .execute()
  );
}

/** When auto-send last e-mailed stories of the project, if ever. */
export async function lastAutomaticSend(db: Executor, projectId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('sends')
    .select('finished_at')
    .where('project_id', '=', projectId)
    .where('trigger', '=', 'auto')
    .where('status', '=', 'sent')
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ?? null;
}

/** Whether a notice that went out (sent, or maybe: unconfirmed) carried the story. */
export async function storyWentOut(db: Executor, projectId: string, issueKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('sends')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', 'in', ['sent', 'unconfirmed'])
    .where(sql<boolean>`${issueKey} = any(issue_keys)`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The answer of POST /jira/review/getStatus, `{"data":[StoryStatus…]}` by key, as JSON text the database
 * writes: every story of the project's notices that went out (sent, or maybe: unconfirmed), how many
 * notices carried it, when the latest went out, and that notice's latest verdict, sign-off and summary.
 * Its `state`: `retest` while a re-test is offered, else the latest notice's verdict, else `retest` when
 * the story was sent again, else `waiting`. `overdue` (on `today`, `YYYY-MM-DD`): the latest notice's
 * answer-by date has passed and the client has not answered it; a story offered again waits on the team,
 * not the client, so it is not overdue. For 5,000 stories this takes about half the processor time
 * of decoding rows and writing them in JavaScript on PostgreSQL, a quarter of the time on PGlite
 * (bench/review-status.bench.ts): the notices are numbered once, so
 * each story's latest one is a max() (no sort per story), each link's stories are read once (not once
 * per story), and only the latest verdict per story is looked up, through review_verdicts_link_key.
 * A notice's keys are distinct (the claims make them so), and so are its link's stories (one per key).
 */
export async function storyStatusJson(db: Executor, projectId: string, today: string): Promise<string> {
  const result = await sql<{ body: string }>`
    with notices as (
      select s.id, s.issue_keys, coalesce(s.finished_at, s.created_at) as sent_at,
             row_number() over (order by s.created_at) as recency
        from sends s
       where s.project_id = ${projectId}::uuid and s.status in ('sent', 'unconfirmed')
    ), per_story as (
      select k.key, count(*)::int as rounds, max(n.sent_at) as last_sent_at, max(n.recency) as latest
        from notices n cross join lateral unnest(n.issue_keys) as k(key)
       group by k.key
    ), links as (
      select n.recency, l.id, l.signed_off_at, l.stories, l.answer_by
        from notices n join review_links l on l.send_id = n.id
    ), summaries as (
      select ln.recency, st.key, st.summary
        from links ln cross join lateral jsonb_to_recordset(ln.stories) as st(key text, summary text)
    )
    select '{"data":[' || coalesce(string_agg(
             '{"key":' || to_json(ps.key)
             || ',"summary":' || to_json(coalesce(nullif(su.summary, ''), ps.key))
             || ',"state":"' || case when o.issue_key is not null then 'retest'
                                     when v.verdict is not null then v.verdict
                                     when ps.rounds > 1 then 'retest'
                                     else 'waiting' end
             || '","rounds":' || ps.rounds
             || ',"lastSentAt":"' || ${isoTimestamp('ps.last_sent_at')}
             || '","answeredAt":' || coalesce('"' || ${isoTimestamp('v.created_at')} || '"', 'null')
             || ',"reviewer":' || coalesce(to_json(v.reviewer)::text, 'null')
             || ',"comment":' || coalesce(to_json(v.comment)::text, 'null')
             || ',"signedOff":' || (ln.signed_off_at is not null)::text
             || ',"answerBy":' || coalesce('"' || ln.answer_by::text || '"', 'null')
             || ',"overdue":' || (o.issue_key is null and v.verdict is null
                                  and coalesce(ln.answer_by < ${today}::date, false))::text
             || '}', ',' order by ps.key), '') || ']}' as body
      from per_story ps
      left join links ln on ln.recency = ps.latest
      left join summaries su on su.recency = ps.latest and su.key = ps.key
      left join lateral (
        select rv.verdict, rv.comment, rv.reviewer, rv.created_at from review_verdicts rv
         where rv.link_id = ln.id and rv.issue_key = ps.key
         order by rv.created_at desc limit 1
      ) v on true
      left join retest_offers o
        on o.project_id = ${projectId}::uuid and o.issue_key = ps.key and o.used_at is null`.execute(db);
  return result.rows[0]!.body;
}
