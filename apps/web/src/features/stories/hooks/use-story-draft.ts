// The send screen's draft (docs/product.md §4 steps 1-3): the stories fetched (of a status, a release or the
// running sprint; those of a release or sprint that are not finished start unticked) go to client state, and
// the "Request for Testing" e-mail is drafted from those not sent yet and still ticked. The draft's keys are
// fixed whenever the draft is made (a fetch, or a story ticked or unticked), so the e-mail and the keys it
// names always match: an unticked story is neither in the message nor among the keys the send claims.
import type { Issue } from '@handoff/core';
import { draftEmail, ISSUE_STATUSES, texts } from '@handoff/core';
import type { Project, Release } from '@handoff/core/api';
import { type Dispatch, type SetStateAction, useEffect, useMemo, useState } from 'react';
import { getProjectByKey } from '@/api/projects';
import type { ResultDialogControl } from '@/components/ui/result-dialog';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { getProjectIssues, getProjectReleases, type StoriesOf } from '../api/get-project-issues';
import { draftGrouping, useWording, type Wording, type WordingSource } from './use-draft-wording';

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

/** The message's text, the text as last drafted (a difference: the user edited it), and the keys it lists. */
function useDraftText() {
  const [text, setText] = useState('');
  const [draftedText, setDraftedText] = useState('');
  /** The keys of the stories the drafted message lists; the send names exactly these. */
  const [draftKeys, setDraftKeys] = useState<string[]>([]);
  const applyDraftText = (draft: { text: string; includedKeys: string[] }) => {
    setText(draft.text);
    setDraftedText(draft.text);
    setDraftKeys(draft.includedKeys);
  };
  return { text, setText, draftedText, draftKeys, applyDraftText };
}

/** Re-drafts of a fetched draft: a story ticked or unticked, an answer-by date chosen. */
function useRedrafts(state: {
  projectIssues: readonly Issue[];
  sentKeysOfDraft: readonly string[];
  applyDraftText: (draft: { text: string; includedKeys: string[] }) => void;
  leftOut: ReadonlySet<string>;
  setLeftOut: (keys: ReadonlySet<string>) => void;
  words: ReturnType<typeof useWording>;
  text: string;
  draftedText: string;
  draftKeys: readonly string[];
  subject: string;
  setSubject: Dispatch<SetStateAction<string>>;
  groupBy: Project['groupBy'] | undefined;
}) {
  const { projectIssues, sentKeysOfDraft, applyDraftText, leftOut, setLeftOut, words } = state;
  const { text, draftedText, draftKeys, subject, setSubject } = state;
  /** The draft again from the fetched stories but those `out`, in `wording`. */
  const redraft = (out: ReadonlySet<string>, wording: Wording) => {
    const draft = draftEmail(
      projectIssues.filter((issue) => !out.has(issue.key)),
      sentKeysOfDraft,
      wording,
      draftGrouping(words.source, state.groupBy),
    );
    applyDraftText(draft);
    return draft;
  };

  /** Ticks or unticks an offered story and drafts the message again from the ticked ones. */
  const setStoryIncluded = (key: string, included: boolean) => {
    const next = new Set(leftOut);
    if (included) next.delete(key);
    else next.add(key);
    setLeftOut(next);
    const draft = redraft(next, words.wording);
    // With no story ticked there is nothing to request; otherwise the user's subject stays.
    setSubject((current) => (draft.subject === '' ? '' : current.trim() === '' ? draft.subject : current));
  };

  /** A new answer-by date fills a template's {answerBy} in again, unless the user edited the draft. */
  const setAnswerBy = (value: string) => {
    words.setAnswerBy(value);
    if (draftKeys.length === 0 || text !== draftedText) return;
    const draft = redraft(leftOut, words.of(words.source, value));
    if (subject === words.draftedSubject)
      [setSubject, words.setDraftedSubject].map((set) => set(draft.subject));
  };
  return { setStoryIncluded, setAnswerBy };
}

type StoriesOfKind = StoriesOf['kind'];

/**
 * The status chosen when the screen opens: the first the project offers (the one auto-send uses), Done for a
 * project that offers the default ones. "Choose one" stays in the list for the user to pick.
 */
function firstStatusOf(project: Project | null): string {
  const offered = project?.statusesOffered;
  return offered?.[0] ?? ISSUE_STATUSES[0];
}

