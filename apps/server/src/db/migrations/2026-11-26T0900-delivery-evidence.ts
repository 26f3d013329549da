import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// What the mail server answered for each recipient of a send (accepted, or refused with its reply), and
// whose Jira token wrote each verdict back. Both only added: an older server still running ignores them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sends add column recipient_answers jsonb`.execute(db);
  await sql`alter table review_verdicts add column written_as text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table review_verdicts drop column written_as`.execute(db);
  await sql`alter table sends drop column recipient_answers`.execute(db);
}
