// Benchmark of the review status screen's call (POST /jira/review/getStatus) for a project with 5,000
// sent stories and 20,000 verdicts, against its bare SQL (storyStatusJson alone, on the same database
// connection: the transaction that builds the stale entries and joins them all), measured in the same
// run. The whole call adds the caller check and the project look-up.
// The entries are kept per story and built again only where a write marked them stale (ledger/
// story-status.repository.ts), so the figures that matter are three: a read when nothing changed since
// the last one (the screen opened again), a read after one verdict (one entry built again), and the
// first read of a history none of whose entries were built (after the migration, or on a new server).
// Before entries were kept, every call built all 5,000 and measured 77.8 ms at the median on PostgreSQL.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/review-status.bench.ts
// (PGlite without it). Target: median ≤ 50 ms on PostgreSQL.
import { cpus, loadavg } from 'node:os';
import { sql } from 'kysely';
import { storyStatusJson } from '../apps/server/src/ledger/story-status.repository.ts';
import { signUpAndSignIn } from '../apps/server/src/testing/sign-up.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { median, percentile, sampleAsync } from './stats.ts';

const STORIES = 5_000;
const PER_NOTICE = 10;
/** Notices that carried stories again (a second round): 100 notices of 10 stories. */
const RESENT_NOTICES = 100;
const VERDICTS_PER_STORY = 4;
const TARGET_MS = 50;

const t = await createTestApp();
try {
  const account = { email: 'bench@example.com', password: 'bench-password', apikey: 'bench-api-key' };
  const user = await signUpAndSignIn(t.app, account);
  const added = await t.app.inject({
    method: 'POST',
    url: '/jira/addProject',
    headers: { authorization: `Bearer ${user.idToken}` },
    payload: {
      userId: user.userId,
      projectKey: 'BENCH',
      projectName: 'Bench',
      clientEmails: ['c@x.example'],
    },
  });
  if (added.statusCode !== 200) throw new Error(`addProject: ${added.body}`);
  const project = await t.db
    .selectFrom('projects')
    .select('id')
    .where('project_key', '=', 'BENCH')
    .executeTakeFirstOrThrow();

  // The history: 500 notices of 10 new stories, then 100 notices re-sending 10 each; every notice has a
  // link with its stories' summaries; 4 verdicts per story on its first notice's link.
  const seeded = performance.now();
  await sql`
    with notice as (
      select n, case when n <= ${STORIES / PER_NOTICE} then n else n - ${STORIES / PER_NOTICE} end as first_of
        from generate_series(1, ${STORIES / PER_NOTICE + RESENT_NOTICES}) as n
    ), sent as (
      insert into sends (project_id, trigger, status, issue_keys, subject, created_at, finished_at)
      select ${project.id}::uuid, 'manual', 'sent',
             array(select 'BENCH-' || ((first_of - 1) * ${PER_NOTICE} + i) from generate_series(1, ${PER_NOTICE}) as i),
             'Notice ' || n, now() - (interval '1 minute' * (10000 - n)), now() - (interval '1 minute' * (10000 - n))
        from notice
      returning id, issue_keys
    )
    insert into review_links (send_id, token_hash, expires_at, stories)
    select id, md5(id::text), now() + interval '30 days',
           (select jsonb_agg(jsonb_build_object('key', k, 'summary', 'Story ' || k, 'testSteps', '[]'::jsonb))
              from unnest(issue_keys) as k)
      from sent`.execute(t.db);
  await sql`
    insert into review_verdicts (link_id, submission_id, issue_key, verdict, comment, created_at, write_back)
    select l.id, gen_random_uuid(), k, case when (v + length(k)) % 3 = 0 then 'failed' else 'passed' end,
           'Comment ' || v, now() - (interval '1 second' * (100 - v)), 'written'
      from review_links l
      join sends s on s.id = l.send_id and s.project_id = ${project.id}::uuid
      cross join lateral unnest(s.issue_keys) as k
      cross join generate_series(1, ${VERDICTS_PER_STORY}) as v
     where s.subject::text <= 'Notice 500' or length(s.subject) < 10`.execute(t.db);
  await sql`analyze`.execute(t.db);
  const counts = await sql<{ stories: number; verdicts: number }>`
    select (select count(distinct k)::int from sends, unnest(issue_keys) k where project_id = ${project.id}::uuid) as stories,
           (select count(*)::int from review_verdicts) as verdicts`.execute(t.db);
  console.log(
    `seeded ${JSON.stringify(counts.rows[0])} in ${((performance.now() - seeded) / 1000).toFixed(1)} s ` +
      `on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}`,
  );

  const call = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/jira/review/getStatus',
      headers: { authorization: `Bearer ${user.idToken}` },
      payload: { userId: user.userId, projectKey: 'BENCH' },
    });
    if (res.statusCode !== 200) throw new Error(`getStatus: ${res.body}`);
    return res;
  };
  const answer = (await call()).json().data as unknown[];
  if (answer.length !== STORIES) throw new Error(`expected ${STORIES} stories, got ${answer.length}`);

  // Interleaved, so both see the same machine load.
  const bare: number[] = [];
  const whole: number[] = [];
  for (let round = 0; round < 5; round++) {
    bare.push(
      ...(await sampleAsync(() => storyStatusJson(t.db, project.id, '2026-11-26'), { runs: 8, warmups: 2 })),
    );
    whole.push(...(await sampleAsync(call, { runs: 8, warmups: 2 })));
  }
  // A verdict on a story of the first notice's link before each call: one entry built again.
  const link = await sql<{ id: string; key: string }>`
    select l.id, s.issue_keys[1] as key from review_links l join sends s on s.id = l.send_id
     where s.project_id = ${project.id}::uuid order by s.created_at limit 1`.execute(t.db);
  const { id: linkId, key: answeredKey } = link.rows[0]!;
  const afterVerdict = await sampleAsync(
    async () => {
      await sql`insert into review_verdicts (link_id, submission_id, issue_key, verdict, created_at, write_back)
        values (${linkId}::uuid, gen_random_uuid(), ${answeredKey}, 'passed', now(), 'written')`.execute(
        t.db,
      );
      return call();
    },
    { runs: 20, warmups: 2 },
  );
  // Every entry stale, as after the migration: all 5,000 built in the call.
  const fromScratch = await sampleAsync(
    async () => {
      await sql`delete from story_statuses where project_id = ${project.id}::uuid`.execute(t.db);
      await sql`insert into story_status_stale select project_id, unnest(issue_keys) from sends
        where project_id = ${project.id}::uuid`.execute(t.db);
      return call();
    },
    { runs: 8, warmups: 1 },
  );
  const fmt = (values: number[]) =>
    `median ${median(values).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms`;
  console.log(`bare SQL (storyStatusJson alone):          ${fmt(bare)}`);
  console.log(`getStatus, nothing changed since last read: ${fmt(whole)}`);
  console.log(
    `getStatus after one verdict (1 entry built): ${fmt(afterVerdict)} (includes the verdict's insert)`,
  );
  console.log(`getStatus with every entry stale (5,000 built): ${fmt(fromScratch)} (includes marking them)`);
  console.log(
    `ratio of medians, call / bare SQL: ${(median(whole) / median(bare)).toFixed(2)}; ` +
      `after one verdict / nothing changed: ${(median(afterVerdict) / median(whole)).toFixed(2)}; ` +
      `target median ≤ ${TARGET_MS} ms: ${median(whole) <= TARGET_MS && median(afterVerdict) <= TARGET_MS ? 'met' : 'NOT met'} ` +
      `(load ${loadavg()[0]!.toFixed(1)})`,
  );
} finally {
  await t.close();
}
