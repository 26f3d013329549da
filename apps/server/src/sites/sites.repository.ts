// The tables tracker_sites and tracker_site_credentials: a workspace's added tracker sites, and each
// member's sealed credential for one.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, TrackerSitesTable } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SiteRow = Pick<TrackerSitesTable, 'name' | 'kind' | 'base_url'> & { id: string };

/** The row of the site `default`: the zero UUID, as projects_workspace_site_key counts a null site_id. */
const DEFAULT_SITE_ROW_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Writes the site `default` as this server is configured (JIRA_BASE_URL or the demo tracker) and returns
 * it: a row of no workspace, since every workspace has it.
 */
export async function saveDefaultSite(
  db: Executor,
  site: { kind: SiteRow['kind']; baseUrl: string },
): Promise<SiteRow> {
  return db
    .insertInto('tracker_sites')
    .values({
      id: DEFAULT_SITE_ROW_ID,
      workspace_id: null,
      name: 'default',
      kind: site.kind,
      base_url: site.baseUrl,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ kind: site.kind, base_url: site.baseUrl }))
    .returning(['id', 'name', 'kind', 'base_url'])
    .executeTakeFirstOrThrow();
}

/** Adds a site; undefined when the workspace has one of that name already. */
export async function insertSite(
  db: Executor,
  workspaceId: string,
  site: { name: string; kind: SiteRow['kind']; baseUrl: string },
): Promise<SiteRow | undefined> {
  return db
    .insertInto('tracker_sites')
    .values({ workspace_id: workspaceId, name: site.name, kind: site.kind, base_url: site.baseUrl })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'name', 'kind', 'base_url'])
    .executeTakeFirst();
}

/** The workspace's added sites, oldest first, with whether the user has a credential for each. */
export async function sitesOfWorkspace(db: Executor, workspaceId: string, userId: string) {
  return db
    .selectFrom('tracker_sites as s')
    .leftJoin('tracker_site_credentials as c', (join) =>
      join.onRef('c.site_id', '=', 's.id').on('c.user_id', '=', userId),
    )
    .select(['s.id', 's.name', 's.kind', 's.base_url', 'c.user_id as credential_of'])
    .where('s.workspace_id', '=', workspaceId)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}

/** The workspace's site with this id, if there is one (any other id, or another workspace's site: none). */
export async function findSite(
  db: Executor,
  workspaceId: string,
  siteId: string,
): Promise<SiteRow | undefined> {
  if (!UUID_RE.test(siteId)) return undefined;
  return db
    .selectFrom('tracker_sites')
    .select(['id', 'name', 'kind', 'base_url'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', siteId)
    .executeTakeFirst();
}

/** Removes a site no project uses: 'removed', 'used' (a project lives on it) or 'none' (no such site). */
export async function deleteUnusedSite(
  db: Executor,
  workspaceId: string,
  siteId: string,
): Promise<'removed' | 'used' | 'none'> {
  if (!UUID_RE.test(siteId)) return 'none';
  try {
    const { rows } = await sql<{ found: boolean; used: boolean; deleted: boolean }>`
      with target as (
        select id, exists (select 1 from projects where projects.site_id = tracker_sites.id) as used
        from tracker_sites where workspace_id = ${workspaceId} and id = ${siteId}
      ), deleted as (
        delete from tracker_sites where id in (select id from target where not used) returning id
      )
      select exists (select 1 from target) as found,
        coalesce((select used from target), false) as used,
        exists (select 1 from deleted) as deleted`.execute(db);
    const row = rows[0];
    if (!row?.found) return 'none';
    return row.deleted ? 'removed' : 'used';
  } catch (error) {
    // A project added to the site meanwhile: its foreign key keeps the site.
    if ((error as { code?: string }).code === '23503') return 'used';
    throw error;
  }
}

/** Stores (or replaces) the user's sealed credential for a site. */
export async function upsertCredential(
  db: Executor,
  row: { siteId: string; userId: string; email: string | null; tokenEncrypted: string },
): Promise<void> {
  await db
    .insertInto('tracker_site_credentials')
    .values({
      site_id: row.siteId,
      user_id: row.userId,
      email: row.email,
      token_encrypted: row.tokenEncrypted,
    })
    .onConflict((oc) =>
      oc.columns(['site_id', 'user_id']).doUpdateSet((eb) => ({
        email: eb.ref('excluded.email'),
        token_encrypted: eb.ref('excluded.token_encrypted'),
        updated_at: new Date(),
      })),
    )
    .execute();
}

/** The user's sealed credential for a site, if they have one. */
export async function findCredential(db: Executor, siteId: string, userId: string) {
  return db
    .selectFrom('tracker_site_credentials')
    .select(['email', 'token_encrypted'])
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
