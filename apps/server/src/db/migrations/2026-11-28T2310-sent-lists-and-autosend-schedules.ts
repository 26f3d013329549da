import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// Each module keeps its own state: the ledger's sent list (sent_lists) and auto-send's bookkeeping
// (autosend_schedules) leave the projects row, with what they hold. A row of each belongs to one project
// and goes with it. The ledger locks a project's sent_lists row (SELECT … FOR UPDATE) where it locked the
// project row; auto-send claims its due rows with SKIP LOCKED as it claimed projects. Both tables show on
// the project list, so a write to them moves the workspace's list version like a write to projects did
// (bump_projects_version_of_send reads the row's project_id, as it does for sends).
// The old columns are dropped here: a server older than this migration must not run beside a newer one
// (its claims would lock another row than the newer server's).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sent_lists (
      project_id uuid primary key references projects(id) on delete cascade,
      issue_keys text[] not null default '{}'
    )`.execute(db);
  await sql`insert into sent_lists (project_id, issue_keys) select id, sent_issue_keys from projects`.execute(
    db,
  );
  await sql`
    create table autosend_schedules (
      project_id uuid primary key references projects(id) on delete cascade,
      switched_on boolean not null default false,
      switched_on_by uuid references users(id) on delete set null,
      next_run_at timestamptz,
      last_run_at timestamptz,
      last_error text
    )`.execute(db);
  await sql`
    insert into autosend_schedules
      (project_id, switched_on, switched_on_by, next_run_at, last_run_at, last_error)
    select id, autosend, autosend_user_id, autosend_next_run_at, autosend_last_run_at, autosend_last_error
    from projects
    where autosend or autosend_last_run_at is not null or autosend_last_error is not null`.execute(db);
  await sql`create index autosend_schedules_due on autosend_schedules (next_run_at) where switched_on`.execute(
    db,
  );
  // A list's row is made empty by the ledger's first lock of it (a call that may change nothing): the
  // project answer shows no change until it holds a key.
  await sql`
    create trigger sent_lists_bump_version_insert after insert on sent_lists
      for each row when (new.issue_keys <> '{}') execute function bump_projects_version_of_send()`.execute(
    db,
  );
  await sql`
    create trigger sent_lists_bump_version_change after update or delete on sent_lists
      for each row execute function bump_projects_version_of_send()`.execute(db);
  await sql`
    create trigger autosend_schedules_bump_version after insert or update or delete on autosend_schedules
      for each row execute function bump_projects_version_of_send()`.execute(db);
  await sql`drop index projects_autosend_due`.execute(db);
  await sql`
    alter table projects
      drop column sent_issue_keys,
      drop column autosend,
      drop column autosend_user_id,
      drop column autosend_next_run_at,
      drop column autosend_last_run_at,
      drop column autosend_last_error`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table projects
      add column sent_issue_keys text[] not null default '{}',
      add column autosend boolean not null default false,
      add column autosend_user_id uuid references users(id) on delete set null,
      add column autosend_next_run_at timestamptz,
      add column autosend_last_run_at timestamptz,
      add column autosend_last_error text`.execute(db);
  await sql`
    update projects set sent_issue_keys = sent_lists.issue_keys
    from sent_lists where sent_lists.project_id = projects.id`.execute(db);
  await sql`
    update projects set autosend = s.switched_on, autosend_user_id = s.switched_on_by,
      autosend_next_run_at = s.next_run_at, autosend_last_run_at = s.last_run_at,
      autosend_last_error = s.last_error
    from autosend_schedules as s where s.project_id = projects.id`.execute(db);
  await sql`create index projects_autosend_due on projects (autosend_next_run_at) where autosend = true`.execute(
    db,
  );
  await sql`drop table autosend_schedules`.execute(db);
  await sql`drop table sent_lists`.execute(db);
}
