// A GitHub site through the product's routes: added (GET /meta through the outbound guard), a member's
// token checked (GET /user), the repositories listed, one linked as a project that offers Closed, and its
// finished issues fetched as stories with their Markdown steps.
import { draftEmail } from '@handoff/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGitHub, startFakeGitHub } from '../../testing/fake-github.ts';
import { signUpAndSignIn } from '../../testing/sign-up.ts';
import { type Caller, callAs } from '../../testing/team.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const TOKEN = 'github_pat_site_test_0123456789';
let t: TestApp;
let github: FakeGitHub;
let owner: Caller & { email: string };

const call = (url: string, body: object) => callAs(t.app, owner, url, { userId: owner.userId, ...body });

beforeAll(async () => {
  github = await startFakeGitHub({ users: [{ login: 'olga', id: 3, token: TOKEN }], repos: ['acme/shop'] });
  github.issues.push({
    repo: 'acme/shop',
    number: 5,
    title: 'Checkout total',
    body: 'As a buyer.\n\n#test#\n- Open [the cart](https://shop.example/cart)\n- Check the **total**',
    state: 'closed',
    state_reason: 'completed',
    labels: [],
  });
  // The double listens on loopback, which an administrator must allow.
  t = await createTestApp({ TRACKER_ALLOWED_HOSTS: '127.0.0.1' });
  const olga = { email: 'olga@agency.example', password: 'password-olga', apikey: 'olga-key' };
  owner = { ...(await signUpAndSignIn(t.app, olga)), email: olga.email };
});
afterAll(async () => {
  await t.close();
  await github.close();
});

describe('a GitHub site', () => {
  it('is added, takes a token, links a repository offering Closed, and gives its finished issues as stories', async () => {
    const added = await call('/jira/sites/add', { name: 'Acme', kind: 'github', baseUrl: github.url });
    expect(added.statusCode, added.body).toBe(200);
    const siteId = added.json().data.id as string;
    const refused = await call('/jira/sites/setCredential', { siteId, token: 'ghp_wrong' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^GitHub refused the personal access token/);
    expect((await call('/jira/sites/setCredential', { siteId, token: TOKEN })).statusCode).toBe(200);
    const listed = await callAs(t.app, owner, '/jira/getAllProjects', { email: owner.email, siteId });
    expect(listed.json(), listed.body).toEqual({ data: [{ name: 'acme/shop', key: 'acme/shop' }] });

    const project = {
      projectKey: 'acme/shop',
      projectName: 'acme/shop',
      clientEmails: ['client@acme.example'],
    };
    const linked = await call('/jira/addProject', { ...project, siteId });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toMatchObject({ siteName: 'Acme', statusesOffered: ['Closed'] });

    const response = await t.app.inject({
      method: 'GET',
      url: `/jira/getProjectIssues?projectKey=${encodeURIComponent('acme/shop')}&status=Closed&siteId=${siteId}`,
      headers: { authorization: `Bearer ${owner.idToken}`, email: owner.email },
    });
    expect(response.statusCode, response.body).toBe(200);
    const stories = response.json().data;
    expect(stories.map((s: { key: string }) => s.key)).toEqual(['acme/shop#5']);
    expect(draftEmail(stories, []).text).toContain(
      'Checkout total:\n- Open the cart (https://shop.example/cart)\n- Check the total',
    );
    expect(github.problems).toEqual([]);
  });
});
