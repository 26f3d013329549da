// The team calls: the caller's workspaces and the switch, the current workspace's members and
// invitations, roles, removing a member (or leaving), and joining by an invitation link.
import {
  inviteMemberBody,
  joinWorkspaceAnswer,
  joinWorkspaceBody,
  removeMemberBody,
  setMemberRoleBody,
  switchWorkspaceBody,
  teamAnswer,
  teamChangeAnswer,
  userIdBody,
  workspacesAnswer,
} from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { describeDeliveryFailure } from '../mail/mailer.ts';
import { deleteInvitesSince } from './invites.repository.ts';
import {
  acceptInvite,
  assertOwner,
  createInvite,
  listTeam,
  listWorkspaces,
  removeMember,
  setMemberRole,
  switchWorkspace,
} from './workspaces.service.ts';

const tags = ['team'];

export async function workspacesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  const workspacesOf = async (userId: string) => {
    const { current, workspaces } = await listWorkspaces(app.db, userId);
    return { current, workspaces: workspaces.map(({ id, name, role }) => ({ id, name, role })) };
  };

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
    async (request) => ({ data: await workspacesOf(request.productUser.id) }),
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
      return { data: await workspacesOf(request.productUser.id) };
    },
  );

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
          workspace,
          role: request.membership.role,
          members: members.map((member) => ({ userId: member.id, email: member.email, role: member.role })),
          invites: invites.map((invite) => ({
            email: invite.email,
            expiresAt: invite.expires_at.toISOString(),
          })),
        },
      };
    },
  );

  app.post(
    '/jira/inviteMember',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description:
          'E-mails an invitation to join the workspace (owners only): a link valid for 7 days, once, for that address.',
        body: inviteMemberBody,
        response: { 200: teamChangeAnswer },
      },
    },
    async (request) => {
      const { workspaceId } = request.membership;
      const email = request.body.email.toLowerCase();
      const now = new Date();
      const token = await createInvite(app.db, {
        workspaceId,
        email,
        invitedBy: request.productUser.id,
        now,
      });
      const { workspace } = await listTeam(app.db, workspaceId, now);
      const message = invitationEmail({
        inviter: request.productUser.email,
        workspace: workspace.name,
        email,
        link: `${app.config.publicUrl}/join/${token}`,
      });
      try {
        await app.mailer.sendMail({
          purpose: 'workspace-invite',
          to: [email],
          subject: message.subject,
          text: message.text,
          // With SMTP the stored copy keeps no usable link; without it the outbox is how the link is handed on.
          ...(app.mailer.smtpConfigured
            ? {
                storedText: invitationEmail({
                  inviter: request.productUser.email,
                  workspace: workspace.name,
                  email,
                  link: `${app.config.publicUrl}/join/[sent]`,
                }).text,
              }
            : {}),
        });
      } catch (error) {
        await deleteInvitesSince(app.db, { workspaceId, email, since: now });
        throw new AppError(
          502,
          'MAIL_NOT_SENT',
          `The invitation could not be sent (${describeDeliveryFailure(error)}). Try again.`,
        );
      }
      return { status: 200 as const, message: `An invitation has been sent to ${email}.` };
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
      await removeMember(app.db, request.membership.workspaceId, request.body.memberId, { leaving });
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

/** The invitation e-mail: who invites, to which workspace, the link, and what to do without an account. */
export function invitationEmail(values: { inviter: string; workspace: string; email: string; link: string }) {
  return {
    subject: `You are invited to the Handoff workspace ${values.workspace}`,
    text: [
      `${values.inviter} invites you to join the workspace "${values.workspace}" on Handoff.`,
      '',
      `Open this link to join (it works once, for ${values.email}, within 7 days):`,
      values.link,
      '',
      `No Handoff account yet? The link lets you register with ${values.email} first.`,
    ].join('\n'),
  };
}
