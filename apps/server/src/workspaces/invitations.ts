// Inviting someone to a workspace by e-mail: the invitation is recorded, then its link is e-mailed; if
// the e-mail can't be sent, the invitation is withdrawn.
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../common/rate-limiter.ts';
import { AppError } from '../errors.ts';
import { describeDeliveryFailure } from '../mail/mailer.ts';
import { deleteInvitesSince } from './invites.repository.ts';
import { createInvite, listTeam } from './workspaces.service.ts';

/** At most this many invitations per workspace per hour: a team grows by a few, a spammer by thousands. */
const INVITES_PER_HOUR = 50;

/** Counts one invitation of the workspace's; over the limit, 429 with Retry-After. */
export async function assertInvitationAllowed(limiter: RateLimiter, workspaceId: string): Promise<void> {
  const [result] = await limiter.hit([
    { key: `invite:workspace:${workspaceId}`, rule: { max: INVITES_PER_HOUR, windowMs: 60 * 60_000 } },
  ]);
  if (result && !result.allowed) {
    throw new AppError(
      429,
      'TOO_MANY_INVITATIONS',
      `This workspace has sent the limit of ${INVITES_PER_HOUR} invitations this hour. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`,
      { 'retry-after': String(result.retryAfterSeconds) },
    );
  }
}

/** Invites `email` (as comparableEmail writes it) to the workspace; 502 when the e-mail could not be sent. */
export async function sendInvitation(
  app: FastifyInstance,
  invitation: { workspaceId: string; inviter: { id: string; email: string }; email: string },
): Promise<void> {
  const { workspaceId, inviter, email } = invitation;
  const now = new Date();
  const token = await createInvite(app.db, {
    workspaceId,
    email,
    invitedBy: inviter.id,
    now,
  });
  const { workspace } = await listTeam(app.db, workspaceId, now);
  const message = invitationEmail({
    inviter: inviter.email,
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
              inviter: inviter.email,
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
}

/** The invitation e-mail: who invites, to which workspace, the link, and what to do without an account. */
function invitationEmail(values: { inviter: string; workspace: string; email: string; link: string }) {
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
