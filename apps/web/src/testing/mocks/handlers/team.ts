// The team calls, served the simple way: every account owns one workspace ("ws-{id}", "{name}'s team")
// and is its only member; invitations are remembered by address; the token "valid-token" joins.
import { HttpResponse, http } from 'msw';
import type { Account } from '../db';
import { db } from '../db';
import { apiError, post } from './projects';

/** The account's own workspace: "ada@example.com" → "ada's team" until renamed. */
export const workspaceOf = (caller: Account) => ({
  id: `ws-${caller.id}`,
  name: db.workspaceNames.get(`ws-${caller.id}`) ?? `${caller.email.split('@')[0]}'s team`,
  named: db.workspaceNames.has(`ws-${caller.id}`),
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
        workspace: {
          id,
          name,
          named: db.workspaceNames.has(id),
          logoUpdatedAt: db.workspaceLogos.get(id)?.updatedAt ?? null,
        },
        role: 'owner',
        members: [{ userId: caller.id, email: caller.email, name: caller.name, role: 'owner' }],
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
  post('/jira/renameWorkspace', (caller, body) => {
    const name = String(body.name ?? '').trim();
    if (!name) return apiError(400, 'Give the workspace a name.', 'BAD_REQUEST');
    db.workspaceNames.set(`ws-${caller.id}`, name);
    return HttpResponse.json({ status: 200, message: `The workspace is now called ${name}.` });
  }),
  post('/jira/setWorkspaceLogo', (caller, body) => {
    const image = String(body.image ?? '');
    // The server reads the type from the first bytes: a PNG's signature starts "iVBORw0KGgo" in base64.
    if (!image.startsWith('iVBORw0KGgo')) return apiError(400, 'The logo must be a PNG, JPEG or WebP image.');
    db.workspaceLogos.set(`ws-${caller.id}`, {
      dataUrl: `data:image/png;base64,${image}`,
      updatedAt: `2026-03-14T10:00:0${db.workspaceLogos.size}.000Z`,
    });
    return HttpResponse.json({ status: 200, message: 'The logo has been saved.' });
  }),
  post('/jira/removeWorkspaceLogo', (caller) => {
    if (!db.workspaceLogos.delete(`ws-${caller.id}`))
      return apiError(404, 'This workspace has no logo.', 'NOT_FOUND');
    return HttpResponse.json({ status: 200, message: 'The logo has been removed.' });
  }),
  post('/jira/getWorkspaceLogo', async (caller) => {
    const logo = db.workspaceLogos.get(`ws-${caller.id}`);
    if (!logo) return apiError(404, 'This workspace has no logo.', 'NOT_FOUND');
    const bytes = Uint8Array.from(atob(logo.dataUrl.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
    return new HttpResponse(bytes, {
      headers: { 'content-type': 'image/png', 'x-content-type-options': 'nosniff' },
    });
  }),
  post('/jira/getNotifications', (caller) => {
    const all = db.notifications.get(caller.id) ?? [];
    return HttpResponse.json({
      data: {
        // Marked seen as of the list's asOf: every item listed stays, none of them new.
        seenAt: all.some((item) => item.seen) ? '2026-03-14T12:00:00.000Z' : null,
        asOf: '2026-03-14T12:00:00.000Z',
        items: all.map(({ seen: _seen, ...item }) => item),
      },
    });
  }),
  post('/jira/markNotificationsSeen', (caller) => {
    for (const item of db.notifications.get(caller.id) ?? []) item.seen = true;
    return HttpResponse.json({ status: 200, message: 'Notifications marked as seen.' });
  }),
  post('/jira/removeMember', () =>
    apiError(409, 'A workspace needs an owner: make someone else an owner first.', 'CONFLICT'),
  ),
  // The invitation page's call, public: 'valid-token' invites an address without an account,
  // 'someone-elses' one with an account, 'used-token' was used; any other token is unknown.
  http.post('/jira/getInvitation', async ({ request }) => {
    const { token } = (await request.json()) as { token: string };
    db.requests.push('POST /jira/getInvitation');
    const invitation = (state: string, email: string, hasAccount: boolean) =>
      HttpResponse.json({
        data: {
          state,
          workspaceName: 'Acme Studio',
          inviterEmail: 'owner@example.com',
          inviterName: 'Olivia Owner',
          email,
          hasAccount,
        },
      });
    if (token === 'valid-token') return invitation('open', 'new@example.com', false);
    if (token === 'someone-elses') return invitation('open', 'bea@example.com', true);
    if (token === 'used-token') return invitation('used', 'bea@example.com', true);
    return HttpResponse.json({
      data: {
        state: 'unknown',
        workspaceName: null,
        inviterEmail: null,
        inviterName: null,
        email: null,
        hasAccount: false,
      },
    });
  }),
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
