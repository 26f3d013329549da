// Inviting someone to a workspace by e-mail: the invitation is recorded, then its link is e-mailed; if
// the e-mail can't be sent, the invitation is withdrawn.
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../common/rate-limiter.ts';
import { AppError } from '../errors.ts';
import { describeDeliveryFailure } from '../mail/mailer.ts';
import { sendInvitationEmail } from '../messages/account-mail.ts';
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
  try {
    await sendInvitationEmail(app.mailer, {
      inviter: inviter.email,
      workspace: workspace.name,
      email,
      link: `${app.config.publicUrl}/join/${token}`,
      storedLink: `${app.config.publicUrl}/join/[sent]`,
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
