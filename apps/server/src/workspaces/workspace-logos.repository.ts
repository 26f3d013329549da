// A workspace's name and logo (`workspaces.name`, `workspace_logos`): what its clients see on the review page.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database>;
export type LogoType = Database['workspace_logos']['content_type'];

export async function updateWorkspaceName(db: Executor, workspaceId: string, name: string): Promise<void> {
  await db.updateTable('workspaces').set({ name, named: true }).where('id', '=', workspaceId).execute();
}

export async function upsertLogo(
  db: Executor,
  logo: { workspaceId: string; contentType: LogoType; image: Buffer; now: Date },
): Promise<void> {
  const values = { content_type: logo.contentType, image: logo.image, updated_at: logo.now };
  await db
    .insertInto('workspace_logos')
    .values({ workspace_id: logo.workspaceId, ...values })
    .onConflict((oc) => oc.column('workspace_id').doUpdateSet(values))
    .execute();
}

export async function deleteLogo(db: Executor, workspaceId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('workspace_logos')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function findLogo(db: Executor, workspaceId: string) {
  return db
    .selectFrom('workspace_logos')
    .select(['content_type', 'image', 'updated_at'])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}
