// The client's latest answer to each story in any earlier round, read from the project's send history
// (POST /jira/getProjectSends, newest first): a story offered again shows it beside its re-test.
import type { GetProjectSendsAnswer, GetProjectSendsBody, ReviewVerdict } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export interface EarlierAnswer {
  verdict: ReviewVerdict;
  /** When it was given (null: not known). */
  answeredAt: string | null;
  comment: string | null;
  /** The name the client gave (null: none). */
  reviewer: string | null;
}

/** Per story key, the newest answer any notice of the project got. */
export async function getEarlierAnswers(
  api: ApiClient,
  userId: string,
  projectKey: string,
): Promise<ReadonlyMap<string, EarlierAnswer>> {
  const body: GetProjectSendsBody = { userId, projectKey };
  const sends = (await api.post<GetProjectSendsAnswer>('/jira/getProjectSends', body)).data;
  const answers = new Map<string, EarlierAnswer>();
  for (const send of sends) {
    for (const story of send.review?.stories ?? []) {
      if (story.verdict === 'waiting' || answers.has(story.key)) continue;
      answers.set(story.key, {
        verdict: story.verdict,
        answeredAt: story.answeredAt,
        comment: story.comment ?? null,
        reviewer: story.reviewer ?? null,
      });
    }
  }
  return answers;
}
