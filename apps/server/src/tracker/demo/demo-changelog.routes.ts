// The demo tracker's changelog of status changes, in Atlassian's shapes: `POST /changelog/bulkfetch`
// (BulkChangelogResponseBean) and `GET /issue/{issueIdOrKey}/changelog` (PageBeanChangelog). Each
// transition through the demo tracker is one change history with one `status` item; each caller sees the
// changes of their own workspaces, as with the statuses.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DemoAuth } from './demo-auth.ts';
import { DEMO_ISSUES, DEMO_STATUSES } from './demo-data.ts';
import { integerParam, JiraHttpError, type QueryParams, startAtParam } from './demo-http.ts';
import { statusChangesOfIssues } from './demo-issues.service.ts';

type ChangeRow = Awaited<ReturnType<typeof statusChangesOfIssues>>[number];

function changelogJson(row: ChangeRow) {
  const from = DEMO_STATUSES.find((status) => status.id === row.from_status_id);
  const to = DEMO_STATUSES.find((status) => status.id === row.to_status_id);
  return {
    id: String(row.id),
    author: {
      accountId: `demo-${row.author_user_id ?? 'unknown'}`,
      displayName: row.email?.split('@')[0] ?? 'Former user',
      active: row.email !== null,
    },
    created: row.created_at.toISOString().replace('Z', '+0000'),
    items: [
      {
        field: 'status',
        fieldId: 'status',
        fieldtype: 'jira',
        from: row.from_status_id,
        fromString: from?.name ?? row.from_status_id,
        to: row.to_status_id,
        toString: to?.name ?? row.to_status_id,
      },
    ],
  };
}

export function demoChangelogRoutes(app: FastifyInstance, auth: DemoAuth): void {
  const issueOf = (idOrKey: string) =>
    DEMO_ISSUES.find((issue) => issue.key === idOrKey.toUpperCase() || issue.id === idOrKey);

  app.post('/changelog/bulkfetch', async (request) => {
    const caller = await auth.signedIn(request);
    const body = request.body as { issueIdsOrKeys?: unknown; fieldIds?: unknown } | null;
    const wanted = body?.issueIdsOrKeys;
    if (!Array.isArray(wanted) || wanted.length === 0 || wanted.length > 1000) {
      throw new JiraHttpError(400, ['issueIdsOrKeys must name between 1 and 1000 issues.']);
    }
    const fields = Array.isArray(body?.fieldIds) ? body.fieldIds : [];
    const issues = wanted.flatMap((idOrKey) => {
      const issue = typeof idOrKey === 'string' ? issueOf(idOrKey) : undefined;
      return issue ? [issue] : [];
    });
    // Only status changes are kept: a filter without `status` matches none.
    const rows =
      fields.length === 0 || fields.includes('status')
        ? await statusChangesOfIssues(
            app.db,
            caller.userId,
            issues.map((issue) => issue.key),
          )
        : [];
    return {
      issueChangeLogs: issues
        .map((issue) => ({
          issueId: issue.id,
          changeHistories: rows.filter((row) => row.issue_key === issue.key).map(changelogJson),
        }))
        .filter((log) => log.changeHistories.length > 0),
    };
  });

  app.get('/issue/:issueIdOrKey/changelog', async (request: FastifyRequest) => {
    const caller = await auth.signedIn(request);
    const issue = issueOf((request.params as { issueIdOrKey: string }).issueIdOrKey);
    if (!issue) {
      throw new JiraHttpError(404, ['Issue does not exist or you do not have permission to see it.']);
    }
    const query = request.query as QueryParams;
    const startAt = startAtParam(query);
    const maxResults = Math.min(Math.max(integerParam(query.maxResults, 'maxResults', 100), 1), 100);
    const rows = await statusChangesOfIssues(app.db, caller.userId, [issue.key]);
    const values = rows.slice(startAt, startAt + maxResults).map(changelogJson);
    return {
      self: `${request.protocol}://${request.host}/rest/api/3/issue/${issue.key}/changelog?startAt=${startAt}`,
      startAt,
      maxResults,
      total: rows.length,
      isLast: startAt + values.length >= rows.length,
      values,
    };
  });
}
