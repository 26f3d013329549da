// /admin/send-stories?key={projectKey} (docs/product.md §2, §4, §5, §8): fetch the project's stories in a status, draft
// the "Request for Testing" e-mail from those not sent yet, and send it to the client with an optional file.
//
// Sending is two calls, in this order (docs/product.md §4): the project update that appends the drafted stories' keys
// to sentProjectIssuesList, then the e-mail, naming the same keys. The draft's keys are fixed when the draft
// is made, so the e-mail and the keys it names always match. If the mail server refuses the e-mail the
// server gives those keys back; the screen reloads the project, so the stories are offered again, and keeps
// the draft for another try. If some of them were sent meanwhile (auto-send, another tab) the server
// answers 409 and e-mails nothing; the screen shows that and fetches the stories again for a new draft.

import type { Issue } from '@handoff/core';
import { draftEmail, ISSUE_STATUSES, type IssueStatus, isIssueStatus, texts } from '@handoff/core';
import type { Project } from '@handoff/core/api';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { getProjectByKey, updateProject } from '@/api/projects';
import { ProjectLoadStatus, useProjectFromUrl } from '@/api/use-project-from-url';
import { BusyButton } from '@/components/ui/busy-button';
import { TextField } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { getProjectIssues } from '../api/get-project-issues';
import { STORIES_ALREADY_SENT, sendStoriesEmail } from '../api/send-stories-email';
import { SendHistory } from './send-history';
import './stories.css';

function StoryList({ title, issues, emptyText }: { title: string; issues: Issue[]; emptyText: string }) {
  const headingId = useId();
  return (
    <div className="stories">
      <h2 id={headingId} className="stories__title">
        {title} ({issues.length})
      </h2>
      {issues.length > 0 ? (
        <ul className="stories__list" aria-labelledby={headingId}>
          {issues.map((issue) => (
            <li key={issue.key}>
              <span className="stories__key">{issue.key}</span> {issue.issueHeader}
            </li>
          ))}
        </ul>
      ) : (
        <p className="stories__empty">{emptyText}</p>
      )}
    </div>
  );
}

