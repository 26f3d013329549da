// The client review calls (their shapes: @handoff/core/api review.ts), served from the in-memory db: the two
// public calls need nothing but the token; the staff calls need the bearer token like the other calls.

import {
  OFFERED_AGAIN,
  REVIEW_LINK_INVALID,
  REVIEW_THANKS,
  type ReviewChangeAnswer,
  type ReviewSettings,
  type ReviewSettingsAnswer,
  type ReviewSummariesAnswer,
  type ReviewVerdict,
  type StoryStatus,
} from '@handoff/core/api';
import { reviewPageMessages } from '@handoff/core/catalogues/index';
import { clientLanguageOf } from '@handoff/core/client-language';
import { isPastAnswerBy } from '@handoff/core/dates';
import {
  type NoticeTemplate,
  unknownPlaceholders,
  unknownPlaceholdersMessage,
} from '@handoff/core/notice-template';
import { countStates } from '@handoff/core/review-states';
import { HttpResponse, http } from 'msw';
import { db, findProject, type StoredSend } from '../db';
import { apiError, post } from './projects';
import { workspaceOf } from './team';

const DEFAULT_SETTINGS: ReviewSettings = {
  reminderDays: 3,
  testEnvironment: null,
  clientLanguage: 'en',
  noticeTemplate: null,
};
/** The From of the server's e-mails (its MAIL_FROM default). */
export const MAIL_FROM = 'Handoff <handoff@localhost>';
const linkInvalid = () => apiError(404, REVIEW_LINK_INVALID, 'NOT_FOUND');
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The active link of a token and its send, or null (unknown, revoked or expired). */
function activeLink(token: unknown) {
  const link = typeof token === 'string' ? db.reviewLinks.get(token) : undefined;
  const send = link ? db.sends.find((s) => s.id === link.sendId) : undefined;
  if (!link || !send?.review || send.review.linkState !== 'active') return null;
  return { link, send: send as StoredSend & { review: NonNullable<StoredSend['review']> } };
}

/** A public call: logged with its body, no bearer token. */
function publicPost(path: string, handle: (body: Record<string, unknown>) => Response) {
  return http.post(path, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    db.requests.push(`POST ${path}`);
    db.calls.push({ path, body, headers: { authorization: request.headers.get('authorization') ?? '' } });
    return handle(body);
  });
}

/** Who sent a send's notice, as the review pages show them (the server's rule: the e-mail's domain until named). */
function senderOf(send: StoredSend, token: unknown) {
  const sender = [...db.accounts.values()].find((account) => account.id === send.userId);
  const workspaceId = `ws-${send.userId}`;
  const named = db.workspaceNames.has(workspaceId);
  return {
    workspaceName: sender ? (named ? workspaceOf(sender).name : (sender.email.split('@')[1] ?? '')) : 'Team',
    logoUrl: db.workspaceLogos.has(workspaceId) ? `/review/${String(token)}/logo?v=1` : null,
    senderEmail: sender?.email ?? null,
    senderName: sender?.name || null,
  };
}

