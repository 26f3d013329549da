import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// A site's kind is one of packages/core's registry of tracker kinds, checked by the server when a site is
// added: the database no longer lists the kinds itself, so adding a kind needs no migration. The site
// `default` (JIRA_BASE_URL or the demo tracker) becomes a row the server writes at start-up, with the zero
// UUID as its id (the one projects_workspace_site_key counts a null site_id as) and no workspace: it is
// every workspace's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tracker_sites drop constraint if exists tracker_sites_kind_check`.execute(db);
  await sql`alter table tracker_sites alter column workspace_id drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from tracker_sites where workspace_id is null`.execute(db);
  await sql`alter table tracker_sites alter column workspace_id set not null`.execute(db);
  await sql`delete from tracker_sites where kind not in ('jira-cloud', 'jira-datacenter')`.execute(db);
  await sql`alter table tracker_sites add constraint tracker_sites_kind_check
    check (kind in ('jira-cloud', 'jira-datacenter'))`.execute(db);
}
