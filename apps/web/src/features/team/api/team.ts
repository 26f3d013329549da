// The team calls: the caller's workspaces and the switch, the current workspace's members and invitations,
// roles, removing (or leaving), and joining by an invitation link.
import type {
  InvitationAnswer,
  InvitationBody,
  InviteMemberBody,
  JoinWorkspaceAnswer,
  JoinWorkspaceBody,
  RemoveMemberBody,
  RenameWorkspaceBody,
  RevokeInvitationBody,
  SetMemberRoleBody,
  SetWorkspaceLogoBody,
  SwitchWorkspaceBody,
  TeamAnswer,
  TeamChangeAnswer,
  UserIdBody,
  WorkspaceRole,
  WorkspacesAnswer,
} from '@handoff/core/api';
import { prefetchable } from '@/api/prefetch';
import type { ApiClient } from '@/lib/api-client';
import type { Services } from '@/lib/services';

async function getWorkspaces(api: ApiClient, userId: string): Promise<WorkspacesAnswer['data']> {
  const body: UserIdBody = { userId };
  return (await api.post<WorkspacesAnswer>('/jira/getWorkspaces', body)).data;
}

const workspacesCall = prefetchable('getWorkspaces', getWorkspaces);
/** Asks for the workspaces now, for the Workspace select that mounts once the user is rendered. */
export const prefetchWorkspaces = workspacesCall.start;
/** The workspaces: the prefetched answer if there is a fresh one, else a new call. */
export const loadWorkspaces = workspacesCall.take;

export async function switchWorkspace(
  api: ApiClient,
  userId: string,
  workspaceId: string,
): Promise<WorkspacesAnswer['data']> {
  const body: SwitchWorkspaceBody = { userId, workspaceId };
  return (await api.post<WorkspacesAnswer>('/jira/switchWorkspace', body)).data;
}

export async function getTeam(api: ApiClient, userId: string): Promise<TeamAnswer['data']> {
  const body: UserIdBody = { userId };
  return (await api.post<TeamAnswer>('/jira/getTeam', body)).data;
}

export function inviteMember(api: ApiClient, userId: string, email: string): Promise<TeamChangeAnswer> {
  const body: InviteMemberBody = { userId, email };
  return api.post<TeamChangeAnswer>('/jira/inviteMember', body);
}

export function revokeInvitation(
  api: ApiClient,
  userId: string,
  inviteId: string,
): Promise<TeamChangeAnswer> {
  const body: RevokeInvitationBody = { userId, inviteId };
  return api.post<TeamChangeAnswer>('/jira/revokeInvitation', body);
}

export function removeMember(api: ApiClient, userId: string, memberId: string): Promise<TeamChangeAnswer> {
  const body: RemoveMemberBody = { userId, memberId };
  return api.post<TeamChangeAnswer>('/jira/removeMember', body);
}

export function setMemberRole(
  api: ApiClient,
  userId: string,
  memberId: string,
  role: WorkspaceRole,
): Promise<TeamChangeAnswer> {
  const body: SetMemberRoleBody = { userId, memberId, role };
  return api.post<TeamChangeAnswer>('/jira/setMemberRole', body);
}

/** What the invitation page says of a link (no account needed). */
export async function getInvitation(api: ApiClient, token: string): Promise<InvitationAnswer['data']> {
  const body: InvitationBody = { token };
  return (await api.post<InvitationAnswer>('/jira/getInvitation', body, { auth: false })).data;
}

export function joinWorkspace(api: ApiClient, userId: string, token: string): Promise<JoinWorkspaceAnswer> {
  const body: JoinWorkspaceBody = { userId, token };
  return api.post<JoinWorkspaceAnswer>('/jira/joinWorkspace', body);
}

export function renameWorkspace(api: ApiClient, userId: string, name: string): Promise<TeamChangeAnswer> {
  const body: RenameWorkspaceBody = { userId, name };
  return api.post<TeamChangeAnswer>('/jira/renameWorkspace', body);
}

/** Uploads the logo file (base64 in JSON; the server checks its type by its bytes and its size). */
export async function setWorkspaceLogo(
  api: ApiClient,
  userId: string,
  file: Blob,
): Promise<TeamChangeAnswer> {
  const body: SetWorkspaceLogoBody = { userId, image: base64Of(await file.arrayBuffer()) };
  return api.post<TeamChangeAnswer>('/jira/setWorkspaceLogo', body);
}

export function removeWorkspaceLogo(api: ApiClient, userId: string): Promise<TeamChangeAnswer> {
  const body: UserIdBody = { userId };
  return api.post<TeamChangeAnswer>('/jira/removeWorkspaceLogo', body);
}

/**
 * The workspace's logo as a data: URL (the page's Content-Security-Policy allows images from data: and
 * the server; the image call needs the bearer token, which an <img src> cannot carry). Null when none.
 */
export async function getWorkspaceLogo(
  { config, session }: Pick<Services, 'config' | 'session'>,
  userId: string,
): Promise<string | null> {
  const body: UserIdBody = { userId };
  const token = await session.getValidToken();
  const response = await fetch(new URL(`${config.apiBaseUrl}/jira/getWorkspaceLogo`, window.location.href), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) return null;
  const type = response.headers.get('content-type') ?? 'image/png';
  return `data:${type};base64,${base64Of(await response.arrayBuffer())}`;
}

/** The bytes in base64, a chunk at a time (a 200 kB image spread as arguments would overflow the stack). */
function base64Of(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let start = 0; start < view.length; start += 0x8000) {
    binary += String.fromCharCode(...view.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
