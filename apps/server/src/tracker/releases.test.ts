// Releases and the current sprint behind the tracker seam, adapter by adapter, each against its double
// (the demo tracker's own in demo/demo-tracker.test.ts): the versions listing (Jira Cloud
// `GET /rest/api/3/project/{key}/versions`, Data Center `GET /rest/api/2/project/{key}/versions`), GitHub
// milestones, Linear cycles, and the stories of one release or of the running sprint, whatever their state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../testing/fake-github.ts';
import { sendJson, startFakeJira } from '../testing/fake-jira.ts';
import { startFakeJiraDc } from '../testing/fake-jira-dc.ts';
import { startFakeLinear } from '../testing/fake-linear.ts';
import { JiraCloudTracker } from './cloud/cloud-tracker.ts';
import { JiraDataCenterTracker } from './datacenter/dc-tracker.ts';
import { parseJql } from './demo/jql-parser.ts';
import { GitHubTracker } from './github/github-tracker.ts';
import { LinearTracker } from './linear/linear-tracker.ts';
import { openApiErrors } from './testdata/atlassian-schemas.ts';
import { offeredReleases, type TrackerRelease } from './tracker.ts';
import { TrackerError } from './tracker-errors.ts';

const noWait = { sleep: async () => {}, random: () => 0 };

describe('offeredReleases', () => {
  it('keeps every unreleased release in order, then the five latest released, newest first', () => {
    const released = (n: number, day: string | null): TrackerRelease => ({
      id: `r${n}`,
      name: `R${n}`,
      released: true,
      releaseDate: day,
    });
    const all = [
      released(1, '2026-01-10'),
      { id: 'u1', name: 'Next', released: false, releaseDate: null },
      released(2, '2026-03-10'),
      released(3, null),
      released(4, '2026-05-10'),
      released(5, '2026-02-10'),
      released(6, '2026-04-10'),
      { id: 'u2', name: 'Later', released: false, releaseDate: '2027-01-01' },
      released(7, '2026-06-10'),
    ];
    expect(offeredReleases(all).map((r) => r.id)).toEqual(['u1', 'u2', 'r7', 'r4', 'r6', 'r2', 'r5']);
  });
});

describe('Jira Cloud', () => {
  const credentials = { email: 'ada@example.com', apiToken: 'secret-token-123' };
  const versions = [
    {
      self: 'https://x.invalid/rest/api/3/version/1',
      id: '1',
      name: '1.0',
      archived: false,
      released: true,
      releaseDate: '2026-10-01',
      projectId: 10000,
    },
    {
      self: 'https://x.invalid/rest/api/3/version/2',
      id: '2',
      name: 'Old',
      archived: true,
      released: true,
      releaseDate: '2025-10-01',
      projectId: 10000,
    },
    {
      self: 'https://x.invalid/rest/api/3/version/3',
      id: '3',
      name: '1.1',
      archived: false,
      released: false,
      projectId: 10000,
    },
  ];

  it('lists the versions of GET /rest/api/3/project/{key}/versions (Version[]), archived ones left out', async () => {
    for (const version of versions) expect(openApiErrors('Version', version)).toEqual([]);
    const jira = await startFakeJira((request, response) => {
      expect(request.path).toBe('/rest/api/3/project/PAY/versions');
      sendJson(response, 200, versions);
    });
    try {
      const tracker = new JiraCloudTracker({ endpoint: { baseUrl: jira.url }, ...noWait });
      expect(tracker.hasSprints).toBe(true);
      expect(await tracker.listReleases(credentials, 'PAY')).toEqual([
        { id: '3', name: '1.1', released: false, releaseDate: null },
        { id: '1', name: '1.0', released: true, releaseDate: '2026-10-01' },
      ]);
    } finally {
      await jira.close();
    }
  });

  it('asks for a release by fixVersion and for the running sprint by openSprints(), in any state', async () => {
    const asked: string[] = [];
    const jira = await startFakeJira((request, response) => {
      const body = request.json as { jql: string };
      expect(openApiErrors('SearchAndReconcileRequestBean', body)).toEqual([]);
      asked.push(body.jql);
      const answer = {
        isLast: true,
        issues: [
          {
            id: '10001',
            key: 'PAY-1',
            fields: {
              summary: 'Refunds',
              description: null,
              status: { name: 'In Progress' },
              fixVersions: [versions[0]],
            },
          },
        ],
      };
      expect(openApiErrors('SearchAndReconcileResults', answer)).toEqual([]);
      sendJson(response, 200, answer);
    });
    try {
      const tracker = new JiraCloudTracker({ endpoint: { baseUrl: jira.url }, ...noWait });
      const stories = await tracker.searchStories(credentials, {
        project: 'PAY',
        states: [],
        release: { id: '1', name: '1.0' },
      });
      expect(stories.map((s) => [s.key, s.state])).toEqual([['PAY-1', 'In Progress']]);
      await tracker.searchStories(credentials, { project: 'PAY', states: [], sprint: 'current' });
      expect(asked).toEqual([
        'project = "PAY" AND issuetype in ("Story") AND fixVersion = "1" ORDER BY key ASC',
        'project = "PAY" AND issuetype in ("Story") AND sprint in openSprints() ORDER BY key ASC',
      ]);
      // The demo tracker's parser reads both as Jira does.
      expect(parseJql(asked[0]!).clauses.at(-1)).toEqual({
        field: 'fixVersion',
        negated: false,
        values: ['1'],
      });
    } finally {
      await jira.close();
    }
  });
});

