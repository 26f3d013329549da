// The review status kept per story (story-status.repository.ts) under concurrent reads and writes: over
// random schedules of verdicts and status reads through two database pools (two server processes, on
// PostgreSQL), no read fails and the kept entries always equal a build from scratch; and, step by step, an
// interleaving of two writers and a read that the ledger model test hit only now and then.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { storyStatusJson } from './story-status.repository.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.STORY_STATUS_RUNS) || (onPostgres ? 100 : 30);
/** A notice of 300 stories, so that a read's build takes long enough for others to run meanwhile. */
const KEYS = Array.from({ length: 300 }, (_, i) => `S-${i + 1}`);
/** The stories the client answers. */
const ANSWERED = KEYS.slice(0, 3);
const TODAY = '2026-11-26';

let t: TestApp;
let pools: Db[];
let projectId: string;
let linkId: string;
let verdictClock = Date.parse('2026-11-20T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  const user = await signUpAndSignIn(t.app, {
    email: 'status@example.test',
    password: 'status-password',
    apikey: 'status-jira',
  });
  const added = await t.app.inject({
    method: 'POST',
    url: '/jira/addProject',
    headers: { authorization: `Bearer ${user.idToken}` },
    payload: {
      userId: user.userId,
      projectKey: 'S',
      projectName: 'Status',
      clientEmails: ['c@example.test'],
    },
  });
  expect(added.statusCode, added.body).toBe(200);
  projectId = (
    await t.db.selectFrom('projects').select('id').where('project_key', '=', 'S').executeTakeFirstOrThrow()
  ).id;
  // One notice that went out, with its review link and its stories' summaries.
  const link = await sql<{ id: string }>`
    with sent as (
      insert into sends (project_id, trigger, status, issue_keys, subject, created_at, finished_at)
      values (${projectId}::uuid, 'manual', 'sent', ${KEYS}::text[], 'Notice', now(), now())
      returning id
    )
    insert into review_links (send_id, token_hash, expires_at, stories)
    select id, md5(id::text), now() + interval '30 days',
           (select jsonb_agg(jsonb_build_object('key', k, 'summary', 'Story ' || k, 'testSteps', '[]'::jsonb))
              from unnest(${KEYS}::text[]) as k)
      from sent
    returning id`.execute(t.db);
  linkId = link.rows[0]!.id;
  pools = [t.db, t.url ? await openDatabase({ kind: 'postgres', url: t.url }) : t.db];
});
afterAll(async () => {
  if (pools?.[1] !== t.db) await pools?.[1]?.destroy();
  await t.close();
});

type Step =
  | { kind: 'verdict'; key: string; verdict: 'passed' | 'failed'; pool: number }
  | { kind: 'read'; pool: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('verdict' as const),
    key: fc.constantFrom(...ANSWERED),
    verdict: fc.constantFrom('passed' as const, 'failed' as const),
    pool: fc.nat(1),
  }),
  fc.record({ kind: fc.constant('read' as const), pool: fc.nat(1) }),
);

async function run(one: Step): Promise<void> {
  const db = pools[one.pool]!;
  if (one.kind === 'read') {
    await storyStatusJson(db, projectId, TODAY);
    return;
  }
  verdictClock += 1000;
  await sql`insert into review_verdicts (link_id, submission_id, issue_key, verdict, comment, created_at, write_back)
    values (${linkId}::uuid, gen_random_uuid(), ${one.key}, ${one.verdict}, ${`at ${verdictClock}`},
            ${new Date(verdictClock)}, 'written')`.execute(db);
}

it(`keeps every entry as a build from scratch would make it (${RUNS} schedules, ${onPostgres ? 'PostgreSQL, two pools' : 'PGlite'})`, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(step, { minLength: 2, maxLength: 8 }), { minLength: 1, maxLength: 6 }),
      async (batches) => {
        // The steps of a batch run at once; batches one after another.
        for (const batch of batches) await Promise.all(batch.map(run));
        const kept = await storyStatusJson(pools[1]!, projectId, TODAY);
        await sql`delete from story_statuses where project_id = ${projectId}::uuid`.execute(t.db);
        await sql`insert into story_status_stale select project_id, unnest(issue_keys) from sends
        where project_id = ${projectId}::uuid`.execute(t.db);
        expect(JSON.parse(kept)).toEqual(JSON.parse(await storyStatusJson(t.db, projectId, TODAY)));
      },
    ),
    { numRuns: RUNS },
  );
}, 300_000);

// Two transactions need two connections: PGlite has one, and runs transactions one after another, so this
// interleaving cannot happen there.
it.runIf(onPostgres)(
  "shows a link's stories kept while its e-mail was still being handed over, when the hand-over committed first and a read came between",
  async () => {
    const keys = ['R-1', 'R-2'];
    const link = await sql<{ id: string; send_id: string }>`
      with sending as (
        insert into sends (project_id, trigger, status, issue_keys, subject, created_at, sending_at)
        values (${projectId}::uuid, 'manual', 'sending', ${keys}::text[], 'Notice', now(), now())
        returning id
      )
      insert into review_links (send_id, token_hash, expires_at)
      select id, md5(id::text), now() + interval '30 days' from sending
      returning id, send_id`.execute(t.db);
    const { id, send_id: sendId } = link.rows[0]!;
    const stories = JSON.stringify(keys.map((key) => ({ key, summary: `Story ${key}`, testSteps: [] })));
    const summaries = async () =>
      (
        JSON.parse(await storyStatusJson(t.db, projectId, TODAY)) as {
          data: { key: string; summary: string }[];
        }
      ).data
        .filter((entry) => keys.includes(entry.key))
        .map((entry) => entry.summary);

    let commitKeptStories = () => {};
    const kept = new Promise<void>((resolve) => {
      commitKeptStories = resolve;
    });
    let storiesWritten = () => {};
    const written = new Promise<void>((resolve) => {
      storiesWritten = resolve;
    });
    // The job keeps the stories on the link, in a transaction still open...
    const keeping = pools[1]!.transaction().execute(async (trx) => {
      await sql`update review_links set stories = ${stories}::jsonb where id = ${id}::uuid`.execute(trx);
      storiesWritten();
      await kept;
    });
    await written;
    // ...while the hand-over ends and commits, and the status is read.
    await sql`update sends set status = 'sent', finished_at = now() where id = ${sendId}::uuid`.execute(t.db);
    expect(await summaries()).toEqual(['R-1', 'R-2']);
    commitKeptStories();
    await keeping;
    expect(await summaries()).toEqual(['Story R-1', 'Story R-2']);
  },
);
