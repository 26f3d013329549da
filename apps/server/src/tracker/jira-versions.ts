// A Jira project's versions as releases: `GET /rest/api/3/project/{key}/versions` on Cloud
// (https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-project-versions/#api-rest-api-3-project-projectidorkey-versions-get,
// an array of Version) and `GET /rest/api/2/project/{key}/versions` on Data Center (an array of VersionBean).
// Archived versions are left out; a story names its versions in the field `fixVersions`, which the JQL
// clause `fixVersion = id` reads.
import { z } from 'zod';
import type { JiraCredentials, JiraHttp } from './jira-http.ts';
import { offeredReleases, type TrackerRelease } from './tracker.ts';

const versionsSchema = z.array(
  z.looseObject({
    id: z.string(),
    name: z.string(),
    archived: z.boolean().optional(),
    released: z.boolean().optional(),
    /** Cloud: a date (yyyy-mm-dd); Data Center: a date-time. */
    releaseDate: z.string().nullish(),
  }),
);

export async function jiraReleases(
  http: JiraHttp,
  credentials: JiraCredentials,
  apiPath: '/rest/api/3' | '/rest/api/2',
  project: string,
): Promise<TrackerRelease[]> {
  const { json } = await http.request({
    path: `${apiPath}/project/${encodeURIComponent(project)}/versions`,
    method: 'GET',
    credentials,
  });
  const versions = http.parse(versionsSchema, json, 'project versions');
  return offeredReleases(
    versions
      .filter((version) => !version.archived)
      .map((version) => ({
        id: version.id,
        name: version.name,
        released: version.released ?? false,
        releaseDate: version.releaseDate ? version.releaseDate.slice(0, 10) : null,
      })),
  );
}
