// The project, tracker, story, send and API-key calls (docs/product.md §7 and the send history), served from the
// in-memory db the way the server answers: bearer token required, userId / email must be the caller's,
// errors as {status, code, message}.
import { isValidEmailEntry, texts } from '@handoff/core';
import type { Project, UpdateApiKeyAnswer } from '@handoff/core/api';
import { HttpResponse, http } from 'msw';
import { type Account, accountOfBearer, db, findProject, noAutosendYet, type StoredSend } from '../db';

export const apiError = (status: number, message: string, code = 'ERROR') =>
  HttpResponse.json({ status, code, message }, { status });

const unauthorized = () =>
  apiError(401, 'Sign in again: your session is missing or has expired.', 'UNAUTHORIZED');
const notFound = (projectKey: string) =>
  apiError(404, `You have no project with the key "${projectKey}".`, 'NOT_FOUND');

type Handler = (caller: Account, body: Record<string, unknown>) => Response | Promise<Response>;

/** A JSON POST product call: logs it, checks the bearer token and (when present) that userId is the caller's. */
export function post(path: string, handle: Handler) {
  return http.post(path, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    db.requests.push(`POST ${path}`);
    db.calls.push({ path, body });
    const caller = accountOfBearer(request.headers.get('authorization'));
    if (!caller) return unauthorized();
    if ('userId' in body && body.userId !== caller.id) {
      return apiError(403, 'You may not access this resource.', 'FORBIDDEN');
    }
    return handle(caller, body);
  });
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

