import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// A change of a review link (its stories kept by the job, a sign-off) marks its notice's stories stale
// whatever state the notice is in. The first version marked them only while the notice was sent or
// unconfirmed, as the trigger's statement saw it: a link's stories kept while its e-mail was still being
// handed over marked nothing, and when the hand-over committed first, a read between the two commits built
// the entries without the summaries and nothing marked them again (found by the ledger model test on
// PostgreSQL). A mark for a notice not yet sent is harmless: the build reads sent notices only. Every sent
// story is marked once, so entries built that way are built again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function mark_story_status_of_link() returns trigger language plpgsql as $$
    begin
      insert into story_status_stale
        select s.project_id, unnest(s.issue_keys) from sends s where s.id in (new.send_id, old.send_id);
      return null;
    end $$`.execute(db);
  await sql`
    insert into story_status_stale
      select distinct project_id, unnest(issue_keys) from sends where status in ('sent', 'unconfirmed')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function mark_story_status_of_link() returns trigger language plpgsql as $$
    begin
      insert into story_status_stale
        select s.project_id, unnest(s.issue_keys) from sends s
         where s.id in (new.send_id, old.send_id) and s.status in ('sent', 'unconfirmed');
      return null;
    end $$`.execute(db);
}
