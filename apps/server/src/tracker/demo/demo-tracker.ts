// The built-in demo tracker behind the tracker seam: it speaks Jira Cloud's REST v3 on this server
// (demo-tracker.routes.ts), so the Cloud adapter calls it, its changelog included (each workspace's own
// status changes, demo-changelog.routes.ts); its workflow's statuses are known here. It has versions
// (demo-data.ts's DEMO_VERSIONS) but no sprints, no pages a person opens, and no site to check (it is this
// server).
import { JiraCloudTracker } from '../cloud/cloud-tracker.ts';
import type { SiteKind, Story, StoryQuery, Tracker, TrackerCredentials, TrackerOptions } from '../tracker.ts';
import { unsupportedQuery } from '../tracker-errors.ts';
import { DEMO_STATUSES } from './demo-data.ts';

export class DemoTracker extends JiraCloudTracker {
  override readonly kind: SiteKind = 'demo';
  override readonly hasSprints = false;

  protected override browseBase(): null {
    return null;
  }

  override async checkSite(): Promise<void> {}

  override async listStates(): Promise<string[]> {
    return DEMO_STATUSES.map((status) => status.name);
  }

  override searchStories(credentials: TrackerCredentials, query: StoryQuery): Promise<Story[]> {
    if (query.sprint) throw unsupportedQuery('The demo tracker', 'sprints');
    return super.searchStories(credentials, query);
  }

  override withOptions(overrides: TrackerOptions): Tracker {
    return new DemoTracker({ ...this.options, ...overrides });
  }
}
