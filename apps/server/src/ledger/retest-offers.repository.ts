// The `retest_offers` table: a story already in the sent list offered again for re-test (after a Failed
// verdict and a status change in Jira, or at a member's request). An offer is open until one send uses
// it, under the project's lock (claims.ts); a send that did not go out opens it again (give-backs.ts).
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewRetestOffer {
  key: string;
  reason: 'failed' | 'asked';
  verdictId?: string | undefined;
  askedBy?: string | undefined;
}

/**
 * Opens offers, one per story at most: a story with an open offer keeps it, and a Failed verdict opens
 * at most one offer ever (used or not). Returns the keys whose offer was opened now.
 */
export async function insertRetestOffers(
  db: Executor,
  projectId: string,
  offers: readonly NewRetestOffer[],
  at: Date,
): Promise<string[]> {
  if (offers.length === 0) return [];
  const rows = await sql<{ issue_key: string }>`
    insert into retest_offers (project_id, issue_key, reason, verdict_id, asked_by_user_id, created_at)
    select ${projectId}::uuid, o.key, o.reason, o.verdict_id::uuid, o.asked_by::uuid, ${at}
      from jsonb_to_recordset(${JSON.stringify(
        offers.map((o) => ({
          key: o.key,
          reason: o.reason,
          verdict_id: o.verdictId ?? null,
          asked_by: o.askedBy ?? null,
        })),
      )}::jsonb) as o(key text, reason text, verdict_id text, asked_by text)
    on conflict do nothing
    returning issue_key`.execute(db);
  return rows.rows.map((row) => row.issue_key);
}

/** The project's stories with an open offer, among `keys` (all when omitted). */
export async function openRetestKeys(
  db: Executor,
  projectId: string,
  keys?: readonly string[],
): Promise<string[]> {
  let query = db
    .selectFrom('retest_offers')
    .select('issue_key')
    .where('project_id', '=', projectId)
    .where('used_at', 'is', null);
  if (keys) {
    if (keys.length === 0) return [];
    query = query.where('issue_key', 'in', [...keys]);
  }
  return (await query.execute()).map((row) => row.issue_key);
}

/** The verdicts that opened an offer already (used or not), among these. */
export async function verdictsWithOffers(db: Executor, verdictIds: readonly string[]): Promise<Set<string>> {
  if (verdictIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('retest_offers')
    .select('verdict_id')
    .where('verdict_id', 'in', [...verdictIds])
    .execute();
  return new Set(rows.map((row) => row.verdict_id as string));
}

/** Uses the open offers of these stories for a send; the caller holds the project's lock. Returns their keys. */
export async function useRetestOffers(
  trx: Executor,
  projectId: string,
  keys: readonly string[],
  sendId: string,
  at: Date,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await trx
    .updateTable('retest_offers')
    .set({ used_by_send_id: sendId, used_at: at })
    .where('project_id', '=', projectId)
    .where('issue_key', 'in', [...keys])
    .where('used_at', 'is', null)
    .returning('issue_key')
    .execute();
  return rows.map((row) => row.issue_key);
}

/**
 * A send that did not go out gives its offers back: each is open again, unless the story got a new
 * open offer meanwhile (then the used one is dropped). Returns the keys given back; the caller holds the
 * project's lock.
 */
export async function reopenRetestOffers(trx: Executor, sendIds: readonly string[]): Promise<string[]> {
  if (sendIds.length === 0) return [];
  const used = await trx
    .selectFrom('retest_offers')
    .select(['id', 'project_id', 'issue_key'])
    .where('used_by_send_id', 'in', [...sendIds])
    .execute();
  if (used.length === 0) return [];
  const open = await trx
    .selectFrom('retest_offers')
    .select(['project_id', 'issue_key'])
    .where('used_at', 'is', null)
    .where('project_id', 'in', [...new Set(used.map((row) => row.project_id))])
    .execute();
  const isOpen = new Set(open.map((row) => `${row.project_id} ${row.issue_key}`));
  const reopen = used.filter((row) => !isOpen.has(`${row.project_id} ${row.issue_key}`));
  const drop = used.filter((row) => isOpen.has(`${row.project_id} ${row.issue_key}`));
  if (reopen.length > 0) {
    await trx
      .updateTable('retest_offers')
      .set({ used_by_send_id: null, used_at: null })
      .where(
        'id',
        'in',
        reopen.map((row) => row.id),
      )
      .execute();
  }
  if (drop.length > 0) {
    await trx
      .deleteFrom('retest_offers')
      .where(
        'id',
        'in',
        drop.map((row) => row.id),
      )
      .execute();
  }
  return used.map((row) => row.issue_key);
}
