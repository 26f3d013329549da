// Benchmark of accounts:signInWithPassword on the built-in identity provider: 200 sign-ins through
// app.inject, on PGlite (or on PostgreSQL when TEST_DATABASE_URL is set).
// Run: npx tsx bench/sign-in.bench.ts   Target: median under 50 ms.
// Reference figures, measured in the same run so the ratio is comparable across machines: GET /health
// (one database round trip through the same server) and one raw argon2id verify (the password check alone,
// the floor of any sign-in).

import { cpus, loadavg } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { createTestApp, TEST_IDENTITY_API_KEY } from '../apps/server/src/testing/test-app.ts';
import { median, percentile, sampleAsync } from './stats.ts';

const SIGN_INS = 200;
const WARMUP_RUNS = 10;
const TARGET_MS = 50;

const measure = (runs: number, run: () => Promise<unknown>) =>
  sampleAsync(run, { runs, warmups: WARMUP_RUNS });

const t = await createTestApp();
try {
  const email = 'bench-sign-in@example.com';
  const password = 'bench-password-123';
  const signUp = await t.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${TEST_IDENTITY_API_KEY}`,
    payload: { email, password, returnSecureToken: true },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);

  const signIn = await measure(SIGN_INS, async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${TEST_IDENTITY_API_KEY}`,
      payload: { email, password, returnSecureToken: true, clientType: 'CLIENT_TYPE_WEB' },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  });
  const health = await measure(SIGN_INS, async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    if (response.statusCode !== 200) throw new Error('health failed');
  });
  const storedHash = await hash(password);
  const argon2 = await measure(SIGN_INS, () => verify(storedHash, password));

  const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  const m = median(signIn);
  const line = (name: string, times: number[]) =>
    `${name.padEnd(34)} median ${median(times).toFixed(2).padStart(7)} ms   p90 ${percentile(times, 0.9)
      .toFixed(2)
      .padStart(7)} ms`;
  console.log(`Sign-in benchmark: ${SIGN_INS} sign-ins of one account, ${database}`);
  console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load ${loadavg()[0]!.toFixed(2)}`);
  console.log(line('signInWithPassword (app.inject)', signIn));
  console.log(line('reference: GET /health', health));
  console.log(line('reference: argon2id verify alone', argon2));
  console.log(
    `ratio: sign-in / health ${(m / median(health)).toFixed(1)}×, sign-in / argon2 verify ${(m / median(argon2)).toFixed(2)}×`,
  );
  console.log(`target: median under ${TARGET_MS} ms — ${m < TARGET_MS ? 'met' : 'NOT met'}`);
} finally {
  await t.close();
}
