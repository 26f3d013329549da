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
