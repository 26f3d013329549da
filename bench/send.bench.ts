// Benchmark of a send of stories through the ledger: POST /jira/sendDownloadedIssues end to end (bearer
// token, multipart form, the recipient and rate-limit guards, the ledger's claim take-over, the SMTP
// hand-over to a real SMTP server, the confirmation), against the reference, the SMTP hand-over alone
// (app.mailer.sendMail, the step the ledger wraps, with its outbox record), measured in the same run,
// round by round, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too (a fresh database).
// Each send takes over the claim a project update made for a fresh story key (the update is not timed).
// The same request without projectKey (no ledger) and the ledger's take-over alone are measured too, to
// show the ledger's own share.
//
// The SMTP server (smtp-server, as in the tests) runs in a child process (bench/mailbox-process.ts): in
// the same process its work after accepting a message (closing the session) ran on the measured event
// loop and was charged to whichever step came next, the confirmation on the ledger's side, untimed on
// the reference's. Every hand-over opens a new SMTP session (nodemailer without pooling), and
// smtp-server holds back each greeting for 100 ms to catch clients that talk too early (hard-coded in its
// SMTPConnection.init, https://github.com/nodemailer/smtp-server/blob/master/lib/smtp-connection.js):
// that idle wait is most of the reference, on both sides alike; the target is about the difference.
// Run: npx tsx bench/send.bench.ts   Target: the send adds at most 5 ms at the median over the hand-over.

import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { multipartBody } from '../apps/server/src/testing/multipart.ts';
import { signUpAndSignIn } from '../apps/server/src/testing/sign-up.ts';
import { testConfig } from '../apps/server/src/testing/test-app.ts';
import { createTestDatabase } from '../apps/server/src/testing/test-database.ts';
import { median, percentile } from './stats.ts';

const WARMUP_RUNS = 20;
const RUNS = 200;
const TARGET_MS = 5;

const message = {
  to: ['client@customer.example'],
  cc: ['pm@agency.example'],
  subject: 'Request for Testing: User Stories for Review',
  text: 'Dear customer,\n\nThe following features are finished:\n- Checkout\n\n\nRegards,',
};

/** The SMTP server, in its own process. */
async function startMailServer(): Promise<{ port: number; stop: () => void }> {
  const child = fork(new URL('./mailbox-process.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (answer) => resolve((answer as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the SMTP server process exited (${code})`)));
  });
  return { port, stop: () => child.disconnect() };
}

type Figure = 'ledger' | 'plain' | 'handOver' | 'takeOver';

