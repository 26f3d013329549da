// The Sites screen's calls on a workspace's tracker sites and the members' credentials for them. A site
// in use (its tracker, a member's opened credential) is `app.sites` (sites.service.ts).
import type { Db } from '../db/database.ts';
import { deleteUnusedSite, insertSite, sitesOfWorkspace, upsertCredential } from './sites.repository.ts';

/** Adds the site (checked by the caller); undefined when the workspace has one by that name. */
export function addSite(db: Db, workspaceId: string, site: Parameters<typeof insertSite>[2]) {
  return insertSite(db, workspaceId, site);
}

/** The workspace's added sites, each with whether the member has a credential for it. */
export function sitesWithCredentials(db: Db, workspaceId: string, userId: string) {
  return sitesOfWorkspace(db, workspaceId, userId);
}

/** Removes a site no project uses: 'removed', 'used' (a project lives on it) or 'none'. */
export function removeUnusedSite(db: Db, workspaceId: string, siteId: string) {
  return deleteUnusedSite(db, workspaceId, siteId);
}

/** Stores the member's credential for the site (sealed by the caller), replacing one they had. */
export function storeSiteCredential(db: Db, credential: Parameters<typeof upsertCredential>[1]) {
  return upsertCredential(db, credential);
}