describe('Jira Data Center', () => {
  const PAT = 'NjE0MzQ1Njc4OTAxOkpvZSBQQVQ=';
  const credentials = { email: 'joe@bank.example', apiToken: PAT };

  it('lists GET /rest/api/2/project/{key}/versions and fetches a release’s and the sprint’s stories', async () => {
    const dc = await startFakeJiraDc({
      users: [{ name: 'joe', displayName: 'Joe', emailAddress: 'joe@bank.example', token: PAT }],
      projects: [{ key: 'PAY', name: 'Payments' }],
    });
    try {
      dc.versions.push(
        { id: '100', project: 'PAY', name: 'Spring', released: true, releaseDate: '2026-04-01' },
        { id: '101', project: 'PAY', name: 'Summer', released: false },
        { id: '102', project: 'PAY', name: 'Archived', released: true, archived: true },
      );
      dc.issues.push(
        { key: 'PAY-1', summary: 'A', description: null, status: 'Done', fixVersions: ['101'] },
        {
          key: 'PAY-2',
          summary: 'B',
          description: null,
          status: 'In Progress',
          fixVersions: ['101'],
          inOpenSprint: true,
        },
        { key: 'PAY-3', summary: 'C', description: null, status: 'Done', fixVersions: ['100'] },
      );
      const tracker = new JiraDataCenterTracker({ endpoint: { baseUrl: dc.url }, ...noWait });
      expect(await tracker.listReleases(credentials, 'PAY')).toEqual([
        { id: '101', name: 'Summer', released: false, releaseDate: null },
        { id: '100', name: 'Spring', released: true, releaseDate: '2026-04-01' },
      ]);
      const summer = await tracker.searchStories(credentials, {
        project: 'PAY',
        states: [],
        release: { id: '101', name: 'Summer' },
      });
      expect(summer.map((s) => [s.key, s.state])).toEqual([
        ['PAY-1', 'Done'],
        ['PAY-2', 'In Progress'],
      ]);
      const sprint = await tracker.searchStories(credentials, {
        project: 'PAY',
        states: [],
        sprint: 'current',
      });
      expect(sprint.map((s) => s.key)).toEqual(['PAY-2']);
      await expect(tracker.listReleases(credentials, 'NOPE')).rejects.toBeInstanceOf(TrackerError);
      expect(dc.problems).toEqual([]);
    } finally {
      await dc.close();
    }
  });
});

