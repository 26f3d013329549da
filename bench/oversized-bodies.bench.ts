// Benchmark: 8 concurrent 50 MB bodies to POST /jira/sendDownloadedIssues against a real server process
// (127.0.0.1 only). Each must be refused (413) while it streams in; the server's memory must not grow
// with the bodies.
// Run: npx tsx bench/oversized-bodies.bench.ts   Targets: peak RSS growth < 100 MB, each refused < 2 s.
// Reference, measured in the same run: 8 concurrent small sends the server refuses (foreign recipient),
// the cost of any refused send; the oversized figures are also given as a ratio to it.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BODIES = 8;
const BODY_BYTES = 50 * 1024 * 1024;
const TARGET_RSS_MB = 100;
const TARGET_REFUSAL_MS = 2000;
const API_KEY = 'bench-identity-api-key';
const root = fileURLToPath(new URL('..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The server's resident set size in MB, from /proc (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples the RSS every 10 ms while `work` runs; returns the peak. */
async function peakRssDuring(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = await rssMb(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return Math.max(peak, await rssMb(pid));
}

async function json(port: number, urlPath: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const BOUNDARY = '----handoff-bench';
const head = (to: string) =>
  Buffer.from(
    [
      ['subject', 'Request for Testing'],
      ['text', 'Please test.'],
      ['to', to],
    ]
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'content-type: application/octet-stream\r\n\r\n',
  );
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const chunk = Buffer.alloc(1024 * 1024, 7);

/**
 * Posts one multipart body of `fileBytes` attachment bytes over a raw socket, written in 1 MB chunks as
 * the socket takes them, and resolves with the status and the time to the answer's status line; the
 * upload stops once the answer has come (a raw socket, because Node's HTTP client drops an answer that
 * arrives while it is still writing).
 */
function postForm(
  port: number,
  token: string,
  fileBytes: number,
  options: { declareLength: boolean; to: string },
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const first = head(options.to);
  const headers = [
    'POST /jira/sendDownloadedIssues HTTP/1.1',
    `host: 127.0.0.1:${port}`,
    `authorization: Bearer ${token}`,
    `content-type: multipart/form-data; boundary=${BOUNDARY}`,
    options.declareLength
      ? `content-length: ${first.length + fileBytes + tail.length}`
      : 'transfer-encoding: chunked',
    '',
    '',
  ].join('\r\n');
  const frame = (data: Buffer) =>
    options.declareLength
      ? data
      : Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let answered = false;
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status && !answered) {
        answered = true;
        resolve({ status: Number(status[1]), ms: performance.now() - started });
        socket.destroy();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!answered)
        reject(
          new Error(
            `the connection closed without an answer (${options.declareLength ? 'Content-Length' : 'chunked'}, ${fileBytes} bytes)`,
          ),
        );
    });
    const writable = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          socket.off('drain', done);
          socket.off('close', done);
          resolve();
        };
        socket.once('drain', done);
        socket.once('close', done);
      });
    (async () => {
      socket.write(headers);
      if (!socket.write(frame(first))) await writable();
      for (let sent = 0; sent < fileBytes && !answered && !socket.destroyed; sent += chunk.length) {
        const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
        if (!socket.write(frame(piece))) await writable();
      }
      if (!answered && !socket.destroyed) {
        socket.write(frame(tail));
        if (!options.declareLength) socket.write('0\r\n\r\n');
      }
    })().catch(() => {});
  });
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'handoff-bench-'));
const port = await freePort();
const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    IDENTITY_API_KEY: API_KEY,
    LOG_LEVEL: 'warn',
    MAX_SENDS_PER_HOUR: '1000',
    REGISTRATION: 'open',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const email = 'bench-bodies@example.test';
  const password = 'bench-password-123';
  await json(port, '/jira/register', { email, password, apikey: 'k' });
  const signIn = await json(
    port,
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
    {
      email,
      password,
      returnSecureToken: true,
    },
  );
  const token = signIn.body.idToken as string;
  const pid = server.pid!;

  const round = async (fileBytes: number, options: { declareLength: boolean; to: string }) => {
    // Let the heap settle between rounds so each starts from a comparable baseline.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const baseline = await rssMb(pid);
    let answers: Array<{ status: number; ms: number }> = [];
    const peak = await peakRssDuring(pid, async () => {
      answers = await Promise.all(
        Array.from({ length: BODIES }, () => postForm(port, token, fileBytes, options)),
      );
    });
    return { growth: peak - baseline, answers, slowest: Math.max(...answers.map((a) => a.ms)) };
  };

  // Warm-up: the route, the JIT and the database connection.
  await round(1024, { declareLength: true, to: 'stranger@example.test' });
  const reference = await round(1024, { declareLength: true, to: 'stranger@example.test' });
  const declared = await round(BODY_BYTES, { declareLength: true, to: 'stranger@example.test' });
  const chunked = await round(BODY_BYTES, { declareLength: false, to: 'stranger@example.test' });

  const load = loadavg()[0]!;
  console.log(
    `oversized bodies: ${BODIES} concurrent bodies of ${BODY_BYTES / 1024 / 1024} MB, real server on 127.0.0.1`,
  );
  console.log(`  node ${process.version}, ${cpus().length} CPUs, load average ${load.toFixed(2)}`);
  if (load > cpus().length) console.log('  (the machine is busy: the times below are inflated)');
  const line = (label: string, r: typeof reference) =>
    console.log(
      `  ${label.padEnd(34)} statuses ${[...new Set(r.answers.map((a) => a.status))].join('/')}, ` +
        `slowest answer ${r.slowest.toFixed(0)} ms (${(r.slowest / reference.slowest).toFixed(1)}× reference), ` +
        `peak RSS growth ${r.growth.toFixed(1)} MB`,
    );
  line('reference: 1 KB, foreign recipient', reference);
  line('50 MB with Content-Length', declared);
  line('50 MB chunked (no Content-Length)', chunked);
  const pass =
    [declared, chunked].every(
      (r) =>
        r.growth < TARGET_RSS_MB && r.slowest < TARGET_REFUSAL_MS && r.answers.every((a) => a.status === 413),
    ) && reference.answers.every((a) => a.status === 403);
  console.log(
    `  target: every 50 MB body 413 within ${TARGET_REFUSAL_MS} ms, peak RSS growth under ${TARGET_RSS_MB} MB: ${pass ? 'met' : 'NOT met'}`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
