// The send screen's draft (docs/product.md §4 steps 1-3): the stories fetched in a status go to client state, and
// the "Request for Testing" e-mail is drafted from those not sent yet and still ticked. The draft's keys are
// fixed whenever the draft is made (a fetch, or a story ticked or unticked), so the e-mail and the keys it
// names always match: an unticked story is neither in the message nor among the keys the send claims.
import type { Issue } from '@handoff/core';
import { draftEmail, texts } from '@handoff/core';
import type { Project } from '@handoff/core/api';
import { useEffect, useMemo, useState } from 'react';
import { getProjectByKey } from '@/api/projects';
import type { ResultDialogControl } from '@/components/ui/result-dialog';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { getProjectIssues } from '../api/get-project-issues';
import { ENGLISH_DEFAULT, useWordingSource, type WordingSource, wordingOf } from './use-draft-wording';

/** The fetched stories split into those the fetch offered (ticked or not) and those already sent. */
function useOfferedStories(projectIssues: readonly Issue[], offeredKeys: readonly string[]) {
  return useMemo(() => {
    const offered = new Set(offeredKeys);
    return {
      offeredIssues: projectIssues.filter((issue) => offered.has(issue.key)),
      alreadySent: projectIssues.filter((issue) => !offered.has(issue.key)),
    };
  }, [projectIssues, offeredKeys]);
}

export function useStoryDraft({
  project,
  setProject,
  show,
}: {
  project: Project | null;
  setProject: (project: Project) => void;
  show: ResultDialogControl['show'];
}) {
  const { api } = useServices();
  const { user, projectIssues } = useAppState();
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<string>('');
  const [fetching, setFetching] = useState(false);
  /** The status of the last successful fetch, or null before any (and after sending). */
  const [fetchedStatus, setFetchedStatus] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  /** The keys of the stories the drafted message lists; the send names exactly these. */
  const [draftKeys, setDraftKeys] = useState<string[]>([]);
  /** The keys the fetch offered (not sent yet, or offered for re-test), ticked or not. */
  const [offeredKeys, setOfferedKeys] = useState<string[]>([]);
  /** The offered stories the user unticked: left out of the draft and of the send. */
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set());
  /** The sent list the fetch's draft was made against; re-drafts after a tick use the same one. */
  const [sentKeysOfDraft, setSentKeysOfDraft] = useState<readonly string[]>([]);
  /** The message as last drafted: when the text differs, the user has edited it. */
  const [draftedText, setDraftedText] = useState('');
  /** What the draft's words are made of (the project's template and client language), and the answer-by date. */
  const [source, setSource] = useState<WordingSource>(ENGLISH_DEFAULT);
  const [answerBy, setAnswerByOfDraft] = useState('');
  const [draftedSubject, setDraftedSubject] = useState('');
  const userId = user?.id;
  const wordingSource = useWordingSource(userId);
  const projectName = project?.projectName ?? '';
  const wording = useMemo(() => wordingOf(source, projectName, answerBy), [source, projectName, answerBy]);

  // The issues list in client state belongs to this screen: start without another visit's stories.
  useEffect(() => {
    dispatch({ type: 'CLEAR_PROJECT_ISSUES' });
  }, [dispatch]);

  const { offeredIssues, alreadySent } = useOfferedStories(projectIssues, offeredKeys);

  const applyDraftText = (draft: { text: string; includedKeys: string[] }) => {
    setText(draft.text);
    setDraftedText(draft.text);
    setDraftKeys(draft.includedKeys);
  };

  /**
   * Shows fetched stories and drafts the e-mail from those not in `sentKeys` (docs/product.md §4 steps 2-3),
   * leaving out the stories in `untick` (a fetch ticks them all).
   */
  const showDraft = (
    issues: Issue[],
    sentKeys: readonly string[],
    words: WordingSource,
    untick: ReadonlySet<string> = new Set(),
  ) => {
    dispatch({ type: 'SET_PROJECT_ISSUES', issues });
    const offered = draftEmail(issues, sentKeys).includedKeys;
    const stillLeftOut = new Set(offered.filter((key) => untick.has(key)));
    const draft = draftEmail(
      issues.filter((issue) => !stillLeftOut.has(issue.key)),
      sentKeys,
      wordingOf(words, projectName, answerBy),
    );
    setSource(words);
    setOfferedKeys(offered);
    setLeftOut(stillLeftOut);
    setSentKeysOfDraft(sentKeys);
    setSubject(draft.subject);
    setDraftedSubject(draft.subject);
    applyDraftText(draft);
  };

  /** Ticks or unticks an offered story and drafts the message again from the ticked ones. */
  const setStoryIncluded = (key: string, included: boolean) => {
    const next = new Set(leftOut);
    if (included) next.delete(key);
    else next.add(key);
    setLeftOut(next);
    const draft = draftEmail(
      projectIssues.filter((issue) => !next.has(issue.key)),
      sentKeysOfDraft,
      wording,
    );
    applyDraftText(draft);
    // With no story ticked there is nothing to request; otherwise the user's subject stays.
    setSubject((current) => (draft.subject === '' ? '' : current.trim() === '' ? draft.subject : current));
  };

  /**
   * The answer-by date chosen: a template's {answerBy} says it. The draft is made again with it unless the
   * user has edited the message (then it stays as typed); the subject likewise.
   */
  const setAnswerBy = (value: string) => {
    setAnswerByOfDraft(value);
    if (draftKeys.length === 0 || text !== draftedText) return;
    const draft = draftEmail(
      projectIssues.filter((issue) => !leftOut.has(issue.key)),
      sentKeysOfDraft,
      wordingOf(source, projectName, value),
    );
    applyDraftText(draft);
    if (subject === draftedSubject) {
      setSubject(draft.subject);
      setDraftedSubject(draft.subject);
    }
  };

  const getStories = async () => {
    if (!status) {
      window.alert(texts.sendStories.noStatus);
      return;
    }
    if (!project || !user || fetching) return;
    setFetching(true);
    try {
      const [issues, words] = await Promise.all([
        getProjectIssues(api, user, project.projectKey, status, project.siteId),
        wordingSource(project.projectKey),
      ]);
      showDraft(issues, project.sentProjectIssuesList, words);
      setFetchedStatus(status);
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
      const [fresh, issues, words] = await Promise.all([
        getProjectByKey(api, userId, projectKey, project?.siteId),
        getProjectIssues(api, user, projectKey, fetchedStatus),
        wordingSource(projectKey),
      ]);
      setProject(fresh);
      // The stories the user unticked stay unticked in the new draft.
      showDraft(issues, fresh.sentProjectIssuesList, words, leftOut);
    } catch (error) {
      if (!isSessionEnded(error)) show(errorMessage(error), 'error');
    }
  };

  /** After a send: the fetched stories and the draft are emptied. */
  const clear = () => {
    dispatch({ type: 'CLEAR_PROJECT_ISSUES' });
    setSubject('');
    applyDraftText({ text: '', includedKeys: [] });
    setOfferedKeys([]);
    setLeftOut(new Set());
    setFetchedStatus(null);
    setAnswerByOfDraft('');
  };

  return {
    status,
    setStatus,
    fetching,
    fetchedStatus,
    projectIssues,
    offeredIssues,
    alreadySent,
    leftOut,
    setStoryIncluded,
    /** Whether the user changed the message since it was last drafted (a tick re-drafts it). */
    messageEdited: text !== draftedText,
    subject,
    setSubject,
    text,
    setText,
    draftKeys,
    setAnswerBy,
    getStories,
    fetchAgain,
    clear,
  };
}
