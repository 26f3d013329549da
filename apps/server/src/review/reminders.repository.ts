// The `review_reminders` table: each reminder of a notice's unanswered stories, from its claim
// ('sending', committed before the e-mail leaves, so no other process claims the same reminder) to
// 'sent' or 'failed' (the mail server refused it: the next round tries again).
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database, ReviewStorySnapshot } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Reminders a notice gets at most. */
const MAX_REMINDERS = 2;
/** A claim older than this whose e-mail never finished (the process stopped) no longer holds the notice. */
const CLAIM_MINUTES = 15;

export interface DueReminder {
  link_id: string;
  stories: ReviewStorySnapshot[] | null;
  unanswered: string[];
  to_addresses: string[];
  cc_addresses: string[];
  subject: string | null;
  /** The language the notice was sent in: the reminder is in it too. */
  client_language: string;
}

/**
 * Claims up to `limit` notices due a reminder, for this process alone: the link is active and not signed
 * off, its project reminds, some story has no verdict, fewer than MAX_REMINDERS were sent, and the
 * project's days have passed since the notice or its last reminder. Each claim is a 'sending' row with
 * the token hash of the reminder's own link, written in the same transaction as the row locks.
 */
export async function claimDueReminders(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  tokenHash: () => string,
): Promise<Array<DueReminder & { reminder_id: string; token_hash: string }>> {
  return db.transaction().execute(async (trx) => {
    const dueNotices = (onlyLinks: RawBuilder<unknown>) => sql<DueReminder>`
      select l.id as link_id, l.stories, s.to_addresses, s.cc_addresses, s.subject, l.client_language,
             array(select k from unnest(s.issue_keys) as k
                    where not exists (select 1 from review_verdicts v where v.link_id = l.id and v.issue_key = k))
               as unanswered
        from review_links l
        join sends s on s.id = l.send_id
        join projects p on p.id = s.project_id
       where p.reminder_days is not null
         and s.status in ('sent', 'unconfirmed')
         and l.revoked_at is null and l.expires_at > ${now} and l.signed_off_at is null
         and (select count(*) from review_reminders r where r.link_id = l.id and r.status = 'sent') < ${MAX_REMINDERS}
         and not exists (select 1 from review_reminders r where r.link_id = l.id and r.status = 'sending'
                          and r.created_at > ${now}::timestamptz - ${`${CLAIM_MINUTES} minutes`}::interval)
         and coalesce((select max(r.created_at) from review_reminders r where r.link_id = l.id and r.status = 'sent'),
                       coalesce(s.finished_at, s.created_at))
               + p.reminder_days * interval '1 day' <= ${now}
         and exists (select 1 from unnest(s.issue_keys) as k
                      where not exists (select 1 from review_verdicts v where v.link_id = l.id and v.issue_key = k))
         ${onlyLinks}
       order by l.created_at
       limit ${limit}`;
    const locked = await sql<DueReminder>`${dueNotices(sql``)} for update of l skip locked`.execute(trx);
    // A claim another process committed after this statement's snapshot is invisible to it even once its
    // lock is released (the link row itself did not change, so PostgreSQL does not re-check it): ask again,
    // in a new statement, with the links locked.
    const ids = locked.rows.map((row) => row.link_id);
    const due =
      ids.length === 0 ? locked : await dueNotices(sql`and l.id in (${sql.join(ids)})`).execute(trx);
    const claimed: Array<DueReminder & { reminder_id: string; token_hash: string }> = [];
    for (const row of due.rows) {
      const hash = tokenHash();
      const inserted = await trx
        .insertInto('review_reminders')
        .values({ link_id: row.link_id, token_hash: hash, status: 'sending', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      claimed.push({ ...row, reminder_id: inserted.id, token_hash: hash });
    }
    return claimed;
  });
}

export async function finishReminder(
  db: Executor,
  reminderId: string,
  outcome: { status: 'sent' | 'failed'; error: string | null; at: Date },
): Promise<void> {
  await db
    .updateTable('review_reminders')
    .set({ status: outcome.status, error: outcome.error, finished_at: outcome.at })
    .where('id', '=', reminderId)
    .where('status', '=', 'sending')
    .execute();
}

/** The reminders of these links, oldest first, for the send history. */
export async function remindersOfLinks(db: Executor, linkIds: readonly string[]) {
  if (linkIds.length === 0) return [];
  return db
    .selectFrom('review_reminders')
    .select(['link_id', 'status', 'error', 'created_at', 'finished_at'])
    .where('link_id', 'in', [...linkIds])
    .where('status', '!=', 'sending')
    .orderBy('created_at')
    .execute();
}
