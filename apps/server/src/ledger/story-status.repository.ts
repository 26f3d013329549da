// The `story_statuses` and `story_status_stale` tables: the review status answer kept per sent story.
// Triggers in the writing transactions mark a story stale whenever something its entry depends on
// changes (its notices, their review links, its verdicts, its re-test offers; see the migration
// 2026-11-26T1500-story-statuses); a read builds the stale entries again, then joins them all. A project
// whose history did not change since the last read answers from the kept entries alone.
import type { StoryState } from '@handoff/core/api';
import { countStates, type StateCounts, shownState } from '@handoff/core/review-states';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isoTimestamp } from '../db/sql-json.ts';

type Executor = Kysely<Database>;

/**
 * The answer of POST /jira/review/getStatus, `{"data":[StoryStatus…]}` by key, as JSON text the database
 * writes. `overdue` (on `today`, `YYYY-MM-DD`) is added at read time: the latest notice's answer-by date
 * has passed and the client has not answered it.
 *
 * The stale marks are taken and their entries built under a lock of the project's statuses, in separate
 * statements: a mark taken was committed with its change before the build's statement began, so the
 * build sees that change; a mark committed later stays for the next read; and two readers never write
 * one entry from different snapshots.
 */
export async function storyStatusJson(db: Executor, projectId: string, today: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await refreshEntries(trx, projectId);
    const result = await sql<{ body: string }>`
      select '{"data":[' || coalesce(string_agg(
               entry || ',"overdue":' || ${overdue(today)}::text || '}',
               ',' order by issue_key), '') || ']}' as body
        from story_statuses where project_id = ${projectId}::uuid`.execute(trx);
    return result.rows[0]!.body;
  });
}

/** A kept entry's `overdue`, on `today`: the client was to answer its latest notice by a day now past. */
const overdue = (today: string) =>
  sql<boolean>`(awaiting_client and coalesce(answer_by < ${today}::date, false))`;

/**
 * Per project key of the workspace: how many of its sent stories show each state (core's `shownState`:
 * the client's latest answer, else Overdue, else the entry's `state`), from the very entries storyStatusJson answers with, built again
 * where stale first. So the projects list's counts are the review status screen's chips, story for story.
 */
export async function storyStateCounts(
  db: Executor,
  workspaceId: string,
  today: string,
): Promise<Map<string, StateCounts>> {
  const stale = await db
    .selectFrom('story_status_stale as st')
    .innerJoin('projects as p', 'p.id', 'st.project_id')
    .select('st.project_id')
    .distinct()
    .where('p.workspace_id', '=', workspaceId)
    .execute();
  for (const { project_id } of stale) {
    await db.transaction().execute((trx) => refreshEntries(trx, project_id));
  }
  const rows = await sql<{
    project_key: string;
    state: StoryState;
    overdue: boolean;
    last_verdict: 'passed' | 'failed' | null;
    stories: number;
  }>`
    select p.project_key, (s.entry || '}')::jsonb ->> 'state' as state, ${overdue(today)} as overdue,
           (s.entry || '}')::jsonb ->> 'lastVerdict' as last_verdict, count(*)::int as stories
      from story_statuses s join projects p on p.id = s.project_id
     where p.workspace_id = ${workspaceId}::uuid
     group by 1, 2, 3, 4`.execute(db);
  const counts = new Map<string, StateCounts>();
  for (const row of rows.rows) {
    const ofProject = counts.get(row.project_key) ?? countStates([]);
    counts.set(row.project_key, ofProject);
    ofProject[shownState({ ...row, lastVerdict: row.last_verdict })] += row.stories;
  }
  return counts;
}

