import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// Of the sends, the project list shows only each project's last auto-send that went out (lastSentAt), so
// only a change to such a send moves the workspace's list version. Before, every write to a send did: a
// manual send's claim, take-over and confirmation each ran the trigger's extra UPDATE of the workspace
// row, and every send of a workspace queued on that row's lock until it committed.
// A trigger's WHEN may not read OLD on INSERT nor NEW on DELETE, hence one trigger per event.
const AUTO_SENT = (row: 'new' | 'old') => sql.raw(`(${row}.trigger = 'auto' and ${row}.status = 'sent')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger sends_bump_version on sends`.execute(db);
  await sql`
    create trigger sends_bump_version_insert after insert on sends
      for each row when ${AUTO_SENT('new')} execute function bump_projects_version_of_send()`.execute(db);
  await sql`
    create trigger sends_bump_version_update after update on sends
      for each row when (${AUTO_SENT('new')} or ${AUTO_SENT('old')})
      execute function bump_projects_version_of_send()`.execute(db);
  await sql`
    create trigger sends_bump_version_delete after delete on sends
      for each row when ${AUTO_SENT('old')} execute function bump_projects_version_of_send()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger sends_bump_version_delete on sends`.execute(db);
  await sql`drop trigger sends_bump_version_update on sends`.execute(db);
  await sql`drop trigger sends_bump_version_insert on sends`.execute(db);
  await sql`
    create trigger sends_bump_version after insert or update or delete on sends
      for each row execute function bump_projects_version_of_send()`.execute(db);
}
