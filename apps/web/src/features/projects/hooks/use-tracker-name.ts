// How the screens of one project name its tracker ("Jira", "GitHub", "Linear"): read from the kind of the
// project's site (packages/core/src/tracker-kinds.ts), so a GitHub project's screen never says "Jira".
import { trackerNameOf } from '@handoff/core/tracker-kinds';
import { useEffect, useState } from 'react';
import { listSites } from '@/api/sites';
import { useServices } from '@/lib/services';

/** Until the site's kind is known (or when it cannot be read), the neutral word. */
const UNKNOWN_TRACKER = 'the tracker';

/** The tracker's name of the project's site `siteId`, once the workspace's sites are read. */
export function useTrackerName(userId: string | undefined, siteId: string): string {
  const { api } = useServices();
  const [name, setName] = useState(UNKNOWN_TRACKER);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    listSites(api, userId)
      .then((sites) => {
        const site = sites.find((candidate) => candidate.id === siteId);
        if (current && site) setName(trackerNameOf(site.kind));
      })
      // The sites could not be read: the neutral word stays, nothing else depends on it.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, userId, siteId]);
  return name;
}
