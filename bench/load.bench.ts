// Load benchmark of the built server (apps/server/dist/main.js) with autocannon on 127.0.0.1 only, each
// run bounded in time. On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (a fresh database,
// dropped afterwards). Every figure is printed beside a reference measured in the same run:
// - getFirebaseProjects (50 projects) and get-user-by-email at 100 connections, against a bare Fastify
//   route (bench/bare-server.mjs) answering the same bytes;
// - signInWithPassword at 10 connections, against argon2id verification alone at concurrency 10;
// - resident memory right after start and after the load runs, against the 1 GB machine's budget.
// Run: npm run build && npx tsx bench/load.bench.ts   (BENCH_SECONDS=10 per run; BENCH_CPU_PROF=<dir>
// writes the server's CPU profile there, see bench/profile-summary.ts; BENCH_ONLY=list,profile,sign-in
// runs some of the calls)
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, type RunningServer, seedUser, startBuiltServer } from './built-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROJECTS = 50;
const only = process.env.BENCH_ONLY?.split(',');
const runs = (call: 'list' | 'profile' | 'sign-in') => !only || only.includes(call);

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Row {
  figure: string;
  value: string;
  reference: string;
  ratio: string;
  target: string;
  met: boolean | undefined;
}
const rows: Row[] = [];

async function load(
  url: string,
  options: { connections: number; body: unknown; headers?: Record<string, string>; seconds?: number },
): Promise<Load> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: options.connections,
    duration: options.seconds ?? SECONDS,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(options.body),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

const summary = (l: Load) =>
  `${Math.round(l.requestsPerSecond)} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms${l.errors ? `, ${l.errors} errors` : ''}`;

/** Fetches the exact answer (type and bytes) of a POST, for the bare route to repeat. */
async function answerOf(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'identity', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { type: response.headers.get('content-type') ?? 'application/json', body: await response.text() };
}

