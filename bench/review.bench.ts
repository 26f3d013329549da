// Benchmark of the client's review write-back: from a client's "Submit results"
// (POST /jira/review/submitVerdicts answered) to the verdict's comment existing at Jira, for 50 verdicts,
// against a bare comment POST to the same Jira (what any client of Jira pays for one comment), measured
// in the same run. Jira is the demo tracker on the server's own port over HTTP (as with `npm start`);
// the database is PGlite (or PostgreSQL when TEST_DATABASE_URL is set).
//  1. one at a time: each verdict submitted alone, its comment awaited before the next;
//  2. a burst: 50 verdicts submitted at once (5 submissions of 10 stories), each timed from its
//     submission's answer to its own comment.
// Run: npx tsx bench/review.bench.ts   Target: p95 submission → comment ≤ 5 s.

import { cpus, loadavg } from 'node:os';
import { multipartBody } from '../apps/server/src/testing/multipart.ts';
import { signUpAndSignIn } from '../apps/server/src/testing/sign-up.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { median, percentile } from './stats.ts';

const VERDICTS = 50;
const TARGET_MS = 5_000;
const KEYS = Array.from({ length: 10 }, (_, i) => `DEMO-${i + 1}`);

const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
try {
  const account = { email: 'bench@example.com', password: 'bench-password', apikey: 'bench-api-key' };
  const user = await signUpAndSignIn(t.app, account);
  const authorization = `Bearer ${user.idToken}`;
  const basic = `Basic ${Buffer.from(`${account.email}:${account.apikey}`).toString('base64')}`;
  const added = await t.app.inject({
    method: 'POST',
    url: '/jira/addProject',
    headers: { authorization },
    payload: {
      userId: user.userId,
      projectKey: 'BENCH',
      projectName: 'Bench',
      clientEmails: ['c@x.example'],
    },
  });
  if (added.statusCode !== 200) throw new Error(`addProject: ${added.body}`);
  const form = await multipartBody([
    ['subject', 'Request for Testing: User Stories for Review'],
    ['text', 'Dear customer,\n\nThe following features are finished:\n- Checkout\n\n\nRegards,'],
    ['to', 'c@x.example'],
    ['projectKey', 'BENCH'],
    ['issueKeys', KEYS.join(',')],
  ]);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { authorization, ...form.headers },
    payload: form.payload,
  });
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.body}`);
  // No SMTP: the outbox copy holds the link.
  const outbox = await t.db
    .selectFrom('mail_messages')
    .select('text_body')
    .where('purpose', '=', 'stories')
    .executeTakeFirstOrThrow();
  const token = /\/review\/([\w-]{43})/.exec(outbox.text_body)?.[1];
  if (!token) throw new Error('no review link in the notice');

  async function submit(verdicts: Array<{ key: string; verdict: 'passed' | 'failed' }>): Promise<number> {
    const response = await fetch(`${base}/jira/review/submitVerdicts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, verdicts }),
    });
    if (response.status !== 200)
      throw new Error(`submitVerdicts: ${response.status} ${await response.text()}`);
    return performance.now();
  }

  /** When each of the verdicts' comments exists at Jira (polled every 5 ms), by verdict id. */
  async function commentTimes(count: number): Promise<number[]> {
    const seen = new Map<string, number>();
    const deadline = performance.now() + 120_000;
    while (seen.size < count) {
      if (performance.now() > deadline) throw new Error('comments did not arrive within 2 minutes');
      const comments = await t.db.selectFrom('demo_tracker_comments').select(['id', 'body']).execute();
      for (const comment of comments) {
        const marker = /Handoff verdict ([0-9a-f-]{36})/.exec(JSON.stringify(comment.body))?.[1];
        if (marker && !seen.has(marker)) seen.set(marker, performance.now());
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return [...seen.values()];
  }

  const clearComments = () => t.db.deleteFrom('demo_tracker_comments').execute();

  // Reference: a bare comment POST to the same Jira, as the write-back sends it.
  const body = {
    body: {
      type: 'doc',
      version: 1,
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Client review: Passed' }] }],
    },
  };
  const bare: number[] = [];
  for (let i = 0; i < VERDICTS + 5; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/rest/api/3/issue/DEMO-1/comment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: basic },
      body: JSON.stringify(body),
    });
    await response.text();
    if (response.status !== 201) throw new Error(`bare comment: ${response.status}`);
    if (i >= 5) bare.push(performance.now() - started);
  }
  await clearComments();

  // 1. One at a time.
  const single: number[] = [];
  for (let i = 0; i < VERDICTS; i++) {
    const answered = await submit([{ key: KEYS[i % KEYS.length]!, verdict: i % 3 ? 'passed' : 'failed' }]);
    const [arrived] = await commentTimes(1);
    single.push(arrived! - answered);
    await clearComments();
  }

  // 2. A burst of 50 verdicts in 5 submissions.
  const answeredAt = await Promise.all(
    Array.from({ length: VERDICTS / KEYS.length }, (_, s) =>
      submit(KEYS.map((key, i) => ({ key, verdict: (s + i) % 4 ? 'passed' : 'failed' }))),
    ),
  );
  const lastAnswer = Math.max(...answeredAt);
  const firstAnswer = Math.min(...answeredAt);
  const arrivals = await commentTimes(VERDICTS);
  // Conservative: each comment timed from the earliest submission's answer.
  const burst = arrivals.map((at) => at - firstAnswer);

  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `review write-back, ${VERDICTS} verdicts (${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)})`,
  );
  console.log(
    `  reference: bare comment POST to Jira   median ${fmt(median(bare))}   p95 ${fmt(percentile(bare, 0.95))}`,
  );
  const single95 = percentile(single, 0.95);
  console.log(
    `  one at a time: submission → comment   median ${fmt(median(single))}   p95 ${fmt(single95)}` +
      `   (${(single95 / percentile(bare, 0.95)).toFixed(1)}× the bare POST's p95)`,
  );
  const burst95 = percentile(burst, 0.95);
  console.log(
    `  burst of 50 (5 submissions answered within ${fmt(lastAnswer - firstAnswer)}): submission → comment` +
      `   median ${fmt(median(burst))}   p95 ${fmt(burst95)}   (${(burst95 / percentile(bare, 0.95)).toFixed(1)}×)`,
  );
  const worst = Math.max(single95, burst95);
  console.log(`  target p95 ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'MISSED'} (${fmt(worst)})`);
  if (worst > TARGET_MS) process.exitCode = 1;
} finally {
  await t.close();
}
