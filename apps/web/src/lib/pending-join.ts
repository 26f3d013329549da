// An invitation link opened while signed out is remembered, so that signing in (after registering, if
// need be) continues to the join page instead of the project list.
import { joinHref } from '@/config/paths';
import { storageKeys } from '@/config/storage-keys';

export function rememberPendingJoin(token: string, storage: Storage = window.localStorage): void {
  storage.setItem(storageKeys.pendingJoin, joinHref(token));
}

/** The join page to continue to, once; null when no invitation is waiting. */
export function takePendingJoin(storage: Storage = window.localStorage): string | null {
  const path = storage.getItem(storageKeys.pendingJoin);
  storage.removeItem(storageKeys.pendingJoin);
  return path;
}
