// /admin/review-status?key={projectKey}: every story the project ever sent, one coloured state each: the
// client's latest answer (Passed, Failed) until a newer answer replaces it, so a story that failed stays Failed
// while its re-test waits ("Failed · re-test sent"); a story never answered is Waiting, Overdue past its
// answer-by date, or Re-test when sent again. How many notices carried it, when and by whom the answer came, with
// its comment, and sign-off, in natural key order (DEMO-2 before DEMO-10), each with the release its latest
// notice was of; a `Release` filter (once a notice named one), summary chips that filter by state (their counts
// are the rows they show, as the projects list counts them), "Offer again" where a re-test is not already on its
// way, and the list as CSV. An overdue story's row gets a red edge, and its State cell a red "Overdue" badge
// with the date ("due 27 Nov", in words on hover and to screen readers: "27 November 2026"), so the mark is
// text, not colour alone.
import type { StoryStatus } from '@handoff/core/api';
import type { GroupBy } from '@handoff/core/story-groups';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getProjectByKey } from '@/api/projects';
import { offerStoryAgain } from '@/api/review';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { type EarlierAnswer, getEarlierAnswers } from '../api/get-earlier-answers';
import { getReviewStatus } from '../api/get-review-status';
import { reviewStatusCsv } from '../lib/csv';
import {
  matchesFilter,
  matchesRelease,
  type ReleaseFilter,
  ReleaseSelect,
  RetestLegend,
  StatusChips,
  type StatusFilter,
} from './status-chips';
import { soleReviewerOf } from './status-columns';
import { StatusTables } from './status-groups';
import './review-status.css';

/** Keys in natural order: the numbers in them compare as numbers (DEMO-2 before DEMO-10). */
const byKey = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Saves text as a file through a temporary link (no server round trip). */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ReviewStatus() {
  const { api } = useServices();
  const { user } = useAppState();
  const [params] = useSearchParams();
  const projectKey = params.get('key') ?? '';
  const [stories, setStories] = useState<StoryStatus[] | null>(null);
  const [projectName, setProjectName] = useState<string | null>(null);
  const [groupBy, setGroupBy] = useState<GroupBy>('nothing');
  const [failure, setFailure] = useState<string | null>(null);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [release, setRelease] = useState<ReleaseFilter>('');
  const [version, setVersion] = useState(0);
  const [earlier, setEarlier] = useState<ReadonlyMap<string, EarlierAnswer>>(new Map());
  const userId = user?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-runs the load.
  useEffect(() => {
    if (!userId || !projectKey) return;
    let active = true;
    getReviewStatus(api, userId, projectKey)
      .then((data) => {
        if (!active) return;
        setStories([...data].sort((a, b) => byKey.compare(a.key, b.key)));
        setFailure(null);
      })
      .catch((error: unknown) => {
        if (active && !isSessionEnded(error)) setFailure(errorMessage(error));
      });
    return () => {
      active = false;
    };
  }, [api, userId, projectKey, version]);

  // A re-test shows the answer of the round before; without the history (a failed call) it shows none.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-runs the load.
  useEffect(() => {
    if (!userId || !projectKey) return;
    let active = true;
    getEarlierAnswers(api, userId, projectKey)
      .then((answers) => active && setEarlier(answers))
      .catch(() => {});
    return () => {
      active = false;
    };
  }, [api, userId, projectKey, version]);

  // The title names the project; without its name (a failed call) the key says which one it is.
  useEffect(() => {
    if (!userId || !projectKey) return;
    let active = true;
    getProjectByKey(api, userId, projectKey)
      .then((project) => {
        if (!active) return;
        setProjectName(project.projectName);
        setGroupBy(project.groupBy);
      })
      .catch(() => {});
    return () => {
      active = false;
    };
  }, [api, userId, projectKey]);

  const ofRelease = useMemo(
    () => (stories ?? []).filter((story) => matchesRelease(story, release)),
    [stories, release],
  );
  const shown = useMemo(() => ofRelease.filter((story) => matchesFilter(story, filter)), [ofRelease, filter]);
  // One tester gave every answer: the subtitle names them once, the rows do not.
  const soleReviewer = useMemo(() => soleReviewerOf(stories ?? [], earlier), [stories, earlier]);

  const offerAgain = async (issueKey: string) => {
    if (!userId) return;
    try {
      await offerStoryAgain(api, userId, projectKey, issueKey);
      setVersion((n) => n + 1);
    } catch (error) {
      if (!isSessionEnded(error)) window.alert(errorMessage(error));
    }
  };

  return (
    <section className="page review-status" aria-labelledby="review-status-heading">
      <div className="page__header">
        <div className="page__lead">
          <h1 id="review-status-heading" className="page__title">
            Review status{projectName ? ` of ${projectName}` : ''}
          </h1>
          <p className="page__intro">
            Every story sent to the client of <span className="page__key">{projectKey}</span>, with the
            client's latest answer.
            {soleReviewer ? (
              <>
                {' '}
                Answered by <span className="review-status__sole-reviewer">{soleReviewer}</span>.
              </>
            ) : null}
          </p>
        </div>
        <Link to={paths.admin.index}>Back to projects</Link>
      </div>
      {failure ? <p role="alert">The review status could not be loaded: {failure}</p> : null}
      {stories === null && !failure ? <ProgressBar label="Loading the review status" /> : null}
      {stories !== null ? (
        <>
          <div className="review-status__tools">
            <ReleaseSelect stories={stories} release={release} onRelease={setRelease} />
            <StatusChips
              stories={ofRelease}
              filter={filter}
              onFilter={setFilter}
              after={
                // On the chips' row, at its right end; a phone shows "CSV" (its name stays "Download CSV").
                <Button
                  variant="outline"
                  size="small"
                  className="review-status__csv"
                  onClick={() => download(`review-status-${projectKey}.csv`, reviewStatusCsv(shown))}
                >
                  <span>
                    <span className="review-status__csv-verb">Download</span> CSV
                  </span>
                </Button>
              }
            />
          </div>
          <RetestLegend stories={ofRelease} />
          {shown.length === 0 ? (
            <EmptyState title="No stories to show">
              {filter === 'all'
                ? 'Stories appear here once they are sent to the client from the send screen.'
                : 'No story is in this state; choose another state to see the others.'}
            </EmptyState>
          ) : (
            <StatusTables
              stories={shown}
              groupBy={groupBy}
              labelledBy="review-status-heading"
              offerAgain={offerAgain}
              withRelease={stories.some((story) => story.release)}
              earlier={earlier}
              soleReviewer={soleReviewer}
            />
          )}
        </>
      ) : null}
    </section>
  );
}