export const reviewHandlers = [
  publicPost('/jira/review/getLinkState', (body) => {
    const link = typeof body.token === 'string' ? db.reviewLinks.get(body.token) : undefined;
    const send = link ? db.sends.find((s) => s.id === link.sendId) : undefined;
    // The notice's language; an unknown link's is the browser's, which is English here.
    const language = link?.language ?? 'en';
    const speaking = { language, messages: reviewPageMessages(language) };
    if (!send?.review) {
      return HttpResponse.json({
        data: {
          state: 'unknown',
          workspaceName: null,
          logoUrl: null,
          senderEmail: null,
          senderName: null,
          ...speaking,
        },
      });
    }
    const state = send.review.linkState === 'active' ? 'open' : send.review.linkState;
    // The mock knows when a link expired, not when it was revoked (the page then names neither).
    const ended =
      state === 'expired' ? { projectName: link?.projectName ?? null, endedAt: send.review.expiresAt } : {};
    return HttpResponse.json({ data: { state, ...senderOf(send, body.token), ...ended, ...speaking } });
  }),

  publicPost('/jira/review/getNotice', (body) => {
    const found = activeLink(body.token);
    if (!found) return linkInvalid();
    const { link, send } = found;
    return HttpResponse.json({
      data: {
        projectName: link.projectName,
        ...senderOf(send, body.token),
        sentAt: send.createdAt,
        expiresAt: send.review.expiresAt,
        stories: link.stories,
        signedOff: send.review.signedOff ?? null,
        reviewer: send.review.stories.find((row) => row.reviewer)?.reviewer ?? null,
        testEnvironment: link.testEnvironment,
        answerBy: link.answerBy,
        release: send.release,
        language: link.language,
        messages: reviewPageMessages(link.language),
      },
    });
  }),

  publicPost('/jira/review/signOff', (body) => {
    const found = activeLink(body.token);
    if (!found) return linkInvalid();
    if (found.send.review.signedOff)
      return apiError(409, 'This notice is already signed off.', 'REVIEW_SIGNED_OFF');
    const rows = found.send.review.stories;
    if (rows.some((row) => row.verdict === 'waiting')) {
      return apiError(400, 'Give every story a verdict before signing off.', 'REVIEW_NOT_ANSWERED');
    }
    found.send.review.signedOff = {
      by: str(body.reviewer),
      at: '2026-03-14T10:00:00.000Z',
      conditional: rows.some((row) => row.verdict === 'failed'),
    };
    return HttpResponse.json({ status: 200, message: 'Thank you. Your sign-off was sent to the team.' });
  }),

  publicPost('/jira/review/submitVerdicts', (body) => {
    const found = activeLink(body.token);
    if (!found) return linkInvalid();
    if (found.send.review.signedOff)
      return apiError(409, 'This notice is already signed off.', 'REVIEW_SIGNED_OFF');
    const verdicts = Array.isArray(body.verdicts) ? (body.verdicts as Record<string, unknown>[]) : [];
    if (verdicts.length === 0) return apiError(400, 'Give a verdict for at least one story.', 'BAD_REQUEST');
    for (const given of verdicts) {
      const story = found.link.stories.find((s) => s.key === given.key);
      const row = found.send.review.stories.find((s) => s.key === given.key);
      if (!story || !row) return apiError(400, `${str(given.key)} is not a story of this notice.`);
      const verdict = given.verdict as ReviewVerdict;
      const comment = str(given.comment) || null;
      Object.assign(story, { verdict, comment });
      Object.assign(row, {
        verdict,
        comment,
        answeredAt: '2026-03-13T09:30:00.000Z',
        writeBack: 'pending',
        writeBackError: null,
        reviewer: str(body.reviewer) || null,
        writtenAs: null,
      });
    }
    return HttpResponse.json({ status: 200, message: REVIEW_THANKS });
  }),

  post('/jira/review/revokeLink', (caller, body) => {
    const send = db.sends.find(
      (s) => s.userId === caller.id && s.projectKey === body.projectKey && s.id === body.sendId,
    );
    if (!send?.review) return apiError(404, 'This notice has no review link.', 'NOT_FOUND');
    send.review.linkState = 'revoked';
    return HttpResponse.json<ReviewChangeAnswer>({ status: 200, message: 'The review link was revoked.' });
  }),

  post('/jira/offerAgain', (caller, body) => {
    const sent = db.sends.some(
      (s) =>
        s.userId === caller.id &&
        s.projectKey === body.projectKey &&
        s.issueKeys.includes(str(body.issueKey)),
    );
    if (!sent) return apiError(404, `${str(body.issueKey)} was never sent in this project.`, 'NOT_FOUND');
    return HttpResponse.json({ status: 200, message: OFFERED_AGAIN });
  }),

  // Counted from the same statuses getStatus answers with, as the server counts its kept entries.
  post('/jira/review/getSummaries', (caller) => {
    const data: ReviewSummariesAnswer['data'] = {};
    for (const project of db.projects.filter((p) => p.userId === caller.id)) {
      const statuses = storyStatusesOf(project.projectKey);
      if (statuses.length > 0) data[project.projectKey] = countStates(statuses);
    }
    return HttpResponse.json({ data });
  }),

  post('/jira/review/getStatus', (caller, body) => {
    const projectKey = str(body.projectKey);
    if (!findProject(caller.id, projectKey))
      return apiError(404, `You have no project with the key "${projectKey}".`);
    return HttpResponse.json({ data: storyStatusesOf(projectKey) });
  }),

  post('/jira/review/getTransitions', (caller, body) => {
    const projectKey = str(body.projectKey);
    if (!findProject(caller.id, projectKey))
      return apiError(404, `You have no project with the key "${projectKey}".`);
    const chosen = db.transitions.get(projectKey) ?? { available: [], onFailed: null, onPassed: null };
    return HttpResponse.json({ data: chosen });
  }),

  post('/jira/review/setTransitions', (caller, body) => {
    const projectKey = str(body.projectKey);
    if (!findProject(caller.id, projectKey))
      return apiError(404, `You have no project with the key "${projectKey}".`);
    const current = db.transitions.get(projectKey) ?? { available: [], onFailed: null, onPassed: null };
    const pick = (value: unknown) => {
      const id = (value as { id?: unknown } | null)?.id;
      return current.available.find((t) => t.id === id) ?? null;
    };
    db.transitions.set(projectKey, {
      ...current,
      onFailed: pick(body.onFailed),
      onPassed: pick(body.onPassed),
    });
    return HttpResponse.json<ReviewChangeAnswer>({
      status: 200,
      message: 'The review transitions were saved.',
    });
  }),

  post('/jira/review/getSettings', (caller, body) => {
    const projectKey = str(body.projectKey);
    if (!findProject(caller.id, projectKey))
      return apiError(404, `You have no project with the key "${projectKey}".`);
    // The built-in sender, as a server without MAIL_FROM has it: its mail is not set up.
    const settings = {
      ...DEFAULT_SETTINGS,
      ...db.reviewSettings.get(projectKey),
      mailFrom: MAIL_FROM,
      mailProblem: 'builtInSender' as const,
      sender: { name: 'Olivia Owner', company: 'example.test' },
    };
    return HttpResponse.json<ReviewSettingsAnswer>({ data: settings });
  }),

  post('/jira/review/setSettings', (caller, body) => {
    const projectKey = str(body.projectKey);
    if (!findProject(caller.id, projectKey))
      return apiError(404, `You have no project with the key "${projectKey}".`);
    const reminderDays = typeof body.reminderDays === 'number' ? body.reminderDays : null;
    const testEnvironment = typeof body.testEnvironment === 'string' ? body.testEnvironment : null;
    const clientLanguage = clientLanguageOf(
      body.clientLanguage ?? db.reviewSettings.get(projectKey)?.clientLanguage,
    );
    const stored = db.reviewSettings.get(projectKey);
    // Left out, the template is kept; a placeholder of none of the four is refused, as the server does.
    const noticeTemplate = (
      body.noticeTemplate === undefined ? (stored?.noticeTemplate ?? null) : body.noticeTemplate
    ) as NoticeTemplate | null;
    const unknown = unknownPlaceholders(noticeTemplate ? Object.values(noticeTemplate) : []);
    if (unknown.length > 0) return apiError(400, unknownPlaceholdersMessage(unknown));
    db.reviewSettings.set(projectKey, { reminderDays, testEnvironment, clientLanguage, noticeTemplate });
    return HttpResponse.json<ReviewChangeAnswer>({ status: 200, message: 'The review settings were saved.' });
  }),
];

