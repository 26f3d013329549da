// The send screen's draft (docs/product.md §4 steps 1-3): the stories fetched in a status go to client state, and
// the "Request for Testing" e-mail is drafted from those not sent yet. The draft's keys are fixed when the
// draft is made, so the e-mail and the keys it names always match.
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

export function useStoryDraft({
  project,
  setProject,
  show,
  onDrafted,
}: {
  project: Project | null;
  setProject: (project: Project) => void;
  show: ResultDialogControl['show'];
  /** Called when a fetch has drafted a new e-mail. */
  onDrafted: () => void;
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

  const getStories = async () => {
    if (!status) {
      window.alert(texts.sendStories.noStatus);
      return;
    }
    if (!project || !user || fetching) return;
    setFetching(true);
    try {
      showDraft(
        await getProjectIssues(api, user, project.projectKey, status, project.siteId),
        project.sentProjectIssuesList,
      );
      setFetchedStatus(status);
      onDrafted();
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
        getProjectByKey(api, userId, projectKey, project?.siteId),
        getProjectIssues(api, user, projectKey, fetchedStatus),
      ]);
      setProject(fresh);
      showDraft(issues, fresh.sentProjectIssuesList);
    } catch (error) {
      if (!isSessionEnded(error)) show(errorMessage(error), 'error');
    }
  };

  /** After a send: the fetched stories and the draft are emptied. */
  const clear = () => {
    dispatch({ type: 'CLEAR_PROJECT_ISSUES' });
    setSubject('');
    setText('');
    setDraftKeys([]);
    setFetchedStatus(null);
  };

  return {
    status,
    setStatus,
    fetching,
    fetchedStatus,
    projectIssues,
    includedIssues,
    alreadySent,
    subject,
    setSubject,
    text,
    setText,
    draftKeys,
    getStories,
    fetchAgain,
    clear,
  };
}
