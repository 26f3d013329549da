// The staff's client-review calls (their shapes: @handoff/core/api review.ts), shared by the projects and the
// stories features: revoking a notice's link, the per-project summary, and the Jira transitions a verdict
// moves an issue through. Shapes imported as types only.
import type {
  JiraTransition,
  OfferAgainAnswer,
  OfferAgainBody,
  ProjectRefBody,
  ReviewChangeAnswer,
  ReviewSettings,
  ReviewSettingsAnswer,
  ReviewSummariesAnswer,
  ReviewTransitionsAnswer,
  RevokeReviewLinkBody,
  SetReviewSettingsBody,
  SetReviewTransitionsBody,
  UserIdBody,
} from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export type ReviewSummaries = ReviewSummariesAnswer['data'];
export type ReviewTransitions = ReviewTransitionsAnswer['data'];

/** POST /jira/review/revokeLink {userId, projectKey, sendId}: the notice's link stops working at once. */
export async function revokeReviewLink(
  api: ApiClient,
  userId: string,
  projectKey: string,
  sendId: string,
): Promise<ReviewChangeAnswer> {
  const body: RevokeReviewLinkBody = { userId, projectKey, sendId };
  return api.post<ReviewChangeAnswer>('/jira/review/revokeLink', body);
}

/** POST /jira/review/getSummaries {userId} → per project key, its sent stories counted by state. */
export async function getReviewSummaries(api: ApiClient, userId: string): Promise<ReviewSummaries> {
  const body: UserIdBody = { userId };
  const answer = await api.post<ReviewSummariesAnswer>('/jira/review/getSummaries', body);
  return answer.data;
}

/** POST /jira/review/getTransitions {userId, projectKey} → Jira's transitions and the chosen ones. */
export async function getReviewTransitions(
  api: ApiClient,
  userId: string,
  projectKey: string,
): Promise<ReviewTransitions> {
  const body: ProjectRefBody = { userId, projectKey };
  const answer = await api.post<ReviewTransitionsAnswer>('/jira/review/getTransitions', body);
  return answer.data;
}

/** POST /jira/review/setTransitions: null leaves the issue where it is (the default). */
export async function setReviewTransitions(
  api: ApiClient,
  userId: string,
  projectKey: string,
  chosen: { onFailed: JiraTransition | null; onPassed: JiraTransition | null },
): Promise<ReviewChangeAnswer> {
  const body: SetReviewTransitionsBody = { userId, projectKey, ...chosen };
  return api.post<ReviewChangeAnswer>('/jira/review/setTransitions', body);
}

/**
 * POST /jira/review/getSettings: the project's reminder interval (days; null: off), test environment, client
 * language and notice template, and the From of the server's e-mails.
 */
export async function getReviewSettings(
  api: ApiClient,
  userId: string,
  projectKey: string,
): Promise<ReviewSettingsAnswer['data']> {
  const body: ProjectRefBody = { userId, projectKey };
  const answer = await api.post<ReviewSettingsAnswer>('/jira/review/getSettings', body);
  return answer.data;
}

/** POST /jira/review/setSettings: both settings are saved as given. */
export async function setReviewSettings(
  api: ApiClient,
  userId: string,
  projectKey: string,
  settings: ReviewSettings,
): Promise<ReviewChangeAnswer> {
  const body: SetReviewSettingsBody = { userId, projectKey, ...settings };
  return api.post<ReviewChangeAnswer>('/jira/review/setSettings', body);
}

/** POST /jira/offerAgain {userId, projectKey, issueKey}: the story is drafted as a re-test on the next fetch. */
export async function offerStoryAgain(
  api: ApiClient,
  userId: string,
  projectKey: string,
  issueKey: string,
): Promise<OfferAgainAnswer> {
  const body: OfferAgainBody = { userId, projectKey, issueKey };
  return api.post<OfferAgainAnswer>('/jira/offerAgain', body);
}
