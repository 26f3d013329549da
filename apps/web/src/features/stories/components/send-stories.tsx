// /admin/send-stories?key={projectKey} (docs/product.md §2, §4, §5, §8): fetch the project's stories in a status, draft
// the "Request for Testing" e-mail from those not sent yet, and send it to the client with an optional file.
//
// Sending is two calls, in this order (docs/product.md §4): the project update that appends the drafted stories' keys
// to sentProjectIssuesList, then the e-mail, naming the same keys. The draft's keys are fixed when the draft
// is made, so the e-mail and the keys it names always match. If the mail server refuses the e-mail the
// server gives those keys back; the screen reloads the project, so the stories are offered again, and keeps
// the draft for another try. If some of them were sent meanwhile (auto-send, another tab) the server
// answers 409 and e-mails nothing; the screen shows that and fetches the stories again for a new draft.

import { texts } from '@handoff/core';
import type { Project } from '@handoff/core/api';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ProjectLoadStatus, useProjectFromUrl } from '@/api/use-project-from-url';
import { BusyButton } from '@/components/ui/busy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { markStoriesSent, STORIES_ALREADY_SENT, sendStoriesEmail } from '../api/send-stories-email';
import { useStoryDraft } from '../hooks/use-story-draft';
import { AnswerByField } from './answer-by-field';
import { EmailFields, ProjectSummary } from './email-fields';
import { FetchedStories, StatusPicker } from './fetch-stories';
import { NoticePreview } from './notice-preview';
import { SendHistory } from './send-history';
import { SendRecipients } from './send-recipients';
import './stories.css';
// After stories.css: its parts refine the story list's base rules.
import './send-form.css';

export function SendStories() {
  const { api } = useServices();
  const { user } = useAppState();
  const dialog = useResultDialog();
  const { show } = dialog;
  const { project, setProject, loadState, reload: reloadProject } = useProjectFromUrl(show);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [keptInOutbox, setKeptInOutbox] = useState(false);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [answerBy, setAnswerBy] = useState('');
  const draft = useStoryDraft({ project, setProject, show, onDrafted: () => setKeptInOutbox(false) });
  const { subject, text, draftKeys } = draft;
  const userId = user?.id;
  const recipientsId = useId();
  // The status of a fetch that found stories, every one sent before: nothing to e-mail, so no form either.
  const allSentIn =
    !draft.fetching && draft.projectIssues.length > 0 && draft.offeredIssues.length === 0
      ? draft.fetchedStatus
      : null;

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
    // 1. Record the drafted stories as sent.
    let updated: Project;
    try {
      updated = await markStoriesSent(api, userId, project, draftKeys);
    } catch (error) {
      setSending(false);
      if (!isSessionEnded(error)) show(errorMessage(error), 'error');
      return;
    }
    // 2. Send the e-mail.
    try {
      const answer = await sendStoriesEmail(api, {
        projectKey: project.projectKey,
        siteId: project.siteId,
        issueKeys: draftKeys,
        subject,
        text,
        to: project.clientEmails,
        cc: project.clientCC,
        file,
        answerBy,
      });
      setProject(updated);
      reloadProject();
      draft.clear();
      clearFile();
      setAnswerBy('');
      setKeptInOutbox(answer?.data?.delivered === false);
      const refused = answer?.data?.refused ?? [];
      show(
        refused.length > 0
          ? `${texts.sendStories.sent} The mail server refused: ${refused.join(', ')}.`
          : texts.sendStories.sent,
        'success',
      );
    } catch (error) {
      if (isSessionEnded(error)) return;
      show(errorMessage(error), 'error');
      if (error instanceof ApiError && error.status === STORIES_ALREADY_SENT) {
        await draft.fetchAgain(project.projectKey);
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
          <ProjectSummary project={project} />

          <div className="form-panel">
            <p className="form-panel__status">Fields marked * are required.</p>
            <StatusPicker
              status={draft.status}
              statuses={project.statusesOffered}
              onChange={draft.setStatus}
              fetching={draft.fetching}
              onGetStories={draft.getStories}
            />
            {draft.fetching ? <ProgressBar label="Loading user stories" /> : null}

            {draft.fetchedStatus !== null && !draft.fetching ? (
              <FetchedStories
                status={draft.fetchedStatus}
                issues={draft.projectIssues}
                offered={draft.offeredIssues}
                alreadySent={draft.alreadySent}
                leftOut={draft.leftOut}
                onToggle={draft.setStoryIncluded}
                messageEdited={draft.messageEdited}
              />
            ) : null}

            {allSentIn !== null ? (
              // Every story the fetch found was sent before: nothing to e-mail, so no empty form invites a send.
              <div role="status">
                <EmptyState title="All of these stories were already sent.">
                  Nothing in {allSentIn} is left to e-mail. Choose another status and press “Get User
                  Stories”, or use “Offer again” on a story in the Sent history below to send it for a
                  re-test.
                </EmptyState>
              </div>
            ) : (
              <>
                <EmailFields
                  subject={subject}
                  onSubject={draft.setSubject}
                  text={text}
                  onText={draft.setText}
                  file={file}
                  fileInputRef={fileInputRef}
                  onFile={setFile}
                />
                <AnswerByField value={answerBy} onChange={setAnswerBy} />
                <div className="form-panel__actions">
                  <BusyButton busy={sending} onClick={onSend} aria-describedby={recipientsId}>
                    Send Email
                  </BusyButton>
                  <NoticePreview
                    userId={userId}
                    projectKey={project.projectKey}
                    text={text}
                    issueKeys={draftKeys}
                    answerBy={answerBy}
                  />
                  <SendRecipients id={recipientsId} project={project} />
                </div>
              </>
            )}
            {keptInOutbox ? (
              <p className="form-panel__status" role="status">
                No mail server delivered it: the e-mail was kept in the outbox. Read it under "Sent" below.
              </p>
            ) : null}
          </div>

          <SendHistory userId={userId} projectKey={project.projectKey} version={historyVersion} />
        </>
      ) : null}
      <ResultDialog control={dialog} />
    </section>
  );
}
