// Benchmark of a send of stories through the ledger: POST /jira/sendDownloadedIssues end to end (bearer
// token, multipart form, the ledger's claim take-over, the SMTP hand-over to a real local SMTP server,
// the confirmation), against the SMTP hand-over alone (app.mailer.sendMail, the step the ledger wraps),
// measured in the same run, alternately, on PGlite (or PostgreSQL when TEST_DATABASE_URL is set).
// Each send takes over the claim a project update made for a fresh story key (the update is not timed).
// The same request without projectKey (no ledger) is measured too, to show the ledger's own share.
// The test SMTP server (smtp-server) waits 100 ms before its greeting; both sides include that wait.
// Run: npx tsx bench/send.bench.ts   Target: the send adds at most 5 ms at the median over the hand-over.

import { cpus, loadavg } from 'node:os';
import { Mailbox } from '../apps/server/src/testing/mailbox.ts';
import { multipartBody } from '../apps/server/src/testing/multipart.ts';
import { signUpAndSignIn } from '../apps/server/src/testing/sign-up.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { median, percentile } from './stats.ts';

const WARMUP_RUNS = 20;
const RUNS = 200;
const TARGET_MS = 5;

const mailbox = new Mailbox();
const smtpPort = await mailbox.listen();
// The benchmark sends far more than a user may in an hour; the per-user limit is not what it measures.
const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAX_SENDS_PER_HOUR: '1000000' });
try {
  const user = await signUpAndSignIn(t.app, {
    email: 'bench@example.com',
    password: 'bench-password',
    apikey: 'bench-api-key',
  });
  const authorization = `Bearer ${user.idToken}`;
  const message = {
    to: ['client@customer.example'],
    cc: ['pm@agency.example'],
    subject: 'Request for Testing: User Stories for Review',
    text: 'Dear customer,\n\nThe following features are finished:\n- Checkout\n\n\nRegards,',
  };
  const added = await t.app.inject({
    method: 'POST',
    url: '/jira/addProject',
    headers: { authorization },
    payload: {
      userId: user.userId,
      projectKey: 'BENCH',
      projectName: 'Bench',
      clientEmails: message.to,
      clientCC: message.cc,
    },
  });
  if (added.statusCode !== 200) throw new Error(`addProject: ${added.body}`);
  const { workspace_id: workspaceId } = await t.db
    .selectFrom('projects')
    .select('workspace_id')
    .where('project_key', '=', 'BENCH')
    .executeTakeFirstOrThrow();

  let story = 0;
  let sentList: string[] = [];
  async function sendThroughLedger(): Promise<number> {
    story += 1;
    const key = `BENCH-${story}`;
    sentList = [...sentList, key];
    const update = await t.app.inject({
      method: 'POST',
      url: '/jira/updateFirebaseProject',
      headers: { authorization },
      payload: {
        userId: user.userId,
        projectKey: 'BENCH',
        updatedProject: {
          projectKey: 'BENCH',
          projectName: 'Bench',
          clientEmails: message.to,
          clientCC: message.cc,
          sentProjectIssuesList: sentList,
        },
      },
    });
    if (update.statusCode !== 200) throw new Error(`update: ${update.body}`);
    const body = await multipartBody([
      ['subject', message.subject],
      ['text', message.text],
      ['to', message.to[0]!],
      ['cc', message.cc[0]!],
      ['projectKey', 'BENCH'],
      ['issueKeys', key],
    ]);
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/jira/sendDownloadedIssues',
      headers: { authorization, ...body.headers },
      payload: body.payload,
    });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
    return elapsed;
  }
  /** The ledger's first step alone: taking over the claim of a fresh key (lock, guarded take-over). */
  async function takeOverOnly(): Promise<number> {
    story += 1;
    const key = `BENCH-${story}`;
    sentList = [...sentList, key];
    const update = await t.app.inject({
      method: 'POST',
      url: '/jira/updateFirebaseProject',
      headers: { authorization },
      payload: {
        userId: user.userId,
        projectKey: 'BENCH',
        updatedProject: {
          projectKey: 'BENCH',
          projectName: 'Bench',
          clientEmails: message.to,
          clientCC: message.cc,
          sentProjectIssuesList: sentList,
        },
      },
    });
    if (update.statusCode !== 200) throw new Error(`update: ${update.body}`);
    const started = performance.now();
    const send = await t.app.ledger.startManualSend(
      { workspaceId, projectKey: 'BENCH', sentBy: user.userId },
      [key],
      message,
    );
    const elapsed = performance.now() - started;
    // Not handed over: the sweep would flag it; close it as the confirm step would.
    await t.db.updateTable('sends').set({ status: 'sent' }).where('id', '=', send!.id).execute();
    return elapsed;
  }

  /** The same request without projectKey: no ledger, so the difference is the ledger's own share. */
  async function sendWithoutLedger(): Promise<number> {
    const body = await multipartBody([
      ['subject', message.subject],
      ['text', message.text],
      ['to', message.to[0]!],
      ['cc', message.cc[0]!],
    ]);
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/jira/sendDownloadedIssues',
      headers: { authorization, ...body.headers },
      payload: body.payload,
    });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`plain send: ${res.statusCode} ${res.body}`);
    return elapsed;
  }
  async function handOverOnly(): Promise<number> {
    const started = performance.now();
    await t.app.mailer.sendMail({ purpose: 'stories', ...message });
    return performance.now() - started;
  }

  for (let i = 0; i < WARMUP_RUNS; i++) {
    await sendThroughLedger();
    await sendWithoutLedger();
    await handOverOnly();
  }
  const ledger: number[] = [];
  const plain: number[] = [];
  const takeOver: number[] = [];
  const handOver: number[] = [];
  // Alternately, so both see the same machine load.
  for (let i = 0; i < RUNS; i++) {
    ledger.push(await sendThroughLedger());
    plain.push(await sendWithoutLedger());
    handOver.push(await handOverOnly());
    takeOver.push(await takeOverOnly());
  }

  const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  const added_ms = median(ledger) - median(handOver);
  const line = (name: string, values: number[]) =>
    `  ${name} median ${median(values).toFixed(2)} ms (p95 ${percentile(values, 0.95).toFixed(2)} ms, min ${Math.min(...values).toFixed(2)} ms)`;
  console.log(
    `A send of stories through the ledger, ${db}, local SMTP server, ${RUNS} runs each after ${WARMUP_RUNS} warm-up`,
  );
  console.log(line('sendDownloadedIssues (app.inject, through the ledger)', ledger));
  console.log(line('sendDownloadedIssues without a project (no ledger)  ', plain));
  console.log(line('SMTP hand-over alone (app.mailer.sendMail)          ', handOver));
  console.log(line("the ledger's take-over alone (startManualSend)       ", takeOver));
  console.log(
    `  the ledger's own share (with vs without a project): ${(median(ledger) - median(plain)).toFixed(2)} ms at the median`,
  );
  console.log(
    `  added by the request and the ledger: ${added_ms.toFixed(2)} ms at the median (ratio ${(median(ledger) / median(handOver)).toFixed(2)})`,
  );
  console.log(`  target ≤ ${TARGET_MS} ms: ${added_ms <= TARGET_MS ? 'met' : 'NOT MET'}`);
  const load = loadavg()[0]!;
  console.log(`  node ${process.version}, ${cpus().length} CPUs, load average ${load.toFixed(2)}`);
  if (load > cpus().length)
    console.log(
      '  (the machine is busy: timings are inflated; the difference of medians is the steadier figure)',
    );
} finally {
  await t.close();
  await mailbox.close();
}
