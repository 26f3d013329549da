// Which adapter serves a site (tracker.ts): one adapter per kind of packages/core's registry
// (tracker-kinds.ts), made once per kind and base URL and kept. ADAPTERS is the one place outside its own
// folder where an adapter is named (docs/architecture.md, "Add a tracker adapter").
import type { TrackerKindId } from '@handoff/core/tracker-kinds';
import { TRACKER_KINDS } from '@handoff/core/tracker-kinds';
import { JiraCloudTracker } from './cloud/cloud-tracker.ts';
import { JiraDataCenterTracker } from './datacenter/dc-tracker.ts';
import { DemoTracker } from './demo/demo-tracker.ts';
import { GitHubTracker } from './github/github-tracker.ts';
import { LinearTracker } from './linear/linear-tracker.ts';
import type { FetchLike, SiteKind, Tracker, TrackerClientOptions, TrackerSettings } from './tracker.ts';
import { TrackerError } from './tracker-errors.ts';

/** Makes a kind's adapter for one site. */
type TrackerFactory = (settings: TrackerSettings) => Tracker;

const ADAPTERS: { readonly [K in TrackerKindId]?: TrackerFactory } = {
  'jira-cloud': (settings) => new JiraCloudTracker(settings),
  'jira-datacenter': (settings) => new JiraDataCenterTracker(settings),
  demo: (settings) => new DemoTracker(settings),
  github: (settings) => new GitHubTracker(settings),
  linear: (settings) => new LinearTracker(settings),
};

interface SiteAddress {
  kind: SiteKind;
  baseUrl: string;
}

export class Trackers {
  private readonly made = new Map<string, Tracker>();

  constructor(
    /** The tracker of every workspace's site `default`: JIRA_BASE_URL, or the demo tracker. */
    readonly defaultTracker: Tracker,
    private readonly settings: Omit<TrackerSettings, 'endpoint'>,
    /** The outbound guard's fetch (outbound.ts): an added site is reached only where allowed. */
    private readonly guardedFetch: FetchLike,
  ) {}

  /** The tracker of a site a workspace added; the site `default` is `defaultTracker`. */
  forSite(site: SiteAddress): Tracker {
    const id = `${site.kind} ${site.baseUrl}`;
    let tracker = this.made.get(id);
    if (!tracker) {
      tracker = this.probe(site);
      this.made.set(id, tracker);
    }
    return tracker;
  }

  /** A tracker for a site not added yet (its check before it is), not kept. */
  probe(site: SiteAddress): Tracker {
    const endpoint: TrackerClientOptions['endpoint'] = {
      baseUrl: site.baseUrl.replace(/\/+$/, ''),
      fetch: this.guardedFetch,
    };
    return adapterOf(site.kind)({ ...this.settings, endpoint });
  }
}

function adapterOf(kind: SiteKind): TrackerFactory {
  const factory = ADAPTERS[kind];
  if (factory) return factory;
  throw new TrackerError(
    'unexpected',
    `This server has no adapter for ${TRACKER_KINDS[kind].label} sites yet.`,
    { statusCode: 501, code: 'TRACKER_KIND_UNAVAILABLE' },
  );
}
