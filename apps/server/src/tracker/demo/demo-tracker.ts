// The built-in demo tracker behind the tracker seam: it speaks Jira Cloud's REST v3 on this server
// (demo-tracker.routes.ts), so the Cloud adapter calls it, its changelog included (each workspace's own
// status changes, demo-changelog.routes.ts); its workflow's statuses are known here.
import { JiraCloudTracker } from '../cloud/cloud-tracker.ts';
import type { Tracker, TrackerOptions } from '../tracker.ts';
import { DEMO_STATUSES } from './demo-data.ts';

export class DemoTracker extends JiraCloudTracker {
  override readonly kind = 'demo' as const;

  override async listStatuses(): Promise<string[]> {
    return DEMO_STATUSES.map((status) => status.name);
  }

  override withOptions(overrides: TrackerOptions): Tracker {
    return new DemoTracker({ ...this.options, ...overrides });
  }
}
