// Which site a project or a call names, which tracker serves it, and the acting member's credential for it
// (main README, "Jira sites"). This is the one place a tracker credential is opened: the site `default`'s
// is the API key given at registration (users.apikey_encrypted), an added site's is the member's own
// (tracker_site_credentials), both sealed by the same secret box.
import { DEFAULT_SITE_ID } from '@handoff/core/api';
import { trackerNameOf } from '@handoff/core/tracker-kinds';
import { memberWithJiraToken } from '../accounts/users.repository.ts';
import type { SecretBox } from '../common/secret-box.ts';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../errors.ts';
import type { SiteKind, Tracker, TrackerCredentials } from '../tracker/tracker.ts';
import type { Trackers } from '../tracker/trackers.ts';
import { findCredential, findSite } from './sites.repository.ts';

export interface ResolvedSite {
  /** `default`, or the added site's id. */
  id: string;
  name: string;
  kind: SiteKind;
  baseUrl: string;
  tracker: Tracker;
}

interface SiteDirectoryDeps {
  db: Db;
  secretBox: SecretBox;
  trackers: Trackers;
  /** The site `default`'s row, as the server wrote it at start-up (sites.repository.ts, saveDefaultSite). */
  defaultRow: { kind: SiteKind; base_url: string };
}

export class SiteDirectory {
  constructor(private readonly deps: SiteDirectoryDeps) {}

  /** The site `default` of every workspace: its row, served by the tracker JIRA_BASE_URL or the demo gives. */
  get defaultSite(): ResolvedSite {
    return {
      id: DEFAULT_SITE_ID,
      name: DEFAULT_SITE_ID,
      kind: this.deps.defaultRow.kind,
      baseUrl: this.deps.defaultRow.base_url,
      tracker: this.deps.trackers.defaultTracker,
    };
  }

  /** The workspace's site by id (`default`, null or undefined: the site `default`); 404 when it has none. */
  async site(
    workspaceId: string,
    siteId: string | null | undefined,
    /** A transaction to read it in (a send's claim). */
    db: Db = this.deps.db,
  ): Promise<ResolvedSite> {
    if (siteId === null || siteId === undefined || siteId === DEFAULT_SITE_ID) return this.defaultSite;
    const row = await findSite(db, workspaceId, siteId);
    if (!row) throw notFound(`This workspace has no site ${JSON.stringify(siteId)}.`);
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      baseUrl: row.base_url,
      tracker: this.deps.trackers.forSite({ kind: row.kind, baseUrl: row.base_url }),
    };
  }

  /**
   * The member's credential for the site, opened; undefined when they have none (or it no longer opens).
   * The site `default`'s is their registration API key, while they belong to the workspace.
   */
  async credential(
    workspaceId: string,
    site: Pick<ResolvedSite, 'id'>,
    userId: string | null,
  ): Promise<(TrackerCredentials & { userId: string }) | undefined> {
    if (!userId) return undefined;
    const member = await memberWithJiraToken(this.deps.db, workspaceId, userId);
    if (!member) return undefined;
    const sealed =
      site.id === DEFAULT_SITE_ID
        ? { email: member.email, token_encrypted: member.apikey_encrypted }
        : await findCredential(this.deps.db, site.id, userId);
    if (!sealed) return undefined;
    const apiToken = this.openCredential(sealed.token_encrypted);
    return apiToken ? { userId, email: sealed.email ?? member.email, apiToken } : undefined;
  }

  /** As `credential`, but a member without one is told how to add it (409). */
  async requireCredential(
    workspaceId: string,
    site: ResolvedSite,
    userId: string,
  ): Promise<TrackerCredentials> {
    const credentials = await this.credential(workspaceId, site, userId);
    if (credentials) return credentials;
    throw new AppError(
      409,
      'SITE_NO_CREDENTIAL',
      `You have no token for the ${trackerNameOf(site.kind)} site ${JSON.stringify(site.name)}. Add it on your profile.`,
    );
  }

  seal(token: string): string {
    return this.deps.secretBox.seal(token);
  }

  /**
   * Opens a stored tracker credential (a site's, or the registration key that is the `default` site's):
   * the one place one is decrypted. Undefined when it does not open (sealed under another SECRET_KEY).
   */
  openCredential(sealed: string): string | undefined {
    try {
      return this.deps.secretBox.open(sealed) || undefined;
    } catch {
      return undefined;
    }
  }
}
