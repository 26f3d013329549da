import type { Db } from '../db/database.ts';

/** A project's send history, newest first, with the e-mail of the member who sent each by hand. */
export async function listSends(db: Db, projectId: string, limit = 100) {
  return (
    db
      .selectFrom('sends')
      .leftJoin('users', 'users.id', 'sends.sent_by_user_id')
      // A message kept in the outbox (no mail server) is shown as kept: without SMTP its copy holds the
      // notice's review link, which is how the demo is followed.
      .leftJoin('mail_messages as outbox', (join) =>
        join.onRef('outbox.id', '=', 'sends.mail_message_id').on('sends.delivered', '=', false),
      )
      .select([
        'users.email as sent_by',
        'sends.id',
        'sends.trigger',
        'sends.status',
        'sends.issue_keys',
        'sends.to_addresses',
        'sends.cc_addresses',
        'sends.subject',
        'sends.text_body',
        'outbox.text_body as outbox_text',
        'sends.attachment_name',
        'sends.attachment_size',
        'sends.delivered',
        'sends.error',
        'sends.created_at',
        'sends.finished_at',
      ])
      .where('sends.project_id', '=', projectId)
      .where('sends.status', '!=', 'pending')
      .orderBy('sends.created_at', 'desc')
      .limit(limit)
      .execute()
  );
}
