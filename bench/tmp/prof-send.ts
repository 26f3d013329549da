import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { multipartBody } from '../../apps/server/src/testing/multipart.ts';
import { signUpAndSignIn } from '../../apps/server/src/testing/sign-up.ts';
import { testConfig } from '../../apps/server/src/testing/test-app.ts';
const db = await openDatabase({ kind: 'pglite' });
const config = testConfig({ MAX_SENDS_PER_HOUR: '1000000' });
const app = await buildApp({ webRoot: false, config, db, review: { runJobs: false } });
await app.ready();
const user = await signUpAndSignIn(app, { email: 'bench@example.com', password: 'bench-password', apikey: 'k' });
const authorization = `Bearer ${user.idToken}`;
const project = { projectKey: 'BENCH', projectName: 'Bench', clientEmails: ['c@x.example'], clientCC: [] as string[] };
await app.inject({ method: 'POST', url: '/jira/addProject', headers: { authorization }, payload: { userId: user.userId, ...project } });
const sent: string[] = [];
const withProject = process.argv[2] !== 'plain';
let spent = 0;
const session = new Session(); session.connect();
for (let i = 1; i <= 1500; i++) {
  if (i === 500) { await session.post('Profiler.enable'); await session.post('Profiler.start'); spent = 0; }
  sent.push(`BENCH-${i}`);
  if (withProject) await app.inject({ method: 'POST', url: '/jira/updateFirebaseProject', headers: { authorization }, payload: { userId: user.userId, projectKey: 'BENCH', updatedProject: { ...project, sentProjectIssuesList: sent } } });
  const body = await multipartBody([['subject', 's'], ['text', 't'], ['to', 'c@x.example'], ...(withProject ? [['projectKey', 'BENCH'], ['issueKeys', `BENCH-${i}`]] as Array<[string,string]> : [])]);
  if (i >= 500) await session.post('Profiler.start').catch(() => {});
  const t = performance.now();
  const res = await app.inject({ method: 'POST', url: '/jira/sendDownloadedIssues', headers: { authorization, ...body.headers }, payload: body.payload });
  spent += performance.now() - t;
  if (res.statusCode !== 200) throw new Error(res.body);
}
const { profile } = await session.post('Profiler.stop');
writeFileSync('/tmp/send.cpuprofile', JSON.stringify(profile));
console.log('mean send ms', (spent / 1001).toFixed(3));
await app.close();
