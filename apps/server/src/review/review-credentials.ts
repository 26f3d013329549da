// Whose Jira credential a review job uses (main README, "Whose Jira token writes"): the notice's sender
// while a member, for reading its stories and writing its verdicts back (auto-send: the member who
// switched it on); when they have left or have no credential, an owner's, and the history says whose.
// Always for the project's own site; sites/ opens the credentials.

import type { Db } from '../db/database.ts';
import type { SiteDirectory } from '../sites/sites.service.ts';
import { ownersWithJiraTokens } from '../workspaces/workspaces.repository.ts';

interface CredentialDeps {
  db: Db;
  sites: Pick<SiteDirectory, 'credential'>;
}

/** The project's site as the credential lookup names it (null: `default`). */
const siteRef = (siteId: string | null) => ({ id: siteId ?? 'default' });

/** The member's credential for the site, while they belong to the workspace and have one that opens. */
export async function memberCredentials(
  deps: CredentialDeps,
  workspaceId: string,
  userId: string | null,
  siteId: string | null = null,
) {
  return deps.sites.credential(workspaceId, siteRef(siteId), userId);
}

/**
 * An owner's credential for the project's site: `first` while they are an owner of the workspace with
 * one, else the longest-standing other owner with one.
 */
export async function ownerCredentials(
  deps: CredentialDeps,
  workspaceId: string,
  first: string | null,
  siteId: string | null = null,
) {
  for (const owner of await ownersWithJiraTokens(deps.db, workspaceId, first)) {
    const credentials = await deps.sites.credential(workspaceId, siteRef(siteId), owner.id);
    if (credentials) return credentials;
  }
  return undefined;
}

/**
 * Whose credential writes a verdict back: the notice's sender (auto-send: the member who switched it
 * on) while a member with one, so Jira shows who really asked; else the longest-standing owner with
 * one. `writtenAs` says whose, for the history.
 */
export async function writerCredentials(
  deps: CredentialDeps,
  notice: { workspaceId: string; trigger: 'manual' | 'auto'; senderId: string | null; siteId: string | null },
) {
  const sender = await memberCredentials(deps, notice.workspaceId, notice.senderId, notice.siteId);
  if (sender) return { ...sender, writtenAs: sender.email };
  // The sender, if still an owner, was tried above; the others in the order they joined.
  const owner = await ownerCredentials(deps, notice.workspaceId, notice.senderId, notice.siteId);
  if (!owner) return undefined;
  const who = notice.trigger === 'auto' ? 'the member who switched auto-send on' : "the notice's sender";
  return {
    ...owner,
    writtenAs: `${owner.email} (an owner: ${who} has left the workspace or has no token for the site)`,
  };
}
