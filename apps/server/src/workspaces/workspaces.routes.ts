// The team calls: the caller's workspaces and the switch, the current workspace's members and
// invitations, roles, removing a member (or leaving), and joining by an invitation link.

import { comparableEmail } from '@handoff/core';
import {
  invitationAnswer,
  invitationBody,
  inviteMemberBody,
  joinWorkspaceAnswer,
  joinWorkspaceBody,
  removeMemberBody,
  revokeInvitationBody,
  setMemberRoleBody,
  switchWorkspaceBody,
  teamAnswer,
  teamChangeAnswer,
  userIdBody,
  workspacesAnswer,
} from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RateLimiter } from '../common/rate-limiter.ts';
import { assertInvitationAllowed, sendInvitation } from './invitations.ts';
import { workspaceBrandRoutes } from './workspace-brand.routes.ts';
import type { OnMemberLeaves } from './workspaces.service.ts';
import {
  acceptInvite,
  assertOwner,
  describeInvite,
  listTeam,
  listWorkspaces,
  removeMember,
  revokeInvite,
  setMemberRole,
  switchWorkspace,
} from './workspaces.service.ts';

const tags = ['team'];

/** The app with the product API's schemas as types. */
export type App = ReturnType<typeof withSchemas>;

function withSchemas(instance: FastifyInstance) {
  return instance.withTypeProvider<ZodTypeProvider>();
}

export async function workspacesRoutes(
  instance: FastifyInstance,
  { onMemberLeaves }: { onMemberLeaves: OnMemberLeaves },
): Promise<void> {
  const app = withSchemas(instance);
  ownWorkspacesRoutes(app);
  teamRoutes(app, onMemberLeaves);
  invitationRoutes(app);
  joinRoutes(app);
  workspaceBrandRoutes(app);
}

/** The caller's own workspaces: the list, and the switch of the current one. */
function ownWorkspacesRoutes(app: App): void {
  app.post(
    '/jira/getWorkspaces',
    {
      config: { workspace: false },
      schema: {
        tags,
        description:
          'The workspaces the caller belongs to, and the current one (the calls that name none act in it).',
        body: userIdBody,
        response: { 200: workspacesAnswer },
      },
    },
    async (request) => ({ data: await workspacesOf(app, request.productUser.id) }),
  );

  app.post(
    '/jira/switchWorkspace',
    {
      config: { workspace: false },
      schema: {
        tags,
        description: 'Makes a workspace the caller belongs to their current one (404 otherwise).',
        body: switchWorkspaceBody,
        response: { 200: workspacesAnswer },
      },
    },
    async (request) => {
      await switchWorkspace(app.db, request.productUser.id, request.body.workspaceId);
      return { data: await workspacesOf(app, request.productUser.id) };
    },
  );
}

/** The current workspace's team: members and invitations, inviting, removing (or leaving), roles. */
function teamRoutes(app: App, onMemberLeaves: OnMemberLeaves): void {
  app.post(
    '/jira/getTeam',
    {
      schema: {
        tags,
        description: "The workspace's members with their roles, and its open invitations.",
        body: userIdBody,
        response: { 200: teamAnswer },
      },
    },
    async (request) => {
      const { workspace, members, invites } = await listTeam(
        app.db,
        request.membership.workspaceId,
        new Date(),
      );
      return {
        data: {
          workspace: {
            id: workspace.id,
            name: workspace.name,
            named: workspace.named,
            logoUpdatedAt: workspace.logo_updated_at?.toISOString() ?? null,
          },
          role: request.membership.role,
          members: members.map((member) => ({
            userId: member.id,
            email: member.email,
            name: member.display_name,
            role: member.role,
          })),
          invites: invites.map((invite) => ({
            id: invite.id,
            email: invite.email,
            expiresAt: invite.expires_at.toISOString(),
          })),
        },
      };
    },
  );

  app.post(
    '/jira/removeMember',
    {
      schema: {
        tags,
        description:
          'Removes a member from the workspace (owners), or leaves it (anyone, naming themselves). The last owner ' +
          "can't leave (409). Auto-send running on the member's Jira token stops, with the reason on the list.",
        body: removeMemberBody,
        response: { 200: teamChangeAnswer },
      },
    },
    async (request) => {
      const leaving = request.body.memberId === request.productUser.id;
      if (!leaving) assertOwner(request.membership);
      await removeMember(app.db, request.membership.workspaceId, request.body.memberId, onMemberLeaves, {
        leaving,
      });
      return {
        status: 200 as const,
        message: leaving ? 'You have left the workspace.' : 'The member has been removed.',
      };
    },
  );

  app.post(
    '/jira/setMemberRole',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description:
          "Makes a member an owner, or an owner a member (owners only); the last owner can't be demoted (409).",
        body: setMemberRoleBody,
        response: { 200: teamChangeAnswer },
      },
    },
    async (request) => {
      const { memberId, role } = request.body;
      await setMemberRole(app.db, request.membership.workspaceId, memberId, role);
      return {
        status: 200 as const,
        message: `The member is now ${role === 'owner' ? 'an owner' : 'a member'}.`,
      };
    },
  );
}

