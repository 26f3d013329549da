import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeJira, sendJson, startFakeJira } from '../../testing/fake-jira.ts';
import { JiraCloudTracker } from './cloud-tracker.ts';

const credentials = { email: 'ada@example.com', apiToken: 'secret-token-123' };
let jira: FakeJira;
beforeAll(async () => {
  jira = await startFakeJira();
});
afterAll(() => jira.close());

describe('Jira Cloud behind the tracker seam', () => {
  it("lists a project's statuses once each, from /rest/api/3/project/{key}/statuses", async () => {
    jira.handle((request, response) => {
      expect(request.path).toBe('/rest/api/3/project/PAY/statuses');
      sendJson(response, 200, [
        {
          id: '1',
          name: 'Story',
          statuses: [
            { id: '1', name: 'To Do' },
            { id: '2', name: 'QA' },
          ],
        },
        {
          id: '2',
          name: 'Bug',
          statuses: [
            { id: '2', name: 'QA' },
            { id: '3', name: 'Done' },
          ],
        },
      ]);
    });
    const tracker = new JiraCloudTracker({ endpoint: { baseUrl: jira.url } });
    expect(await tracker.listStates(credentials, 'PAY')).toEqual(['To Do', 'QA', 'Done']);
  });

  it('tells a story moved again from its changelog, read over every page', async () => {
    jira.handle((request, response) => {
      const startAt = Number(request.query.get('startAt'));
      const history = (n: number) => ({
        id: String(n),
        created: `2026-11-26T${n === 0 ? '09' : '11'}:00:00.000+0000`,
        author: { accountId: 'a', displayName: 'Ada' },
        items: [{ field: 'status', fromString: 'Testing', toString: n === 0 ? 'Done' : 'Testing' }],
      });
      sendJson(response, 200, {
        startAt,
        maxResults: 1,
        total: 2,
        isLast: startAt >= 1,
        values: [history(startAt)],
      });
    });
    const tracker = new JiraCloudTracker({ endpoint: { baseUrl: jira.url } });
    // The second page's change (11:00) is after 10:00; nothing changed after noon.
    const moved = await tracker.movedSince(credentials, [
      { key: 'PAY-1', since: new Date('2026-11-26T10:00:00Z') },
    ]);
    expect([...moved]).toEqual(['PAY-1']);
    const later = await tracker.movedSince(credentials, [
      { key: 'PAY-1', since: new Date('2026-11-26T12:00:00Z') },
    ]);
    expect(later.size).toBe(0);
  });

  it('reads a story’s parent epic and issue type, as the search asks for them', async () => {
    jira.handle((request, response) => {
      expect(request.path).toBe('/rest/api/3/search/jql');
      const asked =
        (request.json as { fields?: string[] } | undefined)?.fields ??
        request.query.get('fields')?.split(',');
      expect(asked).toEqual(['summary', 'description', 'status', 'parent', 'issuetype']);
      const issuetype = (id: string, name: string, hierarchyLevel: number) => ({ id, name, hierarchyLevel });
      sendJson(response, 200, {
        isLast: true,
        issues: [
          {
            id: '10100',
            key: 'PAY-1',
            fields: {
              summary: 'Pay by card',
              status: { name: 'Done' },
              issuetype: issuetype('10001', 'Story', 0),
              parent: {
                id: '10090',
                key: 'PAY-90',
                fields: { summary: 'Checkout', issuetype: issuetype('10000', 'Epic', 1) },
              },
            },
          },
          // A sub-task's parent is a story, not an epic.
          {
            id: '10101',
            key: 'PAY-2',
            fields: {
              summary: 'Part',
              status: { name: 'Done' },
              issuetype: issuetype('10003', 'Subtask', -1),
              parent: {
                id: '10100',
                key: 'PAY-1',
                fields: { summary: 'Pay', issuetype: issuetype('10001', 'Story', 0) },
              },
            },
          },
        ],
      });
    });
    const tracker = new JiraCloudTracker({
      endpoint: { baseUrl: jira.url },
      issueTypes: ['Story', 'Subtask'],
    });
    const stories = await tracker.searchStories(credentials, { project: 'PAY', states: ['Done'] });
    expect(stories.map(({ key, epic, type }) => ({ key, epic, type }))).toEqual([
      {
        key: 'PAY-1',
        epic: { id: '10090', name: 'Checkout', order: 10090 },
        type: { id: '10001', name: 'Story', order: 10001 },
      },
      { key: 'PAY-2', epic: null, type: { id: '10003', name: 'Subtask', order: 10003 } },
    ]);
  });

  it('counts an anonymous answer to /myself (X-Seraph-LoginReason) as a refusal', async () => {
    jira.handle((_request, response) =>
      sendJson(response, 200, {}, { 'x-seraph-loginreason': 'AUTHENTICATION_DENIED' }),
    );
    const tracker = new JiraCloudTracker({ endpoint: { baseUrl: jira.url } });
    await expect(tracker.checkCredential(credentials)).rejects.toMatchObject({
      code: 'TRACKER_AUTH_REFUSED',
    });
  });
});
