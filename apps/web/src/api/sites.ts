// The workspace's tracker sites (main README, "Jira sites"): POST /jira/sites/list, /add, /remove and
// /setCredential. Shared by the Sites screen, the profile's credentials and the add screen's Site select.
import type {
  AddSiteAnswer,
  AddSiteBody,
  ListedSite,
  ListSitesAnswer,
  RemoveSiteBody,
  SetSiteCredentialBody,
  SiteChangeAnswer,
} from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export async function listSites(api: ApiClient, userId: string): Promise<ListedSite[]> {
  return (await api.post<ListSitesAnswer>('/jira/sites/list', { userId })).data;
}

export function addSite(api: ApiClient, site: AddSiteBody): Promise<AddSiteAnswer> {
  return api.post<AddSiteAnswer>('/jira/sites/add', site);
}

export function removeSite(api: ApiClient, userId: string, siteId: string): Promise<SiteChangeAnswer> {
  const body: RemoveSiteBody = { userId, siteId };
  return api.post<SiteChangeAnswer>('/jira/sites/remove', body);
}

export function setSiteCredential(api: ApiClient, body: SetSiteCredentialBody): Promise<SiteChangeAnswer> {
  return api.post<SiteChangeAnswer>('/jira/sites/setCredential', body);
}
