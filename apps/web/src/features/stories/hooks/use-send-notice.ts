// Sending the drafted e-mail (docs/product.md §4, §5, §8) is two calls, in this order: the project update that
// appends the drafted stories' keys to sentProjectIssuesList, then the e-mail, naming the same keys. The
// draft's keys are fixed when the draft is made, so the e-mail and the keys it names always match. If the
// mail server refuses the e-mail the server gives those keys back; the project is reloaded, so the stories
// are offered again, and the draft stays for another try. If some of them were sent meanwhile (auto-send,
// another tab) the server answers 409 and e-mails nothing; the stories are fetched again for a new draft.
// The confirmation (SentDialog) says what went where; its Okay opens the Sent tab.
import { texts } from '@handoff/core';
import type { Project } from '@handoff/core/api';
import { useRef, useState } from 'react';
import type { ResultDialogControl } from '@/components/ui/result-dialog';
import { ApiError } from '@/lib/api-client';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { markStoriesSent, STORIES_ALREADY_SENT, sendStoriesEmail } from '../api/send-stories-email';
import type { useStoryDraft } from './use-story-draft';

/** An e-mail just sent, as its confirmation says it. */
export interface SentNotice {
  /** "Email sent to the client.", with the addresses the mail server refused, if any. */
  message: string;
  storyCount: number;
  to: readonly string[];
  cc: readonly string[];
}

export function useSendNotice({
  userId,
  project,
  setProject,
  reloadProject,
  draft,
  show,
  confirm,
  onSent,
}: {
  userId: string;
  project: Project;
  setProject: (project: Project) => void;
  reloadProject: () => void;
  draft: ReturnType<typeof useStoryDraft>;
  show: ResultDialogControl['show'];
  /** Shows the confirmation of an e-mail sent. */
  confirm: (sent: SentNotice) => void;
  /** Called after every attempt that reached the server (the Sent history reloads). */
  onSent: () => void;
}) {
  const { api } = useServices();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [answerBy, setAnswerBy] = useState('');
  const [sending, setSending] = useState(false);
  const [keptInOutbox, setKeptInOutbox] = useState(false);
  const { subject, text, draftKeys } = draft;

  const clearFile = () => {
    setFile(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  };

  const send = async () => {
    if (sending) return;
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
        release: draft.release,
      });
      setProject(updated);
      reloadProject();
      draft.clear();
      clearFile();
      setAnswerBy('');
      setKeptInOutbox(answer?.data?.delivered === false);
      const refused = answer?.data?.refused ?? [];
      confirm({
        message:
          refused.length > 0
            ? `${texts.sendStories.sent} The mail server refused: ${refused.join(', ')}.`
            : texts.sendStories.sent,
        storyCount: draftKeys.length,
        to: project.clientEmails,
        cc: project.clientCC,
      });
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
      onSent();
    }
  };

  return {
    file,
    setFile,
    fileInputRef,
    answerBy,
    setAnswerBy,
    sending,
    /** The last e-mail was sent but no mail server delivered it (it waits in the outbox), until a new draft. */
    keptInOutbox: keptInOutbox && draft.fetchedStatus === null,
    send,
  };
}
