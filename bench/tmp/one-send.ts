import { buildApp } from '/work/main/apps/server/src/app.ts';
import { openDatabase } from '/work/main/apps/server/src/db/database.ts';
import { multipartBody } from '/work/main/apps/server/src/testing/multipart.ts';
import { signUpAndSignIn } from '/work/main/apps/server/src/testing/sign-up.ts';
import { testConfig } from '/work/main/apps/server/src/testing/test-app.ts';
const db = await openDatabase({ kind: 'pglite' });
const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:1`, MAX_SENDS_PER_HOUR: '1000000' });
const app = await buildApp({ webRoot: false, config, db, review: { runJobs: false } });
await app.ready();
(app.mailer as any).sendMail = async () => ({ messageId: 'x', delivered: true });
const user = await signUpAndSignIn(app, { email: 'bench@example.com', password: 'bench-password', apikey: 'k' });
const authorization = `Bearer ${user.idToken}`;
const project = { projectKey: 'BENCH', projectName: 'Bench', clientEmails: ['c@x.example'], clientCC: [] as string[] };
await app.inject({ method: 'POST', url: '/jira/addProject', headers: { authorization }, payload: { userId: user.userId, ...project } });
const sent: string[] = [];
for (let i = 1; i <= 3; i++) {
  sent.push(`BENCH-${i}`);
  await app.inject({ method: 'POST', url: '/jira/updateFirebaseProject', headers: { authorization }, payload: { userId: user.userId, projectKey: 'BENCH', updatedProject: { ...project, sentProjectIssuesList: sent } } });
  const body = await multipartBody([['subject', 's'], ['text', 't'], ['to', 'c@x.example'], ['projectKey', 'BENCH'], ['issueKeys', `BENCH-${i}`]]);
  if (i === 3) { process.env.DEBUG_SQL = '1'; console.log('START', performance.now().toFixed(2)); }
  const res = await app.inject({ method: 'POST', url: '/jira/sendDownloadedIssues', headers: { authorization, ...body.headers }, payload: body.payload });
  if (i === 3) console.log('END', performance.now().toFixed(2), res.statusCode);
  delete process.env.DEBUG_SQL;
}
await app.close();
