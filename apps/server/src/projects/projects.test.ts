import { texts } from '@handoff/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let ada: { idToken: string; userId: string };
let bob: { idToken: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUpAndSignIn(t.app, {
    email: 'ada@example.com',
    password: 'password-ada',
    apikey: 'ada-key',
  });
  bob = await signUpAndSignIn(t.app, {
    email: 'bob@example.com',
    password: 'password-bob',
    apikey: 'bob-key',
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('projects').execute();
});

function call(who: { idToken: string } | null, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: who ? { authorization: `Bearer ${who.idToken}` } : {},
    payload: payload as Record<string, unknown>,
  });
}

const demo = () => ({
  userId: ada.userId,
  projectKey: 'DEMO',
  projectName: 'Demo Web Shop',
  clientEmails: ['client@shop.example', 'owner@shop.example'],
  clientCC: ['pm@agency.example'],
});

async function addDemo() {
  const response = await call(ada, '/jira/addProject', demo());
  expect(response.statusCode).toBe(200);
  return response;
}

async function adaProjects() {
  return (await call(ada, '/jira/getFirebaseProjects', { userId: ada.userId })).json().data;
}

describe('addProject', () => {
  it('adds a project and answers with the spec’s message and the project', async () => {
    const response = await addDemo();
    expect(response.json()).toEqual({
      status: 200,
      message: 'Project has been added successfully.',
      data: {
        userId: ada.userId,
        projectKey: 'DEMO',
        projectName: 'Demo Web Shop',
        clientEmails: ['client@shop.example', 'owner@shop.example'],
        clientCC: ['pm@agency.example'],
        autosend: false,
        sentProjectIssuesList: [],
        siteId: 'default',
        siteName: 'default',
        statusesOffered: null,
        reminderDays: 3,
        groupBy: 'nothing',
        autosendStatus: {
          nextRunAt: null,
          lastRunAt: null,
          lastError: null,
          lastSentAt: null,
          switchedOnBy: null,
        },
      },
    });
  });

  it('keeps Group stories by: set when adding, changed by an update, shown in the list; an unknown choice is a 400', async () => {
    const added = await call(ada, '/jira/addProject', { ...demo(), groupBy: 'type' });
    expect(added.json().data.groupBy).toBe('type');
    const update = (groupBy: unknown) =>
      call(ada, '/jira/updateFirebaseProject', {
        userId: ada.userId,
        projectKey: 'DEMO',
        updatedProject: { groupBy },
      });
    expect((await update('epic')).json().data.groupBy).toBe('epic');
    expect((await adaProjects())[0]).toMatchObject({ projectKey: 'DEMO', groupBy: 'epic' });
    const refused = await update('sprint');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('groupBy must be one of nothing, epic, type.');
    // Left out, it stays as it is.
    const unchanged = await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { autosend: false },
    });
    expect(unchanged.json().data.groupBy).toBe('epic');
  });

  it('refuses the same key twice for one user with 409, but another user may add it', async () => {
    await addDemo();
    const again = await call(ada, '/jira/addProject', { ...demo(), projectName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/DEMO has already been added/);
    const forBob = await call(bob, '/jira/addProject', { ...demo(), userId: bob.userId });
    expect(forBob.statusCode).toBe(200);
    expect(await adaProjects()).toHaveLength(1);
  });

  it('removes duplicate addresses (ignoring case), keeping the order', async () => {
    const response = await call(ada, '/jira/addProject', {
      ...demo(),
      clientEmails: ['a@x.example', 'b@x.example', 'A@X.example'],
    });
    expect(response.json().data.clientEmails).toEqual(['a@x.example', 'b@x.example']);
  });

  it.each([
    [
      { clientEmails: ['client@shop.example', 'not an address'] },
      /Client e-mail "not an address" is not a valid e-mail address\./,
    ],
    [
      { clientEmails: [' client@shop.example'] },
      /Client e-mail " client@shop.example" is not a valid e-mail address\./,
    ],
    [{ clientCC: ['pm@agency'] }, /Cc "pm@agency" is not a valid e-mail address\./],
    [{ clientEmails: ['a@x.example, b@x.example'] }, /is not a valid e-mail address/],
    [{ clientEmails: [] }, new RegExp(texts.addProject.noClientEmails)],
    [{ projectKey: '' }, new RegExp(texts.addProject.noTrackerProject)],
    [{ clientEmails: 'client@shop.example' }, /clientEmails/],
    [{ projectName: 42 }, /projectName/],
  ])('refuses bad input %j with 400 and a message', async (change, message) => {
    const response = await call(ada, '/jira/addProject', { ...demo(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await adaProjects()).toEqual([]);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/jira/addProject',
      headers: { authorization: `Bearer ${ada.idToken}`, 'content-type': 'application/json' },
      payload: '{"userId":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('getFirebaseProjects and getFirebaseProjectByKey', () => {
  it('list the user’s projects, oldest first, and get one by key', async () => {
    await addDemo();
    await call(ada, '/jira/addProject', { ...demo(), projectKey: 'MOB', projectName: 'Mobile App' });
    const list = await adaProjects();
    expect(list.map((p: { projectKey: string }) => p.projectKey)).toEqual(['DEMO', 'MOB']);
    const one = await call(ada, '/jira/getFirebaseProjectByKey', { userId: ada.userId, projectKey: 'MOB' });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      projectKey: 'MOB',
      projectName: 'Mobile App',
      userId: ada.userId,
    });
  });

  it('the list (JSON written by the database) has exactly the shape of the single-project answer', async () => {
    const empty = await call(ada, '/jira/getFirebaseProjects', { userId: ada.userId });
    expect(empty.headers['content-type']).toMatch(/^application\/json/);
    expect(empty.json()).toEqual({ data: [] });
    await addDemo();
    await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { autosend: true, sentProjectIssuesList: ['DEMO-1', 'DEMO-2'], clinetCC: [] },
    });
    await call(ada, '/jira/addProject', { ...demo(), projectKey: 'Q"\\', projectName: 'Quoted "name" \\ ü' });
    const list = await adaProjects();
    expect(list).toHaveLength(2);
    for (const project of list) {
      const one = await call(ada, '/jira/getFirebaseProjectByKey', {
        userId: ada.userId,
        projectKey: project.projectKey,
      });
      expect(project).toStrictEqual(one.json().data);
    }
    expect(list[1]).toMatchObject({ projectKey: 'Q"\\', projectName: 'Quoted "name" \\ ü' });
  });

  it('404 for a key the user has not added', async () => {
    const response = await call(ada, '/jira/getFirebaseProjectByKey', {
      userId: ada.userId,
      projectKey: 'NOPE',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('You have no project with the key "NOPE".');
  });
});

describe('updateFirebaseProject', () => {
  it('the edit screen’s form: addresses replaced, sent keys added without duplicates, in order', async () => {
    await addDemo();
    const first = await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: {
        projectKey: 'DEMO',
        projectName: 'Demo Web Shop',
        clientEmails: ['new@shop.example'],
        clientCC: [],
        sentProjectIssuesList: ['DEMO-2', 'DEMO-1', 'DEMO-2'],
      },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: 200,
      message: 'Project has been successfully updated.',
      data: expect.objectContaining({
        clientEmails: ['new@shop.example'],
        clientCC: [],
        sentProjectIssuesList: ['DEMO-2', 'DEMO-1'],
        autosend: false,
      }),
    });
    // A stale list from the browser never drops keys already recorded.
    const second = await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { clientEmails: ['new@shop.example'], sentProjectIssuesList: ['DEMO-1', 'DEMO-10'] },
    });
    expect(second.json().data.sentProjectIssuesList).toEqual(['DEMO-2', 'DEMO-1', 'DEMO-10']);
    // Each newly added key is a manual claim the send endpoint confirms or releases.
    const claims = await t.db
      .selectFrom('sends')
      .select(['trigger', 'status', 'issue_keys'])
      .orderBy('created_at')
      .execute();
    expect(claims).toEqual([
      { trigger: 'manual', status: 'pending', issue_keys: ['DEMO-2', 'DEMO-1'] },
      { trigger: 'manual', status: 'pending', issue_keys: ['DEMO-10'] },
    ]);
  });

  it('the list toggle’s form: the full project with "clinetCC" and autosend', async () => {
    await addDemo();
    const [project] = await adaProjects();
    const { clientCC, ...rest } = project;
    const response = await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { ...rest, clinetCC: [...clientCC, 'qa@agency.example'], autosend: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      autosend: true,
      clientCC: ['pm@agency.example', 'qa@agency.example'],
      clientEmails: ['client@shop.example', 'owner@shop.example'],
    });
    const row = await t.db
      .selectFrom('autosend_schedules')
      .innerJoin('projects', 'projects.id', 'autosend_schedules.project_id')
      .select(['switched_on', 'next_run_at'])
      .where('project_key', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ switched_on: true, next_run_at: null });

    const off = await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { autosend: false },
    });
    expect(off.json().data).toMatchObject({
      autosend: false,
      clientCC: ['pm@agency.example', 'qa@agency.example'],
    });
  });

  it.each([
    [{ projectKey: 'OTHER' }, /key can't be changed/],
    [{ clientEmails: [] }, new RegExp(texts.editProject.noClientEmails)],
    [{ clientEmails: ['bad@'] }, /Client e-mail "bad@" is not a valid e-mail address/],
    [{ clinetCC: ['x y@z.example'] }, /Cc "x y@z.example" is not a valid e-mail address/],
    [{ autosend: 'yes' }, /autosend/],
    [{ sentProjectIssuesList: 'DEMO-1' }, /sentProjectIssuesList/],
  ])('refuses %j with 400 and changes nothing', async (change, message) => {
    await addDemo();
    const before = await adaProjects();
    const response = await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await adaProjects()).toEqual(before);
  });

  it('ignores a different projectName: the name stays the tracker project’s', async () => {
    await addDemo();
    const response = await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { projectName: 'Renamed', autosend: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ projectName: 'Demo Web Shop', autosend: true });
  });

  it('keeps reminderDays: written by addProject and the update, read back in every project answer', async () => {
    const added = await call(ada, '/jira/addProject', { ...demo(), reminderDays: 1.5 });
    expect(added.json().data.reminderDays).toBe(1.5);
    const updated = await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { reminderDays: 7 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.reminderDays).toBe(7);
    // Left out, it stays; null switches reminders off.
    await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { autosend: false },
    });
    expect((await adaProjects())[0].reminderDays).toBe(7);
    const settings = await call(ada, '/jira/review/getSettings', { userId: ada.userId, projectKey: 'DEMO' });
    expect(settings.json().data).toMatchObject({ reminderDays: 7 });
    await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { reminderDays: null },
    });
    const one = await call(ada, '/jira/getFirebaseProjectByKey', { userId: ada.userId, projectKey: 'DEMO' });
    expect(one.json().data.reminderDays).toBeNull();
  });

  it('refuses a field it does not keep with 400 naming it, and changes nothing', async () => {
    await addDemo();
    const before = await adaProjects();
    const response = await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
      updatedProject: { autosend: true, reminderDay: 2 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'UNKNOWN_FIELD',
      message: 'Invalid body: a field this call does not keep: "updatedProject.reminderDay". Leave it out.',
    });
    expect(await adaProjects()).toEqual(before);
    const added = await call(ada, '/jira/addProject', { ...demo(), projectKey: 'NEW', autosend: true });
    expect(added.json().message).toContain('"autosend"');
  });

  it('404 for a project the user does not have', async () => {
    const response = await call(ada, '/jira/updateFirebaseProject', {
      userId: ada.userId,
      projectKey: 'NOPE',
      updatedProject: { autosend: true },
    });
    expect(response.statusCode).toBe(404);
  });

  it('concurrent updates that add keys keep all of them', async () => {
    await addDemo();
    const keys = Array.from({ length: 8 }, (_, i) => `DEMO-${i + 1}`);
    const responses = await Promise.all(
      keys.map((key) =>
        call(ada, '/jira/updateFirebaseProject', {
          userId: ada.userId,
          projectKey: 'DEMO',
          updatedProject: { sentProjectIssuesList: [key] },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(keys.map(() => 200));
    const [project] = await adaProjects();
    expect([...project.sentProjectIssuesList].sort()).toEqual([...keys].sort());
  });
});

describe('deleteFirebaseProject', () => {
  it('deletes, then the project is gone; deleting again is 404', async () => {
    await addDemo();
    const response = await call(ada, '/jira/deleteFirebaseProject', {
      userId: ada.userId,
      projectKey: 'DEMO',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, data: { projectKey: 'DEMO' } });
    expect(await adaProjects()).toEqual([]);
    const again = await call(ada, '/jira/deleteFirebaseProject', { userId: ada.userId, projectKey: 'DEMO' });
    expect(again.statusCode).toBe(404);
  });
});

describe('another user', () => {
  const calls = () =>
    [
      ['/jira/getFirebaseProjects', { userId: ada.userId }],
      ['/jira/addProject', { ...demo(), projectKey: 'EVIL' }],
      ['/jira/getFirebaseProjectByKey', { userId: ada.userId, projectKey: 'DEMO' }],
      [
        '/jira/updateFirebaseProject',
        { userId: ada.userId, projectKey: 'DEMO', updatedProject: { clientEmails: ['evil@x.example'] } },
      ],
      ['/jira/deleteFirebaseProject', { userId: ada.userId, projectKey: 'DEMO' }],
    ] as const;

  it('naming the owner’s userId with their own token: 403 on every call, and nothing changes', async () => {
    await addDemo();
    const before = await adaProjects();
    for (const [url, payload] of calls()) {
      const response = await call(bob, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe('You may only access your own projects.');
    }
    expect(await adaProjects()).toEqual(before);
  });

  it('with their own userId: the owner’s project does not exist for them (404), and nothing changes', async () => {
    await addDemo();
    const before = await adaProjects();
    expect((await call(bob, '/jira/getFirebaseProjects', { userId: bob.userId })).json().data).toEqual([]);
    for (const [url, payload] of calls().slice(2)) {
      const response = await call(bob, url, { ...payload, userId: bob.userId });
      expect(response.statusCode, url).toBe(404);
    }
    expect(await adaProjects()).toEqual(before);
  });

  it('without a token: 401 on every call', async () => {
    for (const [url, payload] of calls()) {
      const response = await call(null, url, payload);
      expect(response.statusCode, url).toBe(401);
    }
    const forged = await call({ idToken: 'not-a-token' }, '/jira/getFirebaseProjects', {
      userId: ada.userId,
    });
    expect(forged.statusCode).toBe(401);
  });
});
