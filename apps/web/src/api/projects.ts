// The product's project calls (SPEC §7), shared by the projects and the stories features. Every call
// carries the user's id; the API client adds the bearer token.
import type { ApiClient } from '@/lib/api-client';
import type { Project } from '@/types/api';

/** What a change answer carries: `{status: 200, message, data: Project}`. */
export interface ProjectChangeAnswer {
  status: number;
  message: string;
  data: Project;
}

/** POST /jira/getFirebaseProjects {userId} → {data: Project[]} */
export async function getProjects(api: ApiClient, userId: string): Promise<Project[]> {
  const answer = await api.post<{ data: Project[] }>('/jira/getFirebaseProjects', { userId });
  return answer.data;
}

/** POST /jira/getFirebaseProjectByKey {userId, projectKey} → {data: Project} */
export async function getProjectByKey(api: ApiClient, userId: string, projectKey: string): Promise<Project> {
  const answer = await api.post<{ data: Project }>('/jira/getFirebaseProjectByKey', { userId, projectKey });
  return answer.data;
}

export interface NewProject {
  projectKey: string;
  projectName: string;
  clientEmails: string[];
  clientCC: string[];
}

/** POST /jira/addProject {userId, projectKey, projectName, clientEmails, clientCC} */
export function addProject(
  api: ApiClient,
  userId: string,
  project: NewProject,
): Promise<ProjectChangeAnswer> {
  return api.post<ProjectChangeAnswer>('/jira/addProject', { userId, ...project });
}

/**
 * The three forms of `updatedProject` the screens send (SPEC §7):
 * - the edit screen: the names, the key and both address lists;
 * - the send flow: the same plus sentProjectIssuesList;
 * - the list toggle: the full project, with the CC list named "clinetCC" (spelt so).
 */
export type ProjectUpdate =
  | {
      projectKey: string;
      projectName: string;
      clientEmails: string[];
      clientCC: string[];
      sentProjectIssuesList?: string[];
    }
  | {
      userId: string;
      projectKey: string;
      projectName: string;
      clientEmails: string[];
      clinetCC: string[];
      autosend: boolean;
      sentProjectIssuesList: string[];
    };

/** POST /jira/updateFirebaseProject {userId, projectKey, updatedProject} */
export function updateProject(
  api: ApiClient,
  userId: string,
  projectKey: string,
  updatedProject: ProjectUpdate,
): Promise<ProjectChangeAnswer> {
  return api.post<ProjectChangeAnswer>('/jira/updateFirebaseProject', { userId, projectKey, updatedProject });
}

/** The toggle's "full project" (SPEC §3/§7): every stored field, CC as "clinetCC", the new autosend. */
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
export async function deleteProject(api: ApiClient, userId: string, projectKey: string): Promise<void> {
  await api.post('/jira/deleteFirebaseProject', { userId, projectKey });
}
