// The team calls: the caller's workspaces and the switch, the current workspace's members and invitations,
// roles, removing (or leaving), and joining by an invitation link.
import type {
  InviteMemberBody,
  JoinWorkspaceAnswer,
  JoinWorkspaceBody,
  RemoveMemberBody,
  RevokeInvitationBody,
  SetMemberRoleBody,
  SwitchWorkspaceBody,
  TeamAnswer,
  TeamChangeAnswer,
  UserIdBody,
  WorkspaceRole,
  WorkspacesAnswer,
} from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export async function getWorkspaces(api: ApiClient, userId: string): Promise<WorkspacesAnswer['data']> {
  const body: UserIdBody = { userId };
  return (await api.post<WorkspacesAnswer>('/jira/getWorkspaces', body)).data;
}

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

export function joinWorkspace(api: ApiClient, userId: string, token: string): Promise<JoinWorkspaceAnswer> {
  const body: JoinWorkspaceBody = { userId, token };
  return api.post<JoinWorkspaceAnswer>('/jira/joinWorkspace', body);
}
