import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// A site's kind is one of packages/core's registry of tracker kinds, checked by the server when a site is
// added: the database no longer lists the kinds itself, so adding a kind needs no migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tracker_sites drop constraint if exists tracker_sites_kind_check`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from tracker_sites where kind not in ('jira-cloud', 'jira-datacenter')`.execute(db);
  await sql`alter table tracker_sites add constraint tracker_sites_kind_check
    check (kind in ('jira-cloud', 'jira-datacenter'))`.execute(db);
}
