// Benchmark of POST /jira/getFirebaseProjects for a user with 1,000 projects, on PGlite (or on
// PostgreSQL when TEST_DATABASE_URL is set), through app.inject with a real ID token; and the same list
// read by a member of a 20-member workspace holding 1,000 projects.
// Run: npx tsx bench/projects.bench.ts   Targets: median under 20 ms; the team's within 1.2× the single owner's.
// Reference figures, measured in the same run so the ratio is comparable across machines: GET /health
// (one database round trip through the same server) and getFirebaseProjectByKey (the same token check
// and user lookup, one project).

import { cpus, loadavg } from 'node:os';
import { signUpAndSignIn } from '../apps/server/src/testing/sign-up.ts';
import { inviteAndJoin } from '../apps/server/src/testing/team.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { median, percentile, sampleAsync } from './stats.ts';

const PROJECTS = 1_000;
const WARMUP_RUNS = 10;
const RUNS = 50;
const TARGET_MS = 20;
const TEAM_MEMBERS = 20;
const TEAM_RATIO_TARGET = 1.2;

const measure = (run: () => Promise<unknown>) => sampleAsync(run, { runs: RUNS, warmups: WARMUP_RUNS });

const t = await createTestApp();
try {
  const user = await signUpAndSignIn(t.app, {
    email: 'bench@example.com',
    password: 'bench-password',
    apikey: 'bench-api-key',
  });
  const workspaceOf = async (userId: string) => {
    const { current_workspace_id: workspaceId } = await t.db
      .selectFrom('users')
      .select('current_workspace_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!workspaceId) throw new Error('the account has no workspace');
    return workspaceId;
  };
  const projectRows = (workspaceId: string, userId: string) =>
    Array.from({ length: PROJECTS }, (_, i) => ({
      workspace_id: workspaceId,
      user_id: userId,
      project_key: `P${String(i).padStart(4, '0')}`,
      project_name: `Client project number ${i}`,
      client_emails: [`client${i}@customer.example`, `owner${i}@customer.example`],
      client_cc: [`pm${i % 7}@agency.example`],
    }));
  // Each project's sent list (the ledger's table) and, for a third of them, auto-send switched on by
  // `switcherId` (auto-send's table), as the modules write them.
  const insertProjectState = async (workspaceId: string, switcherId: string) => {
    const rows = await t.db
      .selectFrom('projects')
      .select(['id', 'project_key'])
      .where('workspace_id', '=', workspaceId)
      .execute();
    const numbered = rows.map((row) => ({ id: row.id, i: Number(row.project_key.slice(1)) }));
    for (let from = 0; from < numbered.length; from += 250) {
      const batch = numbered.slice(from, from + 250);
      await t.db
        .insertInto('sent_lists')
        .values(
          batch.map(({ id, i }) => ({
            project_id: id,
            issue_keys: Array.from({ length: i % 20 }, (_, k) => `P${i}-${k + 1}`),
          })),
        )
        .execute();
      const switchedOn = batch.filter(({ i }) => i % 3 === 0);
      if (switchedOn.length > 0)
        await t.db
          .insertInto('autosend_schedules')
          .values(
            switchedOn.map(({ id }) => ({ project_id: id, switched_on: true, switched_on_by: switcherId })),
          )
          .execute();
    }
  };
  const insertProjects = async (rows: ReturnType<typeof projectRows>) => {
    for (let i = 0; i < rows.length; i += 250)
      await t.db
        .insertInto('projects')
        .values(rows.slice(i, i + 250))
        .execute();
  };
  const ownWorkspace = await workspaceOf(user.userId);
  await insertProjects(projectRows(ownWorkspace, user.userId));
  // Auto-send runs on the token of whoever switched it on.
  await insertProjectState(ownWorkspace, user.userId);

  // A team: its owner's workspace holds 1,000 projects; one member joins by invitation (and is the caller),
  // the other 18 are written straight into the workspace; a third of the projects run auto-send on
  // members' tokens.
  const teamOwner = await signUpAndSignIn(t.app, {
    email: 'team-owner@example.com',
    password: 'bench-password',
    apikey: 'bench-api-key',
  });
  const teamMember = await signUpAndSignIn(t.app, {
    email: 'team-member@example.com',
    password: 'bench-password',
    apikey: 'bench-api-key',
  });
  const teamWorkspace = await workspaceOf(teamOwner.userId);
  await insertProjects(projectRows(teamWorkspace, teamOwner.userId));
  await inviteAndJoin(t.app, teamOwner, { ...teamMember, email: 'team-member@example.com' });
  for (let i = 3; i <= TEAM_MEMBERS; i++) {
    const other = await t.db
      .insertInto('users')
      .values({ identity_uid: `bench-${i}`, email: `member${i}@example.com`, apikey_encrypted: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('workspace_members')
      .values({ workspace_id: teamWorkspace, user_id: other.id, role: 'member' })
      .execute();
  }
  await insertProjectState(teamWorkspace, teamMember.userId);

  const headers = { authorization: `Bearer ${user.idToken}` };
  let bytes = 0;
  const list = await measure(async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/jira/getFirebaseProjects',
      headers,
      payload: { userId: user.userId },
    });
    if (response.statusCode !== 200)
      throw new Error(`getFirebaseProjects: ${response.statusCode} ${response.body}`);
    bytes = response.rawPayload.length;
  });
  const teamList = () =>
    t.app.inject({
      method: 'POST',
      url: '/jira/getFirebaseProjects',
      headers: { authorization: `Bearer ${teamMember.idToken}` },
      payload: { userId: teamMember.userId },
    });
  const first = await teamList();
  if (first.statusCode !== 200 || first.json().data.length !== PROJECTS)
    throw new Error(`the team member's list: ${first.statusCode}`);
  const team = await measure(teamList);
  // Measured again after the team's, so that drift on a shared machine hits both alike.
  const listAgain = await measure(() =>
    t.app.inject({
      method: 'POST',
      url: '/jira/getFirebaseProjects',
      headers,
      payload: { userId: user.userId },
    }),
  );
  const teamAgain = await measure(teamList);

  // The same two lists right after a write to them, so that neither is answered from the read cache:
  // the write (outside the timing) changes one project of the workspace being read.
  const ownList = () =>
    t.app.inject({
      method: 'POST',
      url: '/jira/getFirebaseProjects',
      headers,
      payload: { userId: user.userId },
    });
  const afterWrite = async (ownerId: string, read: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await t.db
        .updateTable('projects')
        .set({ updated_at: new Date() })
        .where('user_id', '=', ownerId)
        .where('project_key', '=', 'P0000')
        .execute();
      const started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    return times;
  };
  await afterWrite(user.userId, ownList);
  const uncachedOwn = [
    ...(await afterWrite(user.userId, ownList)),
    ...(await afterWrite(user.userId, ownList)),
  ];
  const uncachedTeam = [
    ...(await afterWrite(teamOwner.userId, teamList)),
    ...(await afterWrite(teamOwner.userId, teamList)),
  ];
  const health = await measure(() => t.app.inject({ method: 'GET', url: '/health' }));
  // The same authenticated path for one project: what the token check and the user lookup cost.
  const one = await measure(() =>
    t.app.inject({
      method: 'POST',
      url: '/jira/getFirebaseProjectByKey',
      headers,
      payload: { userId: user.userId, projectKey: 'P0500' },
    }),
  );

  const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  const m = median([...list, ...listAgain]);
  const teamMedian = median([...team, ...teamAgain]);
  const ref = median(health);
  console.log(
    `getFirebaseProjects with ${PROJECTS} projects, ${db}, app.inject, ${RUNS} runs after ${WARMUP_RUNS} warm-up`,
  );
  console.log(`  answer ${(bytes / 1024).toFixed(0)} KiB`);
  console.log(
    `  getFirebaseProjects  median ${m.toFixed(2)} ms (p95 ${percentile(list, 0.95).toFixed(2)} ms, min ${Math.min(...list).toFixed(2)} ms)`,
  );
  console.log(
    `  the same as a member of a ${TEAM_MEMBERS}-member workspace with ${PROJECTS} projects: median ${teamMedian.toFixed(2)} ms`,
  );
  console.log(
    `  ratio team member / single owner: ${(teamMedian / m).toFixed(2)} (target ≤ ${TEAM_RATIO_TARGET}: ${teamMedian / m <= TEAM_RATIO_TARGET ? 'met' : 'NOT MET'})`,
  );
  const uncachedRatio = median(uncachedTeam) / median(uncachedOwn);
  console.log(
    `  right after a write (not from the read cache): single owner ${median(uncachedOwn).toFixed(2)} ms, team member ${median(uncachedTeam).toFixed(2)} ms, ratio ${uncachedRatio.toFixed(2)} (target ≤ ${TEAM_RATIO_TARGET}: ${uncachedRatio <= TEAM_RATIO_TARGET ? 'met' : 'NOT MET'})`,
  );
  console.log(`  GET /health          median ${ref.toFixed(2)} ms (reference: one database round trip)`);
  console.log(`  getFirebaseProjectByKey median ${median(one).toFixed(2)} ms (same auth path, one project)`);
  console.log(`  ratio getFirebaseProjects / health: ${(m / ref).toFixed(1)}`);
  console.log(`  target < ${TARGET_MS} ms: ${m < TARGET_MS ? 'met' : 'NOT MET'}`);
  const load = loadavg()[0]!;
  console.log(`  node ${process.version}, ${cpus().length} CPUs, load average ${load.toFixed(2)}`);
  if (load > cpus().length)
    console.log('  (the machine is busy: timings are inflated; the ratio is the steadier figure)');
} finally {
  await t.close();
}