export const projectHandlers = [
  post('/jira/getFirebaseProjects', (caller) =>
    HttpResponse.json({ data: db.projects.filter((p) => p.userId === caller.id) }),
  ),

  post('/jira/getFirebaseProjectByKey', (caller, body) => {
    const project = findProject(caller.id, str(body.projectKey));
    return project ? HttpResponse.json({ data: project }) : notFound(str(body.projectKey));
  }),

  post('/jira/addProject', (caller, body) => {
    const projectKey = str(body.projectKey).trim();
    if (!projectKey) return apiError(400, texts.addProject.noTrackerProject, 'BAD_REQUEST');
    const clientEmails = strings(body.clientEmails);
    if (clientEmails.length === 0) return apiError(400, texts.addProject.noClientEmails, 'BAD_REQUEST');
    if (findProject(caller.id, projectKey)) {
      return apiError(409, `You already have a project with the key ${projectKey}.`, 'CONFLICT');
    }
    const project: Project = {
      userId: caller.id,
      projectKey,
      projectName: str(body.projectName),
      clientEmails,
      clientCC: strings(body.clientCC),
      autosend: false,
      sentProjectIssuesList: [],
      siteId: 'default',
      siteName: 'default',
      statusesOffered: null,
      reminderDays: typeof body.reminderDays === 'number' ? body.reminderDays : 3,
      groupBy: 'nothing',
      autosendStatus: noAutosendYet(),
    };
    db.projects.push(project);
    return HttpResponse.json({ status: 200, message: texts.addProject.success, data: project });
  }),

  post('/jira/updateFirebaseProject', (caller, body) => {
    const project = findProject(caller.id, str(body.projectKey));
    if (!project) return notFound(str(body.projectKey));
    const changes = (body.updatedProject ?? {}) as Record<string, unknown>;
    if (Array.isArray(changes.clientEmails)) {
      if (changes.clientEmails.length === 0) {
        return apiError(400, texts.editProject.noClientEmails, 'BAD_REQUEST');
      }
      project.clientEmails = strings(changes.clientEmails);
    }
    const cc = changes.clientCC ?? changes.clinetCC;
    if (Array.isArray(cc)) project.clientCC = strings(cc);
    if (typeof changes.autosend === 'boolean') project.autosend = changes.autosend;
    if (changes.groupBy === 'nothing' || changes.groupBy === 'epic' || changes.groupBy === 'type') {
      project.groupBy = changes.groupBy;
    }
    const claimed: string[] = [];
    for (const key of strings(changes.sentProjectIssuesList)) {
      if (!project.sentProjectIssuesList.includes(key)) {
        project.sentProjectIssuesList.push(key);
        claimed.push(key);
      }
    }
    if (claimed.length > 0)
      db.claims.set(project.projectKey, [...(db.claims.get(project.projectKey) ?? []), claimed]);
    return HttpResponse.json({ status: 200, message: texts.editProject.success, data: { ...project } });
  }),

  post('/jira/deleteFirebaseProject', (caller, body) => {
    const index = db.projects.findIndex((p) => p.userId === caller.id && p.projectKey === body.projectKey);
    if (index < 0) return notFound(str(body.projectKey));
    db.projects.splice(index, 1);
    return HttpResponse.json({
      status: 200,
      message: 'Project has been deleted successfully.',
      data: { projectKey: body.projectKey },
    });
  }),

  post('/jira/getAllProjects', (caller, body) => {
    if (body.email !== caller.email) {
      return apiError(403, 'You may only use your own e-mail address for Jira.', 'FORBIDDEN');
    }
    if (body.api !== caller.apikey)
      return apiError(403, 'Jira refused the API token.', 'TRACKER_AUTH_REFUSED');
    return HttpResponse.json({ data: db.trackerProjects });
  }),

  http.get('/jira/getProjectIssues', ({ request }) => {
    const url = new URL(request.url);
    const projectKey = url.searchParams.get('projectKey') ?? '';
    const status = url.searchParams.get('status') ?? '';
    const releaseId = url.searchParams.get('release');
    const headers = { email: request.headers.get('email') ?? '', api: request.headers.get('api') ?? '' };
    db.requests.push('GET /jira/getProjectIssues');
    db.calls.push({
      path: '/jira/getProjectIssues',
      body: { projectKey, status, ...(releaseId ? { release: releaseId } : {}) },
      headers,
    });
    const caller = accountOfBearer(request.headers.get('authorization'));
    if (!caller) return unauthorized();
    if (headers.email !== caller.email || headers.api !== caller.apikey) {
      return apiError(403, 'Jira refused the API token.', 'TRACKER_AUTH_REFUSED');
    }
    if (releaseId) {
      const release = db.releases.get(projectKey)?.releases.find((r) => r.id === releaseId);
      if (!release) return apiError(400, 'release must be the id of one of the project’s releases.');
      return HttpResponse.json({
        data: db.issues.get(`${projectKey}|release:${releaseId}`) ?? [],
        release: { id: release.id, name: release.name },
      });
    }
    return HttpResponse.json({ data: db.issues.get(`${projectKey}|${status}`) ?? [] });
  }),

  // Not in db.requests: the send screen asks for it beside its other calls, in no fixed order.
  http.get('/jira/getProjectReleases', ({ request }) => {
    const projectKey = new URL(request.url).searchParams.get('projectKey') ?? '';
    if (!accountOfBearer(request.headers.get('authorization'))) return unauthorized();
    return HttpResponse.json({ data: db.releases.get(projectKey) ?? { releases: [], currentSprint: false } });
  }),

  http.post('/jira/sendDownloadedIssues', async ({ request }) => {
    const path = '/jira/sendDownloadedIssues';
    db.requests.push(`POST ${path}`);
    const contentType = request.headers.get('content-type') ?? '';
    const form = await request.formData();
    const file = form.get('file');
    const fields = {
      contentType: contentType.split(';')[0],
      fieldNames: [...form.keys()],
      subject: str(form.get('subject')),
      text: str(form.get('text')),
      to: form.getAll('to').map(String),
      cc: form.getAll('cc').map(String),
      projectKey: str(form.get('projectKey')),
      issueKeys: str(form.get('issueKeys')),
      hasFile: file !== null && typeof file !== 'string',
      ...(form.has('answerBy') ? { answerBy: str(form.get('answerBy')) } : {}),
      ...(form.has('release') ? { release: str(form.get('release')) } : {}),
    };
    db.calls.push({ path, body: fields });
    const caller = accountOfBearer(request.headers.get('authorization'));
    if (!caller) return unauthorized();
    if (!fields.subject.trim() || !fields.text.trim()) {
      return apiError(400, texts.sendStories.emptySubjectOrMessage, 'BAD_REQUEST');
    }
    if (fields.to.length === 0 || ![...fields.to, ...fields.cc].every(isValidEmailEntry)) {
      return apiError(400, 'Add at least one valid client e-mail address.', 'BAD_REQUEST');
    }
    // Like the server: the send takes over the claims made of its own keys only, and is refused with 409
    // when any of its keys was sent by someone else meanwhile.
    const project = findProject(caller.id, fields.projectKey);
    if (!project) return notFound(fields.projectKey);
    const issueKeys = fields.issueKeys.split(',').filter(Boolean);
    const claims = db.claims.get(fields.projectKey) ?? [];
    const takenOver = claims.filter((claim) => claim.every((key) => issueKeys.includes(key)));
    const owned = new Set(takenOver.flat());
    const sentMeanwhile = issueKeys.filter(
      (key) => project.sentProjectIssuesList.includes(key) && !owned.has(key),
    );
    if (sentMeanwhile.length > 0) {
      // The claims of its own keys are given back at once.
      db.claims.set(
        fields.projectKey,
        claims.filter((claim) => !takenOver.includes(claim)),
      );
      project.sentProjectIssuesList = project.sentProjectIssuesList.filter((key) => !owned.has(key));
      return apiError(
        409,
        `Nothing was e-mailed: ${sentMeanwhile.join(', ')} were sent meanwhile (by auto-send or from another tab). Fetch the stories again for a new draft.`,
        'STORIES_ALREADY_SENT',
      );
    }
    db.claims.set(
      fields.projectKey,
      claims.filter((claim) => !takenOver.includes(claim)),
    );
    for (const key of issueKeys) {
      if (!project.sentProjectIssuesList.includes(key)) project.sentProjectIssuesList.push(key);
    }
    db.counter += 1;
    const send: StoredSend = {
      id: `send-${db.counter}`,
      userId: caller.id,
      projectKey: fields.projectKey,
      trigger: 'manual',
      status: 'sent',
      issueKeys,
      to: fields.to,
      cc: fields.cc,
      subject: fields.subject,
      text: fields.text,
      attachmentName: fields.hasFile ? 'attachment' : null,
      attachmentSize: fields.hasFile ? 1 : null,
      delivered: false,
      recipients: null,
      error: null,
      sentBy: caller.email,
      createdAt: new Date(Date.UTC(2026, 2, 12, 14, db.counter)).toISOString(),
      finishedAt: new Date(Date.UTC(2026, 2, 12, 14, db.counter)).toISOString(),
      review: null,
      release: fields.release || null,
    };
    db.sends.push(send);
    return HttpResponse.json({
      status: 200,
      message: texts.sendStories.sent,
      data: {
        delivered: false,
        sendId: send.id,
        refused: [...fields.to, ...fields.cc]
          .filter((address) => db.refusedRecipients.has(address.toLowerCase()))
          .map((address) => `${address} (550 5.1.1 no such mailbox here)`),
      },
    });
  }),

  post('/jira/getProjectSends', (caller, body) => {
    if (!findProject(caller.id, str(body.projectKey))) return notFound(str(body.projectKey));
    const data = db.sends
      .filter((s) => s.userId === caller.id && s.projectKey === body.projectKey)
      .map(({ userId: _u, projectKey: _p, ...send }) => send)
      .reverse();
    return HttpResponse.json({ data });
  }),

  post('/jira/updateApiKey', (caller, body) => {
    const apikey = str(body.apikey).trim();
    if (!apikey) return apiError(400, 'Enter your API key or token.', 'BAD_REQUEST');
    caller.apikey = apikey;
    return HttpResponse.json<UpdateApiKeyAnswer>({
      status: 200,
      message: 'Your API Key has been updated.',
    });
  }),
];
