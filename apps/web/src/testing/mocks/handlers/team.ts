// The team calls, served the simple way: every account owns one workspace ("ws-{id}", named by its
// e-mail) and is its only member; invitations are remembered by address; the token "valid-token" joins.
import { HttpResponse } from 'msw';
import type { Account } from '../db';
import { db } from '../db';
import { apiError, post } from './projects';

const workspaceOf = (caller: Account) => ({
  id: `ws-${caller.id}`,
  name: caller.email,
  role: 'owner' as const,
});
const workspaces = (caller: Account) => ({ current: `ws-${caller.id}`, workspaces: [workspaceOf(caller)] });

export const teamHandlers = [
  post('/jira/getProjectStatuses', () =>
    HttpResponse.json({ data: { available: ['To Do', 'Testing', 'Done'], offered: ['Done', 'Testing'] } }),
  ),
  // Jira sites: only the site `default` (the tests' server has added none).
  post('/jira/sites/list', () =>
    HttpResponse.json({
      data: [{ id: 'default', name: 'default', kind: 'jira-cloud', baseUrl: '', hasCredential: true }],
    }),
  ),
  post('/jira/getWorkspaces', (caller) => HttpResponse.json({ data: workspaces(caller) })),
  post('/jira/switchWorkspace', (caller, body) =>
    body.workspaceId === `ws-${caller.id}`
      ? HttpResponse.json({ data: workspaces(caller) })
      : apiError(404, 'You are not a member of this workspace.', 'NOT_FOUND'),
  ),
  post('/jira/getTeam', (caller) => {
    const { id, name } = workspaceOf(caller);
    return HttpResponse.json({
      data: {
        workspace: { id, name },
        role: 'owner',
        members: [{ userId: caller.id, email: caller.email, role: 'owner' }],
        invites: (db.invites.get(id) ?? []).map((email) => ({
          id: `invite-${email}`,
          email,
          expiresAt: '2026-03-19T10:00:00.000Z',
        })),
      },
    });
  }),
  post('/jira/inviteMember', (caller, body) => {
    const email = String(body.email ?? '').toLowerCase();
    const id = `ws-${caller.id}`;
    db.invites.set(id, [...(db.invites.get(id) ?? []), email]);
    return HttpResponse.json({ status: 200, message: `An invitation has been sent to ${email}.` });
  }),
  post('/jira/revokeInvitation', (caller, body) => {
    const id = `ws-${caller.id}`;
    const open = db.invites.get(id) ?? [];
    const left = open.filter((email) => `invite-${email}` !== body.inviteId);
    if (left.length === open.length) {
      return apiError(404, 'There is no such open invitation in this workspace.', 'NOT_FOUND');
    }
    db.invites.set(id, left);
    return HttpResponse.json({ status: 200, message: 'The invitation has been revoked.' });
  }),
  post('/jira/removeMember', () =>
    apiError(409, 'A workspace needs an owner: make someone else an owner first.', 'CONFLICT'),
  ),
  post('/jira/joinWorkspace', (_caller, body) =>
    body.token === 'valid-token'
      ? HttpResponse.json({
          status: 200,
          message: 'You have joined the workspace Team.',
          data: { workspaceId: 'ws-team', name: 'Team' },
        })
      : apiError(403, 'This invitation is for someone else.', 'FORBIDDEN'),
  ),
];
