// Which adapter serves a site (tracker.ts): one tracker per site kind and base URL, made once and kept.
import { JiraCloudTracker } from './cloud/cloud-tracker.ts';
import { JiraDataCenterTracker } from './datacenter/dc-tracker.ts';
import type { FetchLike, JiraClientOptions } from './jira-http.ts';
import type { SiteKind, Tracker } from './tracker.ts';

interface SiteAddress {
  kind: SiteKind;
  baseUrl: string;
}

export class Trackers {
  private readonly made = new Map<string, Tracker>();

  constructor(
    /** The tracker of every workspace's site `default`: JIRA_BASE_URL, or the demo tracker. */
    readonly defaultTracker: Tracker,
    private readonly options: Omit<JiraClientOptions, 'endpoint'>,
    /** The outbound guard's fetch (outbound.ts): an added site is reached only where allowed. */
    private readonly guardedFetch: FetchLike,
  ) {}

  /** The tracker of a site a workspace added; the site `default` is `defaultTracker`. */
  forSite(site: SiteAddress): Tracker {
    const id = `${site.kind} ${site.baseUrl}`;
    let tracker = this.made.get(id);
    if (!tracker) {
      const options = {
        ...this.options,
        endpoint: { baseUrl: site.baseUrl.replace(/\/+$/, ''), fetch: this.guardedFetch },
      };
      tracker =
        site.kind === 'jira-datacenter' ? new JiraDataCenterTracker(options) : new JiraCloudTracker(options);
      this.made.set(id, tracker);
    }
    return tracker;
  }
}