describe('GitHub', () => {
  const TOKEN = 'github_pat_11AAAAAAA0joe';
  const credentials = { email: 'joe@agency.example', apiToken: TOKEN };
  let github: Awaited<ReturnType<typeof startFakeGitHub>>;
  beforeAll(async () => {
    github = await startFakeGitHub({ users: [{ login: 'joe', id: 1, token: TOKEN }] });
  });
  afterAll(() => github.close());

  it('offers milestones as releases and fetches a milestone’s issues, open and closed; no sprints', async () => {
    github.repos.push('acme/shop');
    github.milestones.push(
      { repo: 'acme/shop', number: 1, title: 'v1', state: 'closed', closedAt: '2026-10-02T10:00:00Z' },
      { repo: 'acme/shop', number: 2, title: 'v2', state: 'open', dueOn: '2026-12-20T08:00:00Z' },
    );
    const issue = (number: number, state: 'open' | 'closed', milestone?: string) => ({
      repo: 'acme/shop',
      number,
      title: `Issue ${number}`,
      body: null,
      state,
      state_reason: state === 'closed' ? ('completed' as const) : null,
      labels: [],
      ...(milestone ? { milestone } : {}),
    });
    github.issues.push(
      issue(1, 'closed', 'v2'),
      issue(2, 'open', 'v2'),
      issue(3, 'closed', 'v1'),
      issue(4, 'open'),
    );
    const tracker = new GitHubTracker({ endpoint: { baseUrl: github.url }, ...noWait });
    expect(tracker.hasSprints).toBe(false);
    expect(await tracker.listReleases(credentials, 'acme/shop')).toEqual([
      { id: '2', name: 'v2', released: false, releaseDate: '2026-12-20' },
      { id: '1', name: 'v1', released: true, releaseDate: '2026-10-02' },
    ]);
    const v2 = await tracker.searchStories(credentials, {
      project: 'acme/shop',
      states: [],
      release: { id: '2', name: 'v2' },
    });
    expect(v2.map((s) => [s.key, s.state])).toEqual([
      ['acme/shop#1', 'Closed'],
      ['acme/shop#2', 'Open'],
    ]);
    await expect(
      tracker.searchStories(credentials, { project: 'acme/shop', states: [], sprint: 'current' }),
    ).rejects.toBeInstanceOf(TrackerError);
    expect(github.problems).toEqual([]);
  });
});

describe('Linear', () => {
  const sender = { id: 'u-sam', name: 'Sam', email: 'sam@agency.test', apiKey: 'lin_api_sam' };
  const credentials = { email: sender.email, apiToken: sender.apiKey };

  it('offers the team’s cycles as releases; a cycle and the active cycle fetch their issues in any state', async () => {
    const linear = await startFakeLinear({ users: [sender] });
    try {
      linear.addTeam('ENG', 'Engineering');
      const done = linear.addCycle('ENG', {
        startsAt: '2026-10-01T00:00:00Z',
        endsAt: '2026-10-15T00:00:00Z',
        completedAt: '2026-10-15T00:00:00Z',
      });
      const active = linear.addCycle('ENG', {
        name: 'Checkout sprint',
        startsAt: '2026-11-20T00:00:00Z',
        endsAt: '2026-12-04T00:00:00Z',
        isActive: true,
      });
      linear.addIssue('ENG', { title: 'Old', state: 'Done', cycleId: done.id });
      linear.addIssue('ENG', { title: 'A', state: 'Done', cycleId: active.id, inActiveCycle: true });
      linear.addIssue('ENG', { title: 'B', state: 'In Progress', cycleId: active.id, inActiveCycle: true });
      const tracker = new LinearTracker({ endpoint: { baseUrl: linear.url }, issueTypes: [], ...noWait });
      expect(tracker.hasSprints).toBe(true);
      expect(await tracker.listReleases(credentials, 'ENG')).toEqual([
        { id: active.id, name: 'Checkout sprint', released: false, releaseDate: '2026-12-04' },
        { id: done.id, name: 'Cycle 1', released: true, releaseDate: '2026-10-15' },
      ]);
      const ofCycle = await tracker.searchStories(credentials, {
        project: 'ENG',
        states: [],
        release: { id: active.id, name: 'Checkout sprint' },
      });
      expect(ofCycle.map((s) => [s.key, s.state])).toEqual([
        ['ENG-2', 'Done'],
        ['ENG-3', 'In Progress'],
      ]);
      const sprint = await tracker.searchStories(credentials, {
        project: 'ENG',
        states: [],
        sprint: 'current',
      });
      expect(sprint.map((s) => s.key)).toEqual(['ENG-2', 'ENG-3']);
      expect(linear.problems).toEqual([]);
    } finally {
      await linear.close();
    }
  });
});
