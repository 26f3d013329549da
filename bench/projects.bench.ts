// Benchmark of POST /jira/getFirebaseProjects for a user with 1,000 projects, on PGlite (or on
// PostgreSQL when TEST_DATABASE_URL is set), through app.inject with a real ID token.
// Run: npx tsx bench/projects.bench.ts   Target: median under 20 ms.
// Reference figures, measured in the same run so the ratio is comparable across machines: GET /health
// (one database round trip through the same server) and getFirebaseProjectByKey (the same token check
// and user lookup, one project).

import { cpus, loadavg } from 'node:os';
import { signUpAndSignIn } from '../apps/server/src/testing/sign-up.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { median, percentile, sampleAsync } from './stats.ts';

const PROJECTS = 1_000;
const WARMUP_RUNS = 10;
const RUNS = 50;
const TARGET_MS = 20;

const measure = (run: () => Promise<unknown>) => sampleAsync(run, { runs: RUNS, warmups: WARMUP_RUNS });

const t = await createTestApp();
try {
  const user = await signUpAndSignIn(t.app, {
    email: 'bench@example.com',
    password: 'bench-password',
    apikey: 'bench-api-key',
  });
  const rows = Array.from({ length: PROJECTS }, (_, i) => ({
    user_id: user.userId,
    project_key: `P${String(i).padStart(4, '0')}`,
    project_name: `Client project number ${i}`,
    client_emails: [`client${i}@customer.example`, `owner${i}@customer.example`],
    client_cc: [`pm${i % 7}@agency.example`],
    autosend: i % 3 === 0,
    sent_issue_keys: Array.from({ length: i % 20 }, (_, k) => `P${i}-${k + 1}`),
  }));
  for (let i = 0; i < rows.length; i += 250)
    await t.db
      .insertInto('projects')
      .values(rows.slice(i, i + 250))
      .execute();

  const headers = { authorization: `Bearer ${user.idToken}` };
  let bytes = 0;
  const list = await measure(async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/jira/getFirebaseProjects',
      headers,
      payload: { userId: user.userId },
    });
    if (response.statusCode !== 200)
      throw new Error(`getFirebaseProjects: ${response.statusCode} ${response.body}`);
    bytes = response.rawPayload.length;
  });
  const health = await measure(() => t.app.inject({ method: 'GET', url: '/health' }));
  // The same authenticated path for one project: what the token check and the user lookup cost.
  const one = await measure(() =>
    t.app.inject({
      method: 'POST',
      url: '/jira/getFirebaseProjectByKey',
      headers,
      payload: { userId: user.userId, projectKey: 'P0500' },
    }),
  );

  const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  const m = median(list);
  const ref = median(health);
  console.log(
    `getFirebaseProjects with ${PROJECTS} projects, ${db}, app.inject, ${RUNS} runs after ${WARMUP_RUNS} warm-up`,
  );
  console.log(`  answer ${(bytes / 1024).toFixed(0)} KiB`);
  console.log(
    `  getFirebaseProjects  median ${m.toFixed(2)} ms (p95 ${percentile(list, 0.95).toFixed(2)} ms, min ${Math.min(...list).toFixed(2)} ms)`,
  );
  console.log(`  GET /health          median ${ref.toFixed(2)} ms (reference: one database round trip)`);
  console.log(`  getFirebaseProjectByKey median ${median(one).toFixed(2)} ms (same auth path, one project)`);
  console.log(`  ratio getFirebaseProjects / health: ${(m / ref).toFixed(1)}`);
  console.log(`  target < ${TARGET_MS} ms: ${m < TARGET_MS ? 'met' : 'NOT MET'}`);
  const load = loadavg()[0]!;
  console.log(`  node ${process.version}, ${cpus().length} CPUs, load average ${load.toFixed(2)}`);
  if (load > cpus().length)
    console.log('  (the machine is busy: timings are inflated; the ratio is the steadier figure)');
} finally {
  await t.close();
}
