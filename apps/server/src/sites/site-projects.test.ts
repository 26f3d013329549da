import { draftEmail } from '@handoff/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DC_STATUSES, type FakeJiraDc, startFakeJiraDc } from '../testing/fake-jira-dc.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { type Caller, callAs } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const PAT = 'dc-pat-of-olga-0123456789';
let t: TestApp;
let dc: FakeJiraDc;
let owner: Caller & { email: string };
let bankId: string;

/** A call with the caller's userId, which every call here takes but getAllProjects (it names the e-mail). */
const call = (url: string, body: object) => callAs(t.app, owner, url, { userId: owner.userId, ...body });
const callWithoutUserId = (url: string, body: object) => callAs(t.app, owner, url, body);
const issues = (query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/jira/getProjectIssues?${query}`,
    headers: { authorization: `Bearer ${owner.idToken}`, email: owner.email },
  });

beforeAll(async () => {
  dc = await startFakeJiraDc({
    users: [{ name: 'olga', displayName: 'Olga', emailAddress: 'olga@agency.example', token: PAT }],
    // The same key as the demo tracker's project on the site `default`.
    projects: [{ key: 'DEMO', name: 'Bank demo' }],
  });
  dc.issues.push(
    {
      key: 'DEMO-1',
      summary: 'Transfer limits',
      status: 'Done',
      description: 'As a customer I want limits.\n\n#test#\n# Open the page\n* Check the *total*',
    },
    { key: 'DEMO-2', summary: 'Statements', status: 'In Progress', description: null },
  );
  // The fake Jira sites listen on loopback, which an administrator must allow.
  t = await createTestApp({ TRACKER_ALLOWED_HOSTS: '127.0.0.1' });
  const olga = { email: 'olga@agency.example', password: 'password-olga', apikey: 'olga-key' };
  owner = { ...(await signUpAndSignIn(t.app, olga)), email: olga.email };
});
afterAll(async () => {
  await t.close();
  await dc.close();
});

describe('projects from any site', () => {
  it('lists a DC site’s projects with the member’s PAT, and adds the same key on two sites', async () => {
    const added = await call('/jira/sites/add', { name: 'Bank', kind: 'jira-datacenter', baseUrl: dc.url });
    bankId = added.json().data.id;
    const withoutPat = await callWithoutUserId('/jira/getAllProjects', {
      email: owner.email,
      siteId: bankId,
    });
    expect(withoutPat.statusCode).toBe(409);
    expect(withoutPat.json().message).toMatch(/no token for the Jira site "Bank"/);
    expect((await call('/jira/sites/setCredential', { siteId: bankId, token: PAT })).statusCode).toBe(200);
    const listed = await callWithoutUserId('/jira/getAllProjects', { email: owner.email, siteId: bankId });
    expect(listed.json()).toEqual({ data: [{ name: 'Bank demo', key: 'DEMO' }] });

    const project = { projectName: 'x', clientEmails: ['client@bank.example'] };
    expect((await call('/jira/addProject', { ...project, projectKey: 'DEMO' })).statusCode).toBe(200);
    const onBank = await call('/jira/addProject', { ...project, projectKey: 'DEMO', siteId: bankId });
    expect(onBank.statusCode, onBank.body).toBe(200);
    expect(onBank.json().data).toMatchObject({ siteId: bankId, siteName: 'Bank', statusesOffered: null });
    expect(
      (await call('/jira/addProject', { ...project, projectKey: 'DEMO', siteId: bankId })).statusCode,
    ).toBe(409);

    const list = (await call('/jira/getFirebaseProjects', {})).json().data;
    expect(list.map((p: { siteName: string }) => p.siteName)).toEqual(['default', 'Bank']);
    // Two sites have the key: the key alone names neither, siteId tells them apart.
    expect((await call('/jira/getFirebaseProjectByKey', { projectKey: 'DEMO' })).statusCode).toBe(404);
    const byId = await call('/jira/getFirebaseProjectByKey', { projectKey: 'DEMO', siteId: bankId });
    expect(byId.json().data.siteName).toBe('Bank');
  });

  it('fetches the DC project’s stories from its own site; wiki markup drafts as steps', async () => {
    const response = await issues(`projectKey=DEMO&status=Done&siteId=${bankId}`);
    expect(response.statusCode, response.body).toBe(200);
    const stories = response.json().data;
    expect(stories.map((s: { key: string }) => s.key)).toEqual(['DEMO-1']);
    expect(draftEmail(stories, []).text).toContain('Transfer limits:\n- Open the page\n- Check the total');
    expect(dc.requests.at(-1)?.headers.authorization).toBe(`Bearer ${PAT}`);
    // The demo project on `default` is another project with the same key.
    const demo = (await issues('projectKey=DEMO&status=Done&siteId=default')).json().data;
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.map((s: { issueHeader: string }) => s.issueHeader)).not.toContain('Transfer limits');
  });

  it('offers the statuses the project chooses; the first is what auto-send fetches', async () => {
    const statuses = await call('/jira/getProjectStatuses', { projectKey: 'DEMO', siteId: bankId });
    expect(statuses.json().data).toEqual({ available: DC_STATUSES, offered: ['Done', 'Testing'] });
    const chosen = await call('/jira/updateFirebaseProject', {
      projectKey: 'DEMO',
      siteId: bankId,
      updatedProject: { statusesOffered: ['In Progress', 'Done'] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.statusesOffered).toEqual(['In Progress', 'Done']);
    const inProgress = await issues(
      `projectKey=DEMO&status=${encodeURIComponent('In Progress')}&siteId=${bankId}`,
    );
    expect(inProgress.json().data.map((s: { key: string }) => s.key)).toEqual(['DEMO-2']);
    expect((await issues(`projectKey=DEMO&status=Testing&siteId=${bankId}`)).statusCode).toBe(400);
    expect(dc.problems).toEqual([]);
  });

  it('keeps a site a project lives on (409)', async () => {
    const removed = await call('/jira/sites/remove', { siteId: bankId });
    expect(removed.statusCode).toBe(409);
    expect(
      (await call('/jira/deleteFirebaseProject', { projectKey: 'DEMO', siteId: bankId })).statusCode,
    ).toBe(200);
    expect((await call('/jira/getFirebaseProjectByKey', { projectKey: 'DEMO' })).json().data.siteName).toBe(
      'default',
    );
    expect((await call('/jira/sites/remove', { siteId: bankId })).statusCode).toBe(200);
  });
});
