import { buildApp } from '../../apps/server/src/app.ts';
import { createTestDatabase } from '../../apps/server/src/testing/test-database.ts';
import { multipartBody } from '../../apps/server/src/testing/multipart.ts';
import { signUpAndSignIn } from '../../apps/server/src/testing/sign-up.ts';
import { testConfig } from '../../apps/server/src/testing/test-app.ts';
const opened = await createTestDatabase(); const db = opened.db;
const config = testConfig({ SECRET_KEY: 'x'.repeat(43), MAX_SENDS_PER_HOUR: '1000000' });
const app = await buildApp({ webRoot: false, config, db, review: { runJobs: false } });
await app.ready();
const user = await signUpAndSignIn(app, { email: 'bench@example.com', password: 'bench-password', apikey: 'k' });
const authorization = `Bearer ${user.idToken}`;
const project = { projectKey: 'BENCH', projectName: 'Bench', clientEmails: ['c@x.example'], clientCC: [] as string[] };
await app.inject({ method: 'POST', url: '/jira/addProject', headers: { authorization }, payload: { userId: user.userId, ...project } });
const spans: Record<string, number[]> = {};
function wrap(obj: any, name: string, label = name) {
  const orig = obj[name].bind(obj);
  obj[name] = async (...args: any[]) => { const t = performance.now(); try { return await orig(...args); } finally { (spans[label] ??= []).push(performance.now() - t); } };
}
wrap(app.ledger, 'startManualSend'); wrap(app.ledger, 'deliver'); wrap(app.mailer, 'sendMail');
const sent: string[] = [];
const total: number[] = [];
for (let i = 1; i <= 700; i++) {
  sent.push(`BENCH-${i}`);
  if (sent.length > 200) sent.shift();
  await app.inject({ method: 'POST', url: '/jira/updateFirebaseProject', headers: { authorization }, payload: { userId: user.userId, projectKey: 'BENCH', updatedProject: { ...project, sentProjectIssuesList: sent } } });
  const body = await multipartBody([['subject', 's'], ['text', 't'], ['to', 'c@x.example'], ['projectKey', 'BENCH'], ['issueKeys', `BENCH-${i}`]]);
  if (i === 650) process.env.DEBUG_SQL = "1"; if (i === 651) delete process.env.DEBUG_SQL;
  if (i === 650) console.log("START", performance.now().toFixed(2));
  if (i === 200) { for (const k in spans) spans[k] = []; total.length = 0; }
  const t = performance.now();
  const res = await app.inject({ method: 'POST', url: '/jira/sendDownloadedIssues', headers: { authorization, ...body.headers }, payload: body.payload });
  total.push(performance.now() - t);
  if (res.statusCode !== 200) throw new Error(res.body);
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!.toFixed(3);
console.log('total', med(total), Object.entries(spans).map(([k, v]) => `${k} ${med(v)}`).join('  '));
await app.close(); await opened.drop();
