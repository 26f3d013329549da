// Benchmark of a send of stories through the ledger: POST /jira/sendDownloadedIssues end to end (bearer
// token, multipart form, the recipient and rate-limit guards, the ledger's claim take-over, the SMTP
// hand-over to a real SMTP server, the confirmation), against the reference, the SMTP hand-over alone
// (app.mailer.sendMail, the step the ledger wraps, with its outbox record) of the same e-mail: a send's
// notice carries its review link, in the text and in an HTML part, so the reference
// hands over that very message (a link of the same length); what the ledger adds is the difference.
// Measured in the same run,
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
// Each figure is also given in CPU time of this process (the server and nodemailer's client side), which
// a busy machine stretches much less than the wall-clock time.
// Run: npx tsx bench/send.bench.ts   Target: the send adds at most 5 ms at the median over the hand-over.

import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { clientTexts } from '@handoff/core/catalogues/index';
import { reviewNoticeHtml, reviewNoticeText } from '@handoff/core/notice-mail';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { newReviewToken } from '../apps/server/src/review/review-links.ts';
import { multipartBody } from '../apps/server/src/testing/multipart.ts';
import { signUpAndSignIn } from '../apps/server/src/testing/sign-up.ts';
import { testConfig } from '../apps/server/src/testing/test-app.ts';
import { createTestDatabase } from '../apps/server/src/testing/test-database.ts';
import { median, percentile } from './stats.ts';

const ENGLISH = { language: 'en', t: clientTexts('en') } as const;

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
/** One measurement: elapsed (wall-clock) and CPU milliseconds of this process. */
interface Sample {
  wall: number;
  cpu: number;
}

/**
 * Times `run`, also in CPU time of this process: on a busy machine the wall-clock time of a step is
 * stretched by waiting for a core, its CPU time much less so.
 */
async function timed(run: () => Promise<unknown>): Promise<Sample> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await run();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** Every figure's samples on one database, each round measuring all of them one after the other. */
async function benchDatabase(smtpPort: number, database: 'PGlite' | 'PostgreSQL') {
  const opened =
    database === 'PGlite'
      ? await openDatabase({ kind: 'pglite' }).then((db) => ({ db, drop: () => db.destroy() }))
      : await createTestDatabase();
  // The benchmark sends far more than a user may in an hour; the per-user limit is not what it measures.
  const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAX_SENDS_PER_HOUR: '1000000' });
  // Review jobs off: a manual send queues one (fetching its stories from Jira for the review page, issue
  // 11) that runs after the answer, not in it; with no Jira here its retries landed on the next step.
  const app = await buildApp({ webRoot: false, config, db: opened.db, jobs: { run: false } });
  await app.ready();
  // The e-mail a send of the project hands over: the draft with its review link, and the HTML part.
  const reviewLink = `${config.publicUrl}/review/${newReviewToken()}`;
  const notice = {
    ...message,
    text: reviewNoticeText(message.text, reviewLink, {}, ENGLISH),
    html: reviewNoticeHtml(message.text, reviewLink, [], {}, ENGLISH),
  };
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
    /** POST /jira/sendDownloadedIssues with these form fields, timed. */
    async function timeSend(fields: Array<[string, string]>): Promise<Sample> {
      const body = await multipartBody([
        ['subject', message.subject],
        ['text', message.text],
        ['to', message.to[0]!],
        ['cc', message.cc[0]!],
        ...fields,
      ]);
      let statusCode = 0;
      let answer = '';
      const sample = await timed(async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/jira/sendDownloadedIssues',
          headers: { authorization, ...body.headers },
          payload: body.payload,
        });
        statusCode = res.statusCode;
        answer = res.body;
      });
      if (statusCode !== 200) throw new Error(`send: ${statusCode} ${answer}`);
      return sample;
    }
    const measure: Record<Figure, () => Promise<Sample>> = {
      async ledger() {
        const key = await claimFreshKey();
        return timeSend([
          ['projectKey', 'BENCH'],
          ['issueKeys', key],
        ]);
      },
      /** The same request without projectKey: no ledger, so the difference is the ledger's own share. */
      plain: () => timeSend([]),
      handOver: () => timed(() => app.mailer.sendMail({ purpose: 'stories', ...notice })),
      /** The ledger's first step alone: taking over the claim of a fresh key (lock, guarded take-over). */
      async takeOver() {
        const key = await claimFreshKey();
        let sendId = '';
        const sample = await timed(async () => {
          const send = await app.ledger.startManualSend(
            { workspaceId, projectKey: 'BENCH', sentBy: user.userId },
            [key],
            message,
          );
          sendId = send!.id;
        });
        // Not handed over: the sweep would flag it; close it as the confirmation would.
        await opened.db.updateTable('sends').set({ status: 'sent' }).where('id', '=', sendId).execute();
        return sample;
      },
    };

    const samples: Record<Figure, Sample[]> = { ledger: [], plain: [], handOver: [], takeOver: [] };
    // One loop: the first rounds warm up; every round measures each figure in turn, so all see the same load.
    for (let round = 0; round < WARMUP_RUNS + RUNS; round++) {
      for (const figure of Object.keys(measure) as Figure[]) {
        const sample = await measure[figure]();
        if (round >= WARMUP_RUNS) samples[figure].push(sample);
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
    const wall = (figure: Figure) => samples[figure].map((sample) => sample.wall);
    const cpu = (figure: Figure) => median(samples[figure].map((sample) => sample.cpu));
    const reference = median(wall('handOver'));
    const line = (name: string, figure: Figure, withRatio = true) =>
      `  ${name.padEnd(52)} median ${median(wall(figure)).toFixed(2).padStart(7)} ms (p95 ${percentile(wall(figure), 0.95).toFixed(2)}, ` +
      `min ${Math.min(...wall(figure)).toFixed(2)}; CPU ${cpu(figure).toFixed(2)} ms)` +
      (withRatio ? `  ratio ${(median(wall(figure)) / reference).toFixed(3)}` : '');
    const added = median(wall('ledger')) - reference;
    console.log(`\n${database === 'PGlite' ? 'PGlite (in memory)' : 'PostgreSQL'}`);
    console.log(line('reference: SMTP hand-over of the same e-mail alone', 'handOver'));
    console.log(line('sendDownloadedIssues through the ledger', 'ledger'));
    console.log(line('sendDownloadedIssues without a project (no ledger)', 'plain'));
    console.log(line("the ledger's take-over alone (startManualSend)", 'takeOver', false));
    console.log(
      `  the ledger's own share (with vs without a project): ${(median(wall('ledger')) - median(wall('plain'))).toFixed(2)} ms at the median ` +
        `(CPU ${(cpu('ledger') - cpu('plain')).toFixed(2)} ms)`,
    );
    console.log(
      `  added over the hand-over: ${added.toFixed(2)} ms at the median (ratio ${(median(wall('ledger')) / reference).toFixed(3)}; ` +
        `CPU ${(cpu('ledger') - cpu('handOver')).toFixed(2)} ms); target ≤ ${TARGET_MS} ms: ${added <= TARGET_MS ? 'met' : 'NOT MET'}`,
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
    '(the machine is busy: wall-clock timings are inflated; the CPU figures are the steadier ones)',
  );
}