/** Every figure's samples on one database, each round measuring all of them one after the other. */
async function benchDatabase(smtpPort: number, database: 'PGlite' | 'PostgreSQL') {
  const opened =
    database === 'PGlite'
      ? await openDatabase({ kind: 'pglite' }).then((db) => ({ db, drop: () => db.destroy() }))
      : await createTestDatabase();
  // The benchmark sends far more than a user may in an hour; the per-user limit is not what it measures.
  const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAX_SENDS_PER_HOUR: '1000000' });
  const app = await buildApp({ webRoot: false, config, db: opened.db });
  await app.ready();
  try {
    const user = await signUpAndSignIn(app, {
      email: 'bench@example.com',
      password: 'bench-password',
      apikey: 'bench-api-key',
    });
    const authorization = `Bearer ${user.idToken}`;
    const project = {
      projectKey: 'BENCH',
      projectName: 'Bench',
      clientEmails: message.to,
      clientCC: message.cc,
    };
    const added = await app.inject({
      method: 'POST',
      url: '/jira/addProject',
      headers: { authorization },
      payload: { userId: user.userId, ...project },
    });
    if (added.statusCode !== 200) throw new Error(`addProject: ${added.body}`);
    const { workspace_id: workspaceId } = await opened.db
      .selectFrom('projects')
      .select('workspace_id')
      .where('project_key', '=', 'BENCH')
      .executeTakeFirstOrThrow();

    let story = 0;
    const sentList: string[] = [];
    /** A fresh story key, claimed by a project update as the web's first step does (not timed). */
    async function claimFreshKey(): Promise<string> {
      story += 1;
      const key = `BENCH-${story}`;
      sentList.push(key);
      const update = await app.inject({
        method: 'POST',
        url: '/jira/updateFirebaseProject',
        headers: { authorization },
        payload: {
          userId: user.userId,
          projectKey: 'BENCH',
          updatedProject: { ...project, sentProjectIssuesList: sentList },
        },
      });
      if (update.statusCode !== 200) throw new Error(`update: ${update.body}`);
      return key;
    }
    /** Milliseconds of POST /jira/sendDownloadedIssues with these form fields. */
    async function timeSend(fields: Array<[string, string]>): Promise<number> {
      const body = await multipartBody([
        ['subject', message.subject],
        ['text', message.text],
        ['to', message.to[0]!],
        ['cc', message.cc[0]!],
        ...fields,
      ]);
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/jira/sendDownloadedIssues',
        headers: { authorization, ...body.headers },
        payload: body.payload,
      });
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
      return elapsed;
    }
    const measure: Record<Figure, () => Promise<number>> = {
      async ledger() {
        const key = await claimFreshKey();
        return timeSend([
          ['projectKey', 'BENCH'],
          ['issueKeys', key],
        ]);
      },
      /** The same request without projectKey: no ledger, so the difference is the ledger's own share. */
      plain: () => timeSend([]),
      async handOver() {
        const started = performance.now();
        await app.mailer.sendMail({ purpose: 'stories', ...message });
        return performance.now() - started;
      },
      /** The ledger's first step alone: taking over the claim of a fresh key (lock, guarded take-over). */
      async takeOver() {
        const key = await claimFreshKey();
        const started = performance.now();
        const send = await app.ledger.startManualSend(
          { workspaceId, projectKey: 'BENCH', sentBy: user.userId },
          [key],
          message,
        );
        const elapsed = performance.now() - started;
        // Not handed over: the sweep would flag it; close it as the confirmation would.
        await opened.db.updateTable('sends').set({ status: 'sent' }).where('id', '=', send!.id).execute();
        return elapsed;
      },
    };

    const samples: Record<Figure, number[]> = { ledger: [], plain: [], handOver: [], takeOver: [] };
    // One loop: the first rounds warm up; every round measures each figure in turn, so all see the same load.
    for (let round = 0; round < WARMUP_RUNS + RUNS; round++) {
      for (const figure of Object.keys(measure) as Figure[]) {
        const ms = await measure[figure]();
        if (round >= WARMUP_RUNS) samples[figure].push(ms);
      }
    }
    return samples;
  } finally {
    await app.close();
    await opened.drop();
  }
}

const mailServer = await startMailServer();
const loadBefore = loadavg()[0]!;
try {
  const databases = process.env.TEST_DATABASE_URL
    ? (['PGlite', 'PostgreSQL'] as const)
    : (['PGlite'] as const);
  console.log(
    `A send of stories through the ledger, SMTP server in its own process, ${RUNS} rounds after ${WARMUP_RUNS} warm-up`,
  );
  for (const database of databases) {
    const samples = await benchDatabase(mailServer.port, database);
    const reference = median(samples.handOver);
    const line = (name: string, values: number[], withRatio = true) =>
      `  ${name.padEnd(52)} median ${median(values).toFixed(2).padStart(7)} ms (p95 ${percentile(values, 0.95).toFixed(2)}, min ${Math.min(...values).toFixed(2)})` +
      (withRatio ? `  ratio ${(median(values) / reference).toFixed(3)}` : '');
    const added = median(samples.ledger) - reference;
    console.log(`\n${database === 'PGlite' ? 'PGlite (in memory)' : 'PostgreSQL'}`);
    console.log(line('reference: SMTP hand-over alone (app.mailer.sendMail)', samples.handOver));
    console.log(line('sendDownloadedIssues through the ledger', samples.ledger));
    console.log(line('sendDownloadedIssues without a project (no ledger)', samples.plain));
    console.log(line("the ledger's take-over alone (startManualSend)", samples.takeOver, false));
    console.log(
      `  the ledger's own share (with vs without a project): ${(median(samples.ledger) - median(samples.plain)).toFixed(2)} ms at the median`,
    );
    console.log(
      `  added over the hand-over: ${added.toFixed(2)} ms at the median (ratio ${(median(samples.ledger) / reference).toFixed(3)}); ` +
        `target ≤ ${TARGET_MS} ms: ${added <= TARGET_MS ? 'met' : 'NOT MET'}`,
    );
  }
} finally {
  mailServer.stop();
}
const loadAfter = loadavg()[0]!;
console.log(
  `\nnode ${process.version}, ${cpus().length} CPUs, load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
);
if (Math.max(loadBefore, loadAfter) > cpus().length) {
  console.log(
    '(the machine is busy: timings are inflated; the difference of medians is the steadier figure)',
  );
}
