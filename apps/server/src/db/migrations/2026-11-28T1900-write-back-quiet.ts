import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// Write-back waits for a verdict to stay unchanged (WRITE_BACK_QUIET_SECONDS) and writes only the latest:
// an earlier verdict of the story is `superseded`, never written. The owner's Failed e-mail of a notice
// is held for 10 minutes after the last one: when that went out, and up to which verdict it told.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table review_verdicts drop constraint review_verdicts_write_back_check`.execute(db);
  await sql`alter table review_verdicts add constraint review_verdicts_write_back_check
    check (write_back in ('pending', 'written', 'refused', 'superseded'))`.execute(db);
  await sql`alter table review_links
    add column failed_mail_sent_at timestamptz,
    add column failed_mail_covered_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table review_links drop column failed_mail_sent_at, drop column failed_mail_covered_until`.execute(
    db,
  );
  await sql`update review_verdicts set write_back = 'refused' where write_back = 'superseded'`.execute(db);
  await sql`alter table review_verdicts drop constraint review_verdicts_write_back_check`.execute(db);
  await sql`alter table review_verdicts add constraint review_verdicts_write_back_check
    check (write_back in ('pending', 'written', 'refused'))`.execute(db);
}
