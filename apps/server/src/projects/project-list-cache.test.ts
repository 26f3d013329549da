import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { testConfig } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

// Two servers on one database stand for two processes; the project list each answers is reused only
// while it is current, so a change made through either shows in both at once.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let one: FastifyInstance;
let other: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  const build = () => buildApp({ config: testConfig(), db: database.db, webRoot: false });
  one = await build();
  other = await build();
});
afterAll(async () => {
  await one.close();
  await other.close();
  await database.drop();
});

it('a project added, changed or deleted through one process shows in the other’s list at once', async () => {
  const user = await signUpAndSignIn(one, {
    email: 'two-servers@example.test',
    password: 'pass-word-1',
    apikey: 'k',
  });
  const call = (app: FastifyInstance, url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${user.idToken}` },
      payload: { userId: user.userId, ...payload },
    });
  const keysIn = async (app: FastifyInstance) =>
    (
      (await call(app, '/jira/getFirebaseProjects', {})).json() as {
        data: { projectKey: string; clientEmails: string[] }[];
      }
    ).data;

  expect(await keysIn(other)).toEqual([]);
  await call(one, '/jira/addProject', {
    projectKey: 'ONE',
    projectName: 'One',
    clientEmails: ['a@client.example'],
  });
  expect((await keysIn(other)).map((p) => p.projectKey)).toEqual(['ONE']);
  expect((await keysIn(one)).map((p) => p.projectKey)).toEqual(['ONE']);

  await call(other, '/jira/updateFirebaseProject', {
    projectKey: 'ONE',
    updatedProject: { clientEmails: ['b@client.example'] },
  });
  expect((await keysIn(one))[0]?.clientEmails).toEqual(['b@client.example']);

  await call(one, '/jira/deleteFirebaseProject', { projectKey: 'ONE' });
  expect(await keysIn(other)).toEqual([]);
});