/** Builds the project's stale entries again, under the lock of its statuses (see storyStatusJson). */
async function refreshEntries(trx: Executor, projectId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`story_statuses:${projectId}`}, 0))`.execute(trx);
  const stale = await trx
    .deleteFrom('story_status_stale')
    .where('project_id', '=', projectId)
    .returning('issue_key')
    .execute();
  const keys = [...new Set(stale.map((mark) => mark.issue_key))];
  if (keys.length > 0) await buildEntries(trx, projectId, keys);
}

/**
 * Builds the entries of `keys` again from the project's history: every story of the notices that went
 * out (sent, or maybe: unconfirmed), how many notices carried it, when the latest went out, and that
 * notice's latest verdict, sign-off, summary, epic and type, and the client's latest answer to it (`lastVerdict`: the
 * latest notice's verdict, else the newest of its earlier notices'); a key no notice carries any more loses its entry. Its
 * `state`: `retest` while a re-test is offered, else the latest notice's verdict, else `retest` when the
 * story was sent again, else `waiting`. A story offered again waits on the team, not the client, so it is
 * never overdue. Only the notices that carry one of `keys` are read, numbered once (by time, then id: a
 * build of some keys and a build of all pick the same latest notice even when two went out at once), so each story's
 * latest one is a max() (no sort per story), and only the latest verdict per story is looked up, through
 * review_verdicts_link_key. A notice's keys are distinct (the claims make them so), and so are its
 * link's stories (one per key).
 */
async function buildEntries(trx: Executor, projectId: string, keys: string[]): Promise<void> {
  await trx
    .deleteFrom('story_statuses')
    .where('project_id', '=', projectId)
    .where(sql<boolean>`issue_key = any(${keys}::text[])`)
    .execute();
  await sql`
    with wanted as (
      select unnest(${keys}::text[]) as key
    ), carried as (
      select s.id, s.created_at, s.release_name, coalesce(s.finished_at, s.created_at) as sent_at, k.key
        from sends s cross join lateral unnest(s.issue_keys) as k(key)
        join wanted w on w.key = k.key
       where s.project_id = ${projectId}::uuid and s.status in ('sent', 'unconfirmed')
    ), notices as (
      select n.id, n.release_name, row_number() over (order by n.created_at, n.id) as recency
        from (select distinct id, created_at, release_name from carried) as n
    ), per_story as (
      select c.key, count(*)::int as rounds, max(c.sent_at) as last_sent_at, max(n.recency) as latest
        from carried c join notices n on n.id = c.id
       group by c.key
    ), links as (
      select n.recency, l.id, l.signed_off_at, l.stories, l.answer_by
        from notices n join review_links l on l.send_id = n.id
    ), answers as (
      -- Each story's newest verdict in any of its notices, read in one pass (not a lookup per story).
      select distinct on (rv.issue_key) rv.issue_key as key, rv.verdict
        from links ln join review_verdicts rv on rv.link_id = ln.id
        join wanted w on w.key = rv.issue_key
       order by rv.issue_key, rv.created_at desc, rv.id desc
    ), summaries as (
      select ln.recency, st.key, st.summary, st.epic, st.type
        from links ln cross join lateral jsonb_to_recordset(ln.stories)
          as st(key text, summary text, epic jsonb, type jsonb)
        join wanted w on w.key = st.key
    )
    insert into story_statuses (project_id, issue_key, entry, awaiting_client, answer_by)
    select ${projectId}::uuid, ps.key,
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
           || ',"release":' || coalesce(to_json(latest.release_name)::text, 'null')
           || ',"epic":' || coalesce(su.epic::text, 'null')
           || ',"type":' || coalesce(su.type::text, 'null')
           || ',"lastVerdict":' || coalesce('"' || coalesce(v.verdict, prev.verdict) || '"', 'null'),
           o.issue_key is null and v.verdict is null,
           ln.answer_by
      from per_story ps
      join notices latest on latest.recency = ps.latest
      left join links ln on ln.recency = ps.latest
      left join summaries su on su.recency = ps.latest and su.key = ps.key
      left join lateral (
        select rv.verdict, rv.comment, rv.reviewer, rv.created_at from review_verdicts rv
         where rv.link_id = ln.id and rv.issue_key = ps.key
         order by rv.created_at desc, rv.id desc limit 1
      ) v on true
      left join answers prev on prev.key = ps.key
      left join retest_offers o
        on o.project_id = ${projectId}::uuid and o.issue_key = ps.key and o.used_at is null`.execute(trx);
}