/** The `Pick stories by` choice: its kind, the status or release chosen, and the project's releases (if any). */
function useStoriesOf(project: Project | null) {
  const { api } = useServices();
  const { user } = useAppState();
  const [kind, setKind] = useState<StoriesOfKind>('status');
  const [status, setStatus] = useState<string>(() => firstStatusOf(project));
  const [releaseId, setReleaseId] = useState('');
  const [releases, setReleases] = useState<Release[]>([]);
  const [currentSprint, setCurrentSprint] = useState(false);
  const projectKey = project?.projectKey;
  const siteId = project?.siteId;
  useEffect(() => {
    if (!user || !projectKey) return;
    let live = true;
    // A tracker that cannot list releases (or a credential that fails) leaves `Pick stories by: Tracker status` alone.
    getProjectReleases(api, user, projectKey, siteId).then(
      (found) => {
        if (!live) return;
        setReleases(found.releases);
        setCurrentSprint(found.currentSprint);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, user, projectKey, siteId]);
  /** What to fetch, or the reason nothing can be yet. */
  const chosen = (): StoriesOf | string =>
    kind === 'status'
      ? status
        ? { kind, status }
        : texts.sendStories.noStatus
      : kind === 'release'
        ? releaseId
          ? { kind, releaseId }
          : 'Please choose a release.'
        : { kind };
  return {
    ...{ kind, setKind, status, setStatus, releaseId, setReleaseId, releases, currentSprint },
    chosen,
  };
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
  const storiesOf = useStoriesOf(project);
  const [fetching, setFetching] = useState(false);
  /** What the last successful fetch asked for, or null before any (and after sending). */
  const [fetchedOf, setFetchedOf] = useState<StoriesOf | null>(null);
  const [subject, setSubject] = useState('');
  const { text, setText, draftedText, draftKeys, applyDraftText } = useDraftText();
  /** The keys the fetch offered (not sent yet, or offered for re-test), ticked or not. */
  const [offeredKeys, setOfferedKeys] = useState<string[]>([]);
  /** The offered stories the user unticked: left out of the draft and of the send. */
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set());
  /** The sent list the fetch's draft was made against; re-drafts after a tick use the same one. */
  const [sentKeysOfDraft, setSentKeysOfDraft] = useState<readonly string[]>([]);
  const userId = user?.id;
  const words = useWording(userId, project?.projectName ?? '');

  // The issues list in client state belongs to this screen: start without another visit's stories.
  useEffect(() => {
    dispatch({ type: 'CLEAR_PROJECT_ISSUES' });
  }, [dispatch]);

  const { offeredIssues, alreadySent } = useOfferedStories(projectIssues, offeredKeys);

  /**
   * Shows fetched stories and drafts the e-mail from those not in `sentKeys` (docs/product.md §4 steps 2-3),
   * leaving out the stories in `untick` (a fetch ticks them all).
   */
  const showDraft = (
    fetched: { issues: Issue[]; release: string | null },
    sentKeys: readonly string[],
    source: WordingSource,
    untick: ReadonlySet<string> = unfinished(fetched.issues),
  ) => {
    const { issues } = fetched;
    const release = fetched.release ?? '';
    dispatch({ type: 'SET_PROJECT_ISSUES', issues });
    const offered = draftEmail(issues, sentKeys).includedKeys;
    const stillLeftOut = new Set(offered.filter((key) => untick.has(key)));
    const draft = draftEmail(
      issues.filter((issue) => !stillLeftOut.has(issue.key)),
      sentKeys,
      words.of(source, undefined, release),
      draftGrouping(source, project?.groupBy),
    );
    words.setSource(source);
    words.setRelease(release);
    setOfferedKeys(offered);
    setLeftOut(stillLeftOut);
    setSentKeysOfDraft(sentKeys);
    setSubject(draft.subject);
    words.setDraftedSubject(draft.subject);
    applyDraftText(draft);
  };

  const { setStoryIncluded, setAnswerBy } = useRedrafts({
    ...{ projectIssues, sentKeysOfDraft, applyDraftText, leftOut, setLeftOut, words },
    ...{ text, draftedText, draftKeys, subject, setSubject, groupBy: project?.groupBy },
  });

  const getStories = async () => {
    const of = storiesOf.chosen();
    if (typeof of === 'string') {
      window.alert(of);
      return;
    }
    if (!project || !user || fetching) return;
    setFetching(true);
    try {
      const [fetched, source] = await Promise.all([
        getProjectIssues(api, user, project.projectKey, of, project.siteId),
        words.sourceOf(project.projectKey),
      ]);
      showDraft(fetched, project.sentProjectIssuesList, source);
      setFetchedOf(of);
    } catch (error) {
      if (!isSessionEnded(error)) window.alert(errorMessage(error));
    } finally {
      setFetching(false);
    }
  };

  /** After a 409: the project and the stories again, and a new draft without the stories sent meanwhile. */
  const fetchAgain = async (projectKey: string) => {
    if (!user || !userId || !fetchedOf) return;
    try {
      const [fresh, fetched, source] = await Promise.all([
        getProjectByKey(api, userId, projectKey, project?.siteId),
        getProjectIssues(api, user, projectKey, fetchedOf, project?.siteId),
        words.sourceOf(projectKey),
      ]);
      setProject(fresh);
      // The stories the user unticked stay unticked in the new draft.
      showDraft(fetched, fresh.sentProjectIssuesList, source, leftOut);
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
    setFetchedOf(null);
    words.setAnswerBy('');
    words.setRelease('');
  };

  return {
    storiesOf,
    fetching,
    fetchedStatus: fetchedInWords(fetchedOf, storiesOf.releases),
    /** The release the draft is of (kept with the send); '' for none. */
    release: words.release,
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

/** The fetched stories whose status is not one the project offers: they start unticked. */
function unfinished(issues: readonly Issue[]): ReadonlySet<string> {
  return new Set(issues.filter((issue) => issue.finished === false).map((issue) => issue.key));
}

/** What the last fetch was of, in words (a status, a release's name, the current sprint); null before one. */
function fetchedInWords(of: StoriesOf | null, releases: readonly Release[]): string | null {
  if (of === null) return null;
  if (of.kind === 'status') return of.status;
  if (of.kind === 'sprint') return 'the current sprint';
  return releases.find((release) => release.id === of.releaseId)?.name ?? 'this release';
}
