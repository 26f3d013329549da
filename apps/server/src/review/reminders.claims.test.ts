// The reminder claim under random schedules: three server processes (on PostgreSQL each with its own pool)
// claim the due reminders of several notices at once, in batches of random sizes, starting at random
// moments. Whatever the schedule, each due notice is claimed exactly once: no reminder goes out twice,
// none is lost. (Removing the claim's second look in claimDueReminders makes this fail on PostgreSQL: a
// process whose statement began before another's claim committed takes the same notice again.)
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { roundHelpers } from '../testing/review-round.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { testConfig } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { claimDueReminders } from './reminders.repository.ts';

const DAY = 86_400_000;
const NOTICES = 8;
const PROCESSES = 3;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pools: Db[];
const ownPools: Db[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 1; i < PROCESSES && database.url; i++) {
    ownPools.push(await openDatabase({ kind: 'postgres', url: database.url }));
  }
  pools = [database.db, ...ownPools];
  const app = await buildApp({ config: testConfig(), db: database.db, webRoot: false });
  const account = { email: 'claims@example.test', password: 'claims-password', apikey: 'claims-jira' };
  const member = { ...(await signUpAndSignIn(app, account)), ...account };
  const h = roundHelpers(app, database.db, member);
  const added = await h.call('/jira/addProject', {
    userId: member.userId,
    projectKey: 'DEMO',
    projectName: 'Claims',
    clientEmails: ['client@example.test'],
  });
  expect(added.statusCode).toBe(200);
  for (let n = 0; n < NOTICES; n++) {
    const sent = await h.send('DEMO', [`DEMO-${n + 1}`], `Dear customer,\n\n- Story ${n + 1}`, `Notice ${n}`);
    expect(sent.statusCode).toBe(200);
  }
  await app.close();
}, 120_000);

afterAll(async () => {
  await Promise.all(ownPools.map((pool) => pool.destroy()));
  await database?.drop();
});

/** Every process claims in batches of its size until a batch comes back empty; answers each claim's notice. */
async function claimEverything(schedule: Array<{ batch: number; delayMs: number }>): Promise<string[]> {
  const at = new Date(Date.now() + 3.5 * DAY);
  let token = 0;
  const claimsOf = async (pool: Db, { batch, delayMs }: { batch: number; delayMs: number }) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const links: string[] = [];
    for (;;) {
      const claimed = await claimDueReminders(pool, at, batch, () => `claim-${token++}-${Math.random()}`);
      if (claimed.length === 0) return links;
      links.push(...claimed.map((claim) => claim.link_id));
    }
  };
  const perProcess = await Promise.all(schedule.map((turn, i) => claimsOf(pools[i % pools.length]!, turn)));
  return perProcess.flat();
}

it('claims each due reminder exactly once, whatever the schedule of three processes', async () => {
  const turn = fc.record({ batch: fc.integer({ min: 1, max: 3 }), delayMs: fc.integer({ min: 0, max: 4 }) });
  await fc.assert(
    fc.asyncProperty(fc.array(turn, { minLength: PROCESSES, maxLength: PROCESSES }), async (schedule) => {
      const claimed = await claimEverything(schedule);
      // This run's claims are undone (a test-only reset of the owner's table) so the next schedule starts alike.
      await sql`delete from review_reminders`.execute(database.db);
      expect(claimed).toHaveLength(NOTICES);
      expect(new Set(claimed).size).toBe(NOTICES);
    }),
    // One PGlite connection runs the processes' statements one after another: few runs tell enough there.
    { numRuns: database.url ? 150 : 20 },
  );
}, 120_000);