async function startBare(answers: Record<string, { type: string; body: string }>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'handoff-bare-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'bare-server.mjs'), [String(port), file], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** argon2id verifications per second with `concurrency` in flight, for `seconds`. */
async function argon2Throughput(concurrency: number, seconds: number): Promise<number> {
  const password = 'bench-password-123';
  const stored = await hash(password);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await verify(stored, password);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

function add(
  figure: string,
  measured: Load,
  reference: Load,
  target: { ratio: number; p99?: number } | undefined,
  database: string,
) {
  const ratio = measured.requestsPerSecond / reference.requestsPerSecond;
  const met = target
    ? ratio >= target.ratio && (target.p99 === undefined || measured.p99 <= target.p99) && !measured.errors
    : undefined;
  rows.push({
    figure: `${figure}, ${database}`,
    value: summary(measured),
    reference: summary(reference),
    ratio: `${ratio.toFixed(3)}×`,
    target: target ? `≥ ${target.ratio}×${target.p99 ? `, p99 ≤ ${target.p99} ms` : ''}` : '',
    met,
  });
}

async function benchDatabase(database: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const cpuProfileDir = process.env.BENCH_CPU_PROF;
  const server: RunningServer = await startBuiltServer({
    databaseUrl,
    nodeArgs: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : [],
  });
  const bare = { stop: async () => {} } as Awaited<ReturnType<typeof startBare>>;
  try {
    const rssAtStart = server.rssMb();
    const user = await seedUser(server.url, PROJECTS);
    const authorization = `Bearer ${user.idToken}`;
    const list = {
      path: '/jira/getFirebaseProjects',
      body: { userId: user.userId },
      headers: { authorization },
    };
    const profile = {
      path: '/jira/get-user-by-email',
      body: { email: user.email },
      headers: { authorization },
    };
    const reference = await startBare({
      [list.path]: await answerOf(server.url + list.path, list.body, list.headers),
      [profile.path]: await answerOf(server.url + profile.path, profile.body, profile.headers),
    });
    Object.assign(bare, reference);

    for (const call of [...(runs('list') ? [list] : []), ...(runs('profile') ? [profile] : [])]) {
      // A short warm-up of both, so that neither pays for compilation in its measured run.
      await load(server.url + call.path, { ...call, connections: 10, seconds: 2 });
      await load(reference.url + call.path, { ...call, connections: 10, seconds: 2 });
    }
    if (runs('list')) await benchList();
    if (runs('profile')) await benchProfile();
    if (runs('sign-in')) await benchSignIn();
    async function benchList() {
      const listLoad = await load(server.url + list.path, { ...list, connections: 100 });
      const listBare = await load(reference.url + list.path, { ...list, connections: 100 });
      add(
        `getFirebaseProjects (${PROJECTS} projects), 100 connections`,
        listLoad,
        listBare,
        database === 'PGlite' ? { ratio: 0.15, p99: 100 } : { ratio: 0.25, p99: 50 },
        database,
      );
      const listCompressed = await load(server.url + list.path, {
        ...list,
        connections: 100,
        headers: { ...list.headers, 'accept-encoding': 'br, gzip' },
      });
      add(
        'getFirebaseProjects compressed (Accept-Encoding: br, gzip) vs. not',
        listCompressed,
        listLoad,
        undefined,
        database,
      );
    }
    async function benchProfile() {
      const profileLoad = await load(server.url + profile.path, { ...profile, connections: 100 });
      const profileBare = await load(reference.url + profile.path, { ...profile, connections: 100 });
      add(
        'get-user-by-email, 100 connections',
        profileLoad,
        profileBare,
        database === 'PostgreSQL' ? { ratio: 0.35, p99: 30 } : undefined,
        database,
      );
    }
    async function benchSignIn() {
      const signInUrl = `${server.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${user.identityApiKey}`;
      // The reference is measured half before and half after, so a change in the machine's load
      // between the two runs weighs on both alike.
      const argon2Before = await argon2Throughput(10, SECONDS / 2);
      const signIn = await load(signInUrl, {
        connections: 10,
        body: { email: user.email, password: user.password, returnSecureToken: true },
      });
      const argon2 = (argon2Before + (await argon2Throughput(10, SECONDS / 2))) / 2;
      const signInRatio = signIn.requestsPerSecond / argon2;
      rows.push({
        figure: `signInWithPassword, 10 connections, ${database}`,
        value: summary(signIn),
        reference: `argon2id verify alone, 10 in flight: ${Math.round(argon2)} /s`,
        ratio: `${signInRatio.toFixed(3)}×`,
        target: '≥ 0.6×',
        met: signInRatio >= 0.6 && !signIn.errors,
      });
    }

    const rssAfter = server.rssMb();
    rows.push({
      figure: `resident memory right after start, ${database}`,
      value: `${Math.round(rssAtStart)} MB`,
      reference: '1 GB machine',
      ratio: `${(rssAtStart / 1024).toFixed(3)}×`,
      target: database === 'PGlite' ? '≤ 200 MB' : '',
      met: database === 'PGlite' ? rssAtStart <= 200 : undefined,
    });
    rows.push({
      figure: `resident memory after the load runs, ${database}`,
      value: `${Math.round(rssAfter)} MB`,
      reference: '1 GB machine',
      ratio: `${(rssAfter / 1024).toFixed(3)}×`,
      target: database === 'PGlite' ? '≤ 300 MB' : '',
      met: database === 'PGlite' ? rssAfter <= 300 : undefined,
    });
  } finally {
    await bare.stop();
    await server.stop();
  }
}

async function withFreshPostgres(serverUrl: string, run: (url: string) => Promise<void>) {
  const name = `handoff_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const loadBefore = loadavg()[0]!;
await benchDatabase('PGlite');
if (process.env.TEST_DATABASE_URL) {
  await withFreshPostgres(process.env.TEST_DATABASE_URL, (url) => benchDatabase('PostgreSQL', url));
}

console.log(
  `Load benchmark: built server on 127.0.0.1, autocannon ${SECONDS} s per run, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, node ${process.version}`,
);
for (const row of rows) {
  const verdict = row.met === undefined ? '' : row.met ? '  [target met]' : '  [target NOT met]';
  console.log(`\n${row.figure}`);
  console.log(`  measured   ${row.value}`);
  console.log(`  reference  ${row.reference}`);
  console.log(`  ratio      ${row.ratio}${row.target ? `   target ${row.target}` : ''}${verdict}`);
}
const loadAfter = loadavg()[0]!;
console.log(
  `\nload average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on ${cpus().length} CPUs`,
);
if (Math.max(loadBefore, loadAfter) > cpus().length) {
  console.log(
    '(the machine is busy: absolute figures are inflated; the same-run ratios are the steadier figure)',
  );
}
