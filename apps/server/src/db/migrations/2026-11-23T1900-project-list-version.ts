import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// users.projects_version changes with every write to the user's projects or their sends, in the same
// transaction (triggers), so any server process can tell with one primary-key read whether a project
// list it answered earlier is still current.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('projects_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    create function bump_projects_version_of_project() returns trigger language plpgsql as $$
    begin
      update users set projects_version = projects_version + 1
        where id in (new.user_id, old.user_id);
      return null;
    end $$`.execute(db);
  await sql`
    create function bump_projects_version_of_send() returns trigger language plpgsql as $$
    begin
      update users set projects_version = projects_version + 1
        where id in (select user_id from projects where id in (new.project_id, old.project_id));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger projects_bump_version after insert or update or delete on projects
      for each row execute function bump_projects_version_of_project()`.execute(db);
  await sql`
    create trigger sends_bump_version after insert or update or delete on sends
      for each row execute function bump_projects_version_of_send()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger sends_bump_version on sends`.execute(db);
  await sql`drop trigger projects_bump_version on projects`.execute(db);
  await sql`drop function bump_projects_version_of_send()`.execute(db);
  await sql`drop function bump_projects_version_of_project()`.execute(db);
  await db.schema.alterTable('users').dropColumn('projects_version').execute();
}
