import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';

export interface Caller {
  idToken: string;
  userId: string;
}

/** A product call as the caller, with an optional X-Workspace-Id. */
export function callAs(
  app: FastifyInstance,
  caller: Caller,
  url: string,
  body: object,
  workspaceId?: string,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${caller.idToken}`,
      ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}),
    },
    payload: body,
  });
}

/** The token of the newest invitation e-mailed to `email`, read from the outbox (no SMTP in tests). */
export async function invitationToken(db: Db, email: string): Promise<string> {
  const row = await db
    .selectFrom('mail_messages')
    .select('text_body')
    .where('purpose', '=', 'workspace-invite')
    .where((eb) => eb(eb.val(email.toLowerCase()), '=', eb.fn.any('to_addresses')))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const token = row && /\/join\/([\w-]+)/.exec(row.text_body)?.[1];
  if (!token) throw new Error(`no invitation e-mail to ${email}`);
  return token;
}

/** The owner invites `member` (by e-mail) into the owner's current workspace; the member joins. */
export async function inviteAndJoin(
  app: FastifyInstance,
  owner: Caller,
  member: Caller & { email: string },
): Promise<void> {
  const invited = await callAs(app, owner, '/jira/inviteMember', {
    userId: owner.userId,
    email: member.email,
  });
  if (invited.statusCode !== 200) throw new Error(`inviteMember failed: ${invited.body}`);
  const token = await invitationToken(app.db, member.email);
  const joined = await callAs(app, member, '/jira/joinWorkspace', { userId: member.userId, token });
  if (joined.statusCode !== 200) throw new Error(`joinWorkspace failed: ${joined.body}`);
}
