// The product's project calls (docs/product.md §7), shared by the projects and the stories features. Every call
// carries the user's id; the API client adds the bearer token. The shapes are the server's own
// (@handoff/core/api), imported as types only.
import type {
  AddProjectBody,
  Project,
  ProjectAnswer,
  ProjectChangeAnswer,
  ProjectListAnswer,
  ProjectRefBody,
  UpdateProjectBody,
  UserIdBody,
} from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';
import { prefetchable } from './prefetch';
import { getReviewSummaries, type ReviewSummaries } from './review';

/** `{siteId}` for a project of an added site (two sites may have its key); nothing for the site `default`. */
const siteOf = (siteId: string | null | undefined) => (siteId && siteId !== 'default' ? { siteId } : {});

/** POST /jira/getFirebaseProjects {userId} → {data: Project[]} */
async function getProjects(api: ApiClient, userId: string): Promise<Project[]> {
  const body: UserIdBody = { userId };
  const answer = await api.post<ProjectListAnswer>('/jira/getFirebaseProjects', body);
  return answer.data;
}

/** POST /jira/getFirebaseProjectByKey {userId, projectKey} → {data: Project} */
export async function getProjectByKey(
  api: ApiClient,
  userId: string,
  projectKey: string,
  siteId?: string | null,
): Promise<Project> {
  const body: ProjectRefBody = { userId, projectKey, ...siteOf(siteId) };
  const answer = await api.post<ProjectAnswer>('/jira/getFirebaseProjectByKey', body);
  return answer.data;
}

type NewProject = Omit<AddProjectBody, 'userId'>;

/** POST /jira/addProject {userId, projectKey, projectName, clientEmails, clientCC} */
export function addProject(
  api: ApiClient,
  userId: string,
  project: NewProject,
): Promise<ProjectChangeAnswer> {
  const body: AddProjectBody = { userId, ...project };
  return api.post<ProjectChangeAnswer>('/jira/addProject', body);
}

/**
 * The forms of `updatedProject` the screens send (docs/product.md §7): the edit screen's names, key and both
 * address lists; the send flow's, the same plus sentProjectIssuesList; the list toggle's full project,
 * with the CC list named "clinetCC" (spelt so).
 */
type ProjectUpdate = UpdateProjectBody['updatedProject'];

/** POST /jira/updateFirebaseProject {userId, projectKey, updatedProject} */
export function updateProject(
  api: ApiClient,
  userId: string,
  projectKey: string,
  updatedProject: ProjectUpdate,
  siteId?: string,
): Promise<ProjectChangeAnswer> {
  const body: UpdateProjectBody = { userId, projectKey, ...siteOf(siteId), updatedProject };
  return api.post<ProjectChangeAnswer>('/jira/updateFirebaseProject', body);
}

/** The toggle's "full project" (docs/product.md §3/§7): every stored field, CC as "clinetCC", the new autosend. */
export function fullProjectUpdate(project: Project, autosend: boolean): ProjectUpdate {
  return {
    userId: project.userId,
    projectKey: project.projectKey,
    projectName: project.projectName,
    clientEmails: project.clientEmails,
    clinetCC: project.clientCC,
    autosend,
    sentProjectIssuesList: project.sentProjectIssuesList,
  };
}

/** POST /jira/deleteFirebaseProject {userId, projectKey} */
export async function deleteProject(
  api: ApiClient,
  userId: string,
  projectKey: string,
  siteId?: string,
): Promise<void> {
  const body: ProjectRefBody = { userId, projectKey, ...siteOf(siteId) };
  await api.post('/jira/deleteFirebaseProject', body);
}

// What the projects list shows: the projects and their client-review summaries, asked for in parallel
// (and, on the first screen, as soon as the user is loaded: see prefetch.ts).

const projectsCall = prefetchable('getFirebaseProjects', getProjects);
const summariesCall = prefetchable('getSummaries', getReviewSummaries);

/** Asks for the list's data now, before the projects screen has rendered. */
export function prefetchProjectsScreen(api: ApiClient, userId: string): void {
  projectsCall.start(api, userId);
  summariesCall.start(api, userId);
}

/**
 * The projects and their review summaries, together, so that the list is rendered once. The summaries
 * are secondary: when they fail, the list shows without them.
 */
export async function loadProjectsScreen(
  api: ApiClient,
  userId: string,
): Promise<{ projects: Project[]; reviews: ReviewSummaries }> {
  const reviews = summariesCall.take(api, userId).catch((): ReviewSummaries => ({}));
  const projects = await projectsCall.take(api, userId);
  return { projects, reviews: await reviews };
}