/** Inviting (at most 50 invitations per workspace per hour) and revoking an open invitation (owners). */
function invitationRoutes(app: App): void {
  const limiter = new RateLimiter(app.db, Date.now);
  app.post(
    '/jira/inviteMember',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description:
          'E-mails an invitation to join the workspace (owners only): a link valid for 7 days, once, for that address. ' +
          'At most 50 invitations per workspace per hour (429 with Retry-After).',
        body: inviteMemberBody,
        response: { 200: teamChangeAnswer },
      },
    },
    async (request) => {
      await assertInvitationAllowed(limiter, request.membership.workspaceId);
      const email = comparableEmail(request.body.email);
      await sendInvitation(app, {
        workspaceId: request.membership.workspaceId,
        inviter: request.productUser,
        email,
      });
      return { status: 200 as const, message: `An invitation has been sent to ${email}.` };
    },
  );

  app.post(
    '/jira/revokeInvitation',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description:
          'Revokes an open invitation of the workspace (owners only): its link then answers as a used one (410). ' +
          '404 for an invitation that is not open in this workspace.',
        body: revokeInvitationBody,
        response: { 200: teamChangeAnswer },
      },
    },
    async (request) => {
      await revokeInvite(app.db, request.membership.workspaceId, request.body.inviteId, new Date());
      return { status: 200 as const, message: 'The invitation has been revoked.' };
    },
  );
}

/** Joining a workspace by an invitation link, and what its page says before that. */
function joinRoutes(app: App): void {
  app.post(
    '/jira/getInvitation',
    {
      config: { public: true },
      schema: {
        tags,
        description:
          "The invitation page's details of a link (no account needed): open, used, expired or unknown; the " +
          'workspace, who invited which address, and whether an account uses it (sign in, else register).',
        body: invitationBody,
        response: { 200: invitationAnswer },
      },
    },
    async (request) => ({ data: await describeInvite(app.db, request.body.token, new Date()) }),
  );

  app.post(
    '/jira/joinWorkspace',
    {
      config: { workspace: false },
      schema: {
        tags,
        description:
          'Joins the workspace of an invitation link and makes it current. Only the invited e-mail may (403; the ' +
          'link stays valid); a used (410), expired (410) or unknown (404) link is refused.',
        body: joinWorkspaceBody,
        response: { 200: joinWorkspaceAnswer },
      },
    },
    async (request) => {
      const user = request.productUser;
      const joined = await acceptInvite(
        app.db,
        { id: user.id, emails: [user.email, request.user?.email ?? ''] },
        request.body.token,
        new Date(),
      );
      return {
        status: 200 as const,
        message: `You have joined the workspace ${joined.name}.`,
        data: joined,
      };
    },
  );
}

/** The caller's workspaces as the calls answer them. */
async function workspacesOf(app: App, userId: string) {
  const { current, workspaces } = await listWorkspaces(app.db, userId);
  return {
    current,
    workspaces: workspaces.map(({ id, name, named, role }) => ({ id, name, named, role })),
  };
}
