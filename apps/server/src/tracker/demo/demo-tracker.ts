// The built-in demo tracker behind the tracker seam: it speaks Jira Cloud's REST v3 on this server
// (demo-tracker.routes.ts), so the Cloud adapter calls it; its workflow's statuses are known here, and its
// issues have no history.
import { JiraCloudTracker } from '../cloud/cloud-tracker.ts';
import type { ChangelogEntry, Tracker, TrackerOptions } from '../tracker.ts';
import { DEMO_STATUSES } from './demo-data.ts';

export class DemoTracker extends JiraCloudTracker {
  override readonly kind = 'demo' as const;

  override async listStatuses(): Promise<string[]> {
    return DEMO_STATUSES.map((status) => status.name);
  }

  override async changelog(): Promise<ChangelogEntry[]> {
    return [];
  }

  override withOptions(overrides: TrackerOptions): Tracker {
    return new DemoTracker({ ...this.options, ...overrides });
  }
}