/** Every story the project's notices carried, with its latest notice's answer (getStatus' answer). */
function storyStatusesOf(projectKey: string): StoryStatus[] {
  const byKey = new Map<string, StoryStatus>();
  const sends = db.sends
    .filter((s) => s.projectKey === projectKey)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const today = new Date().toISOString().slice(0, 10);
  for (const send of sends) {
    const link = [...db.reviewLinks.values()].find((candidate) => candidate.sendId === send.id);
    const answerBy = link?.answerBy ?? null;
    for (const story of send.review?.stories ?? []) {
      // The mock keeps one group per story (the link's): as the epic.
      const epic = link?.stories.find((linked) => linked.key === story.key)?.group ?? null;
      const before = byKey.get(story.key);
      const rounds = (before?.rounds ?? 0) + 1;
      byKey.set(story.key, {
        key: story.key,
        summary: story.summary,
        state: story.verdict === 'waiting' && rounds > 1 ? 'retest' : story.verdict,
        rounds,
        lastSentAt: send.createdAt,
        answeredAt: story.answeredAt,
        reviewer: story.reviewer,
        comment: story.comment,
        signedOff: send.review?.signedOff != null,
        answerBy,
        release: send.release,
        overdue: story.verdict === 'waiting' && isPastAnswerBy(answerBy, today),
        lastVerdict: story.verdict === 'waiting' ? (before?.lastVerdict ?? null) : story.verdict,
        epic,
        type: null,
      });
    }
  }
  return [...byKey.values()];
}
