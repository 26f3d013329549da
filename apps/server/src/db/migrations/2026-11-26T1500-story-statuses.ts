import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// The review status screen's answer, kept per story: `story_statuses` holds each sent story's entry as
// JSON text, rebuilt only for the stories marked stale in `story_status_stale`. Triggers mark a story in
// the transaction of every write its entry depends on (its notices, their review links, its verdicts,
// its re-test offers), so no code path can forget to. The marks have no foreign key: a project's
// deletion cascades to its sends, whose trigger marks its stories while the project row is gone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('story_statuses')
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('issue_key', 'text', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('awaiting_client', 'boolean', (c) => c.notNull())
    .addColumn('answer_by', 'date')
    .addPrimaryKeyConstraint('story_statuses_pkey', ['project_id', 'issue_key'])
    .execute();
  await db.schema
    .createTable('story_status_stale')
    .addColumn('project_id', 'uuid', (c) => c.notNull())
    .addColumn('issue_key', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('story_status_stale_project')
    .on('story_status_stale')
    .column('project_id')
    .execute();

  await sql`
    create function mark_story_status_of_send() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.status in ('sent', 'unconfirmed') then
        insert into story_status_stale select old.project_id, unnest(old.issue_keys);
      end if;
      if tg_op <> 'DELETE' and new.status in ('sent', 'unconfirmed') then
        insert into story_status_stale select new.project_id, unnest(new.issue_keys);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function mark_story_status_of_link() returns trigger language plpgsql as $$
    begin
      insert into story_status_stale
        select s.project_id, unnest(s.issue_keys) from sends s
         where s.id in (new.send_id, old.send_id) and s.status in ('sent', 'unconfirmed');
      return null;
    end $$`.execute(db);
  await sql`
    create function mark_story_status_of_verdict() returns trigger language plpgsql as $$
    begin
      insert into story_status_stale
        select s.project_id, v.issue_key
          from (values (new.link_id, new.issue_key), (old.link_id, old.issue_key)) as v(link_id, issue_key)
          join review_links l on l.id = v.link_id
          join sends s on s.id = l.send_id;
      return null;
    end $$`.execute(db);
  await sql`
    create function mark_story_status_of_offer() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        insert into story_status_stale values (old.project_id, old.issue_key);
      end if;
      if tg_op <> 'DELETE' then
        insert into story_status_stale values (new.project_id, new.issue_key);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sends_mark_story_status
      after insert or delete or update of project_id, status, issue_keys, created_at, finished_at on sends
      for each row execute function mark_story_status_of_send()`.execute(db);
  await sql`
    create trigger review_links_mark_story_status
      after insert or delete or update of send_id, stories, signed_off_at, answer_by on review_links
      for each row execute function mark_story_status_of_link()`.execute(db);
  await sql`
    create trigger review_verdicts_mark_story_status
      after insert or delete or update of link_id, issue_key, verdict, comment, reviewer, created_at
      on review_verdicts for each row execute function mark_story_status_of_verdict()`.execute(db);
  await sql`
    create trigger retest_offers_mark_story_status
      after insert or delete or update of project_id, issue_key, used_at on retest_offers
      for each row execute function mark_story_status_of_offer()`.execute(db);

  // Every story already sent is built on its project's next read.
  await sql`
    insert into story_status_stale
      select distinct project_id, unnest(issue_keys) from sends where status in ('sent', 'unconfirmed')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger retest_offers_mark_story_status on retest_offers`.execute(db);
  await sql`drop trigger review_verdicts_mark_story_status on review_verdicts`.execute(db);
  await sql`drop trigger review_links_mark_story_status on review_links`.execute(db);
  await sql`drop trigger sends_mark_story_status on sends`.execute(db);
  await sql`drop function mark_story_status_of_offer()`.execute(db);
  await sql`drop function mark_story_status_of_verdict()`.execute(db);
  await sql`drop function mark_story_status_of_link()`.execute(db);
  await sql`drop function mark_story_status_of_send()`.execute(db);
  await db.schema.dropTable('story_status_stale').execute();
  await db.schema.dropTable('story_statuses').execute();
}