export function SendStories() {
  const { api } = useServices();
  const { user, projectIssues } = useAppState();
  const dispatch = useAppDispatch();
  const dialog = useResultDialog();
  const { show } = dialog;
  const { project, setProject, loadState, reload: reloadProject } = useProjectFromUrl(show);
  const statusId = useId();
  const messageId = useId();
  const fileId = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);

  const [status, setStatus] = useState<IssueStatus | ''>('');
  const [fetching, setFetching] = useState(false);
  /** The status of the last successful fetch, or null before any (and after sending). */
  const [fetchedStatus, setFetchedStatus] = useState<IssueStatus | null>(null);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  /** The keys of the stories the drafted message lists; the send names exactly these. */
  const [draftKeys, setDraftKeys] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [keptInOutbox, setKeptInOutbox] = useState(false);
  const [historyVersion, setHistoryVersion] = useState(0);
  const userId = user?.id;

  // The issues list in client state belongs to this screen: start without another visit's stories.
  useEffect(() => {
    dispatch({ type: 'CLEAR_PROJECT_ISSUES' });
  }, [dispatch]);

  const { includedIssues, alreadySent } = useMemo(() => {
    const inDraft = new Set(draftKeys);
    return {
      includedIssues: projectIssues.filter((issue) => inDraft.has(issue.key)),
      alreadySent: projectIssues.filter((issue) => !inDraft.has(issue.key)),
    };
  }, [projectIssues, draftKeys]);

  /** Shows fetched stories and drafts the e-mail from those not in `sentKeys` (docs/product.md §4 steps 2-3). */
  const showDraft = (issues: Issue[], sentKeys: readonly string[]) => {
    dispatch({ type: 'SET_PROJECT_ISSUES', issues });
    const draft = draftEmail(issues, sentKeys);
    setSubject(draft.subject);
    setText(draft.text);
    setDraftKeys(draft.includedKeys);
  };

  const onGetStories = async () => {
    if (!status) {
      window.alert(texts.sendStories.noStatus);
      return;
    }
    if (!project || !user || fetching) return;
    setFetching(true);
    try {
      showDraft(await getProjectIssues(api, user, project.projectKey, status), project.sentProjectIssuesList);
      setFetchedStatus(status);
      setKeptInOutbox(false);
    } catch (error) {
      if (!isSessionEnded(error)) window.alert(errorMessage(error));
    } finally {
      setFetching(false);
    }
  };

  /** After a 409: the project and the stories again, and a new draft without the stories sent meanwhile. */
  const fetchAgain = async (projectKey: string) => {
    if (!user || !userId || !fetchedStatus) return;
    try {
      const [fresh, issues] = await Promise.all([
        getProjectByKey(api, userId, projectKey),
        getProjectIssues(api, user, projectKey, fetchedStatus),
      ]);
      setProject(fresh);
      showDraft(issues, fresh.sentProjectIssuesList);
    } catch (error) {
      if (!isSessionEnded(error)) show(errorMessage(error), 'error');
    }
  };

  const clearFile = () => {
    setFile(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  };

  const onSend = async () => {
    if (!project || !userId || sending) return;
    if (subject.trim() === '' || text.trim() === '') {
      show(texts.sendStories.emptySubjectOrMessage, 'error');
      return;
    }
    setSending(true);
    setKeptInOutbox(false);
    // 1. Record the drafted stories as sent (docs/product.md §4 step 4: first the update, then the e-mail).
    let updated: Project;
    try {
      const sentProjectIssuesList = [...new Set([...project.sentProjectIssuesList, ...draftKeys])];
      const answer = await updateProject(api, userId, project.projectKey, {
        projectKey: project.projectKey,
        projectName: project.projectName,
        clientEmails: project.clientEmails,
        clientCC: project.clientCC,
        sentProjectIssuesList,
      });
      updated = answer?.data ?? { ...project, sentProjectIssuesList };
    } catch (error) {
      setSending(false);
      if (!isSessionEnded(error)) show(errorMessage(error), 'error');
      return;
    }
    // 2. Send the e-mail.
    try {
      const answer = await sendStoriesEmail(api, {
        projectKey: project.projectKey,
        issueKeys: draftKeys,
        subject,
        text,
        to: project.clientEmails,
        cc: project.clientCC,
        file,
      });
      setProject(updated);
      reloadProject();
      dispatch({ type: 'CLEAR_PROJECT_ISSUES' });
      setSubject('');
      setText('');
      setDraftKeys([]);
      setFetchedStatus(null);
      clearFile();
      setKeptInOutbox(answer?.data?.delivered === false);
      show(texts.sendStories.sent, 'success');
    } catch (error) {
      if (isSessionEnded(error)) return;
      show(errorMessage(error), 'error');
      if (error instanceof ApiError && error.status === STORIES_ALREADY_SENT) {
        await fetchAgain(project.projectKey);
        return;
      }
      // A refused e-mail's stories were given back: the reload below offers them again.
      reloadProject();
    } finally {
      setSending(false);
      setHistoryVersion((n) => n + 1);
    }
  };

  return (
    <section className="page" aria-labelledby="send-stories-heading">
      <div className="page__header">
        <h1 id="send-stories-heading" className="page__title">
          Send stories to client
        </h1>
        <Link to={paths.admin.index}>Back to projects</Link>
      </div>

      <ProjectLoadStatus loadState={loadState} />

      {project && userId ? (
        <>
          <div className="panel send-summary">
            <dl className="details">
              <dt>Project</dt>
              <dd>
                {project.projectName} ({project.projectKey})
              </dd>
              <dt>To</dt>
              <dd>{project.clientEmails.join(', ') || 'None'}</dd>
              <dt>CC</dt>
              <dd>{project.clientCC.join(', ') || 'None'}</dd>
            </dl>
          </div>

          <div className="form-panel">
            <div className="stories-fetch">
              <div className="field">
                <label className="field__label" htmlFor={statusId}>
                  Issue Status *
                </label>
                <select
                  id={statusId}
                  className="field__input"
                  value={status}
                  required
                  onChange={(e) => setStatus(isIssueStatus(e.target.value) ? e.target.value : '')}
                >
                  <option value="">Choose one</option>
                  {ISSUE_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </div>
              <BusyButton busy={fetching} spinner={false} onClick={onGetStories}>
                Get User Stories
              </BusyButton>
            </div>
            {fetching ? <ProgressBar label="Loading user stories" /> : null}

            {fetchedStatus !== null && !fetching ? (
              <div className="stories-found">
                <p className="visually-hidden" role="status">
                  {`${projectIssues.length} user stories found, ${includedIssues.length} not sent yet.`}
                </p>
                {projectIssues.length === 0 ? (
                  <p className="stories__empty">No user stories in {fetchedStatus}.</p>
                ) : (
                  <>
                    <StoryList
                      title="Stories in this e-mail"
                      issues={includedIssues}
                      emptyText="All of these stories were already sent."
                    />
                    {alreadySent.length > 0 ? (
                      <StoryList title="Already sent, left out" issues={alreadySent} emptyText="" />
                    ) : null}
                  </>
                )}
              </div>
            ) : null}

            <TextField
              label="Subject"
              name="subject"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
            <div className="field">
              <label className="field__label" htmlFor={messageId}>
                Email message *
              </label>
              <textarea
                id={messageId}
                className="field__input stories-message"
                rows={14}
                required
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={fileId}>
                Attachment
              </label>
              <input
                ref={fileInputRef}
                id={fileId}
                type="file"
                className="field__file"
                aria-describedby={`${fileId}-hint`}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
              <p id={`${fileId}-hint`} className="form-panel__status">
                Optional: one file sent with the e-mail.
              </p>
            </div>
            <div className="form-panel__actions">
              <BusyButton busy={sending} onClick={onSend}>
                Send Email
              </BusyButton>
              {keptInOutbox ? (
                <p className="form-panel__status" role="status">
                  No mail server delivered it: the e-mail was kept in the outbox. Read it under "Sent" below.
                </p>
              ) : null}
            </div>
          </div>

          <SendHistory userId={userId} projectKey={project.projectKey} version={historyVersion} />
        </>
      ) : null}
      <ResultDialog control={dialog} />
    </section>
  );
}
