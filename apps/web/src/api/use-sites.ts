// The workspace's sites as the Sites and profile screens show them: null until read, and `reload` after a
// change. A failed read is shown through `showError` (the screen's result dialog), unless the session ended.
import type { ListedSite } from '@handoff/core/api';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { listSites } from './sites';

export function useSites(
  userId: string | undefined,
  showError: (message: string, type: 'error') => void,
): { sites: ListedSite[] | null; reload: () => Promise<void> } {
  const { api } = useServices();
  const [sites, setSites] = useState<ListedSite[] | null>(null);
  const reload = useCallback(async () => {
    if (!userId) return;
    try {
      setSites(await listSites(api, userId));
    } catch (error) {
      if (!isSessionEnded(error)) showError(errorMessage(error), 'error');
    }
  }, [api, userId, showError]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { sites, reload };
}
